import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import type { OpsOrderDetail } from '@shop/shared/contract/ops';
import type { ApiError } from '@shop/shared/http/api-error';
import { errorText } from '../../shared/components/load-state';
import { formatDay } from '../../subscriptions/components/subscription-labels';

type PlanOfOrder = NonNullable<OpsOrderDetail['subscription']>;

/** What the operator asked for besides the money: the plan cancelled now, and why. */
export interface PlanCancel {
  reason: string;
}

export interface RefundButtonProps {
  label: string;
  /** The money, formatted: "$99.00". */
  amount: string;
  /** What is refunded: "the whole order" or a line's title. */
  what: string;
  order: Pick<OpsOrderDetail['order'], 'email' | 'paymentLabel' | 'bnpl'>;
  subscription: OpsOrderDetail['subscription'];
  disabled: boolean;
  inFlight: boolean;
  error: ApiError | null;
  onOpen: () => void;
  /** Resolves when done; a rejection keeps the dialog open with its error. */
  onConfirm: (cancel: PlanCancel | null) => Promise<unknown>;
  primary?: boolean;
}

const keepsBilling = (plan: PlanOfOrder) => plan.status !== 'canceled' && !plan.cancelAtPeriodEnd;

/** Whether the plan goes on billing, said plainly: a refund alone never stops it. */
function PlanNote(props: {
  plan: PlanOfOrder;
  cancel: boolean;
  reason: string;
  onCancel: (cancel: boolean) => void;
  onReason: (reason: string) => void;
}) {
  const { plan } = props;
  if (!keepsBilling(plan))
    return (
      <p>
        This order belongs to plan <code>{plan.id}</code>, which{' '}
        {plan.status === 'canceled'
          ? 'is cancelled: nothing more will be billed.'
          : `ends on ${formatDay(plan.currentPeriodEnd)}: nothing more will be billed.`}
      </p>
    );
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title="The plan keeps billing"
        description={
          <>
            This order belongs to plan <code>{plan.id}</code>. The refund does not cancel it: the
            next renewal is charged on {formatDay(plan.currentPeriodEnd)} unless you cancel the plan
            too.
          </>
        }
      />
      <Checkbox
        checked={props.cancel}
        onChange={(event) => props.onCancel(event.target.checked)}
        style={{ marginTop: 12 }}
      >
        Also cancel the plan now (no more renewals)
      </Checkbox>
      {props.cancel && (
        <div className="ops-filters__field" style={{ marginTop: 8 }}>
          <label htmlFor="ops-refund-cancel-reason">
            Why the plan is cancelled (for the change log)
          </label>
          <Input
            id="ops-refund-cancel-reason"
            value={props.reason}
            maxLength={500}
            onChange={(event) => props.onReason(event.target.value)}
          />
        </div>
      )}
    </>
  );
}

/**
 * A refund behind a centred confirmation that names the amount, the card and, for a subscription's
 * order, whether the plan keeps billing. Disabled while any refund of the order is on its way.
 */
export function RefundButton(props: RefundButtonProps) {
  const { amount, order, subscription, inFlight } = props;
  const [open, setOpen] = useState(false);
  const [cancel, setCancel] = useState(false);
  const [reason, setReason] = useState('');
  const card = order.bnpl
    ? 'the pay-later account'
    : (order.paymentLabel ?? 'the card it was paid with');
  const confirm = () => {
    const planCancel = subscription && cancel ? { reason: reason.trim() } : null;
    // A rejected promise keeps the dialog open; its error shows inside.
    props.onConfirm(planCancel).then(
      () => setOpen(false),
      () => undefined,
    );
  };
  return (
    <>
      <Button
        danger
        type={props.primary ? 'primary' : 'default'}
        size={props.primary ? 'middle' : 'small'}
        disabled={props.disabled || inFlight}
        loading={inFlight && props.primary}
        onClick={() => {
          props.onOpen();
          setCancel(false);
          setReason('');
          setOpen(true);
        }}
      >
        {props.label}
      </Button>
      <Modal
        open={open}
        centered
        title={`Refund ${amount}?`}
        okText={`Refund ${amount}`}
        cancelText="Keep the money"
        okButtonProps={{ danger: true, disabled: cancel && !reason.trim() }}
        confirmLoading={inFlight}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>
          {amount} for {props.what} goes back to {order.email}, on {card}, through the payment
          provider.
        </p>
        {subscription && (
          <PlanNote
            plan={subscription}
            cancel={cancel}
            reason={reason}
            onCancel={setCancel}
            onReason={setReason}
          />
        )}
        {props.error && (
          <Alert
            role="alert"
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title="The refund did not go through"
            description={`${errorText(props.error)} Trying again sends the same refund, never a second one.`}
          />
        )}
      </Modal>
    </>
  );
}

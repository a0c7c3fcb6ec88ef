import { useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import type { OpsSubscriptionDetail } from '@shop/shared/contract/ops';
import type { ApiError } from '@shop/shared/http/api-error';
import { formatMoney } from '@shop/shared/format/money';
import { useShopClock } from '../../shared/api/shop-clock';
import { errorText } from '../../shared/components/load-state';
import { useCancelSubscription } from '../api/cancel-subscription';
import { usePauseSubscription } from '../api/pause-subscription';
import { useRetrySubscription } from '../api/retry-subscription';
import { formatDay } from './subscription-labels';

type Dialog = 'cancel' | 'pause' | 'retry' | null;

const DAY_MS = 86_400_000;
/** A UTC day (YYYY-MM-DD) `days` after the instant. */
const utcDay = (from: Date, days: number) =>
  new Date(from.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A confirmation with its own fields: the error stays inside it, so the operator can correct and
 * confirm again; antd gives focus back to the button that opened it when it closes.
 */
function ActionDialog(props: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  busy: boolean;
  error: ApiError | null;
  canConfirm: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText="Close"
      okButtonProps={{ danger: props.danger, disabled: !props.canConfirm }}
      confirmLoading={props.busy}
      onOk={props.onConfirm}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {props.children}
      {props.error && (
        <Alert
          role="alert"
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="Nothing was changed"
          description={errorText(props.error)}
        />
      )}
    </Modal>
  );
}

/** Cancel, pause and retry for the customer, each behind a dialog that says what will happen. */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function SubscriptionActions({
  detail,
  onRetried,
}: {
  detail: OpsSubscriptionDetail;
  /** The retry was accepted (with the failed tries counted then): its try runs in the background. */
  onRetried: (failedAttempts: number) => void;
}) {
  const { subscription: s, actions } = detail;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [when, setWhen] = useState<'now' | 'period-end'>(
    actions.cancelAtPeriodEnd ? 'period-end' : 'now',
  );
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const cancel = useCancelSubscription();
  const pause = usePauseSubscription();
  const retry = useRetrySubscription();
  const clock = useShopClock();
  const now = clock.data ? new Date(clock.data.now) : new Date();
  const earliest = utcDay(now, 1);
  const latest = utcDay(now, 365);

  const openDialog = (next: Dialog) => {
    setReason('');
    setUntil('');
    setWhen(actions.cancelAtPeriodEnd ? 'period-end' : 'now');
    cancel.reset();
    pause.reset();
    retry.reset();
    setDialog(next);
  };
  const close = () => setDialog(null);
  const done = { onSuccess: close };
  const amount =
    s.amount !== null && s.currency ? formatMoney(s.amount, s.currency) : 'the renewal’s amount';

  if (!actions.cancelNow && !actions.pause && !actions.retry)
    return (
      <p className="ops-muted" style={{ marginTop: 16 }}>
        This subscription is cancelled: it cannot change any more.
      </p>
    );

  return (
    <div style={{ marginTop: 16, display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {actions.retry && (
        <Button type="primary" onClick={() => openDialog('retry')}>
          Retry the renewal now
        </Button>
      )}
      {actions.pause && (
        <Button onClick={() => openDialog('pause')}>
          {s.status === 'paused' ? 'Change the pause' : 'Pause'}
        </Button>
      )}
      <Button danger onClick={() => openDialog('cancel')}>
        Cancel subscription
      </Button>

      <ActionDialog
        open={dialog === 'cancel'}
        title="Cancel this subscription?"
        okText="Cancel subscription"
        danger
        busy={cancel.isPending}
        error={cancel.error}
        canConfirm={reason.trim().length > 0}
        onConfirm={() => cancel.mutate({ id: s.id, body: { when, reason: reason.trim() } }, done)}
        onClose={close}
      >
        <fieldset className="ops-fieldset">
          <legend>When</legend>
          <Radio.Group
            value={when}
            onChange={(event) => setWhen(event.target.value as 'now' | 'period-end')}
            style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            options={[
              {
                value: 'period-end',
                disabled: !actions.cancelAtPeriodEnd,
                label: `At the end of the paid period (${formatDay(s.currentPeriodEnd)}): it is not renewed`,
              },
              { value: 'now', label: 'Now: it ends today and nothing more is charged' },
            ]}
          />
        </fieldset>
        <label htmlFor="ops-cancel-reason" style={{ fontWeight: 500 }}>
          Reason (kept in the change log)
        </label>
        <Input.TextArea
          id="ops-cancel-reason"
          value={reason}
          maxLength={500}
          autoSize={{ minRows: 2 }}
          onChange={(event) => setReason(event.target.value)}
        />
        <p className="ops-muted" style={{ marginTop: 8 }}>
          {s.email ?? 'The subscriber'} is mailed a confirmation.
        </p>
      </ActionDialog>

      <ActionDialog
        open={dialog === 'pause'}
        title="Pause renewals until a day"
        okText="Pause"
        busy={pause.isPending}
        error={pause.error}
        canConfirm={until !== ''}
        onConfirm={() =>
          pause.mutate(
            {
              id: s.id,
              body: {
                until: `${until}T00:00:00.000Z`,
                ...(reason.trim() ? { reason: reason.trim() } : {}),
              },
            },
            done,
          )
        }
        onClose={close}
      >
        <p>No kit is sent and nothing is charged until that day; renewals then carry on.</p>
        <label htmlFor="ops-pause-until" style={{ fontWeight: 500 }}>
          Renewals start again on (UTC day)
        </label>
        <Input
          id="ops-pause-until"
          type="date"
          min={earliest}
          max={latest}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
        />
        <label
          htmlFor="ops-pause-reason"
          style={{ fontWeight: 500, display: 'block', marginTop: 12 }}
        >
          Reason (optional)
        </label>
        <Input
          id="ops-pause-reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </ActionDialog>

      <ActionDialog
        open={dialog === 'retry'}
        title="Retry the renewal now?"
        okText="Retry now"
        busy={retry.isPending}
        error={retry.error}
        canConfirm
        onConfirm={() =>
          retry.mutate(
            { id: s.id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
            {
              onSuccess: (answer) => {
                close();
                onRetried(answer.subscription.failedAttempts);
              },
            },
          )
        }
        onClose={close}
      >
        <p>
          The card on file is charged {amount} for cycle {s.renewedCycles + 1} now (try{' '}
          {s.failedAttempts + 1}). The subscriber is mailed the receipt, or the decline with a link
          to update the card.
        </p>
        <label htmlFor="ops-retry-reason" style={{ fontWeight: 500 }}>
          Reason (optional)
        </label>
        <Input
          id="ops-retry-reason"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </ActionDialog>
    </div>
  );
}

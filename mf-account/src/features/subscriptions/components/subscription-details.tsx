import { useId, useRef, useState, type MouseEvent } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useNavigate } from 'react-router';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import { formatMoney } from '@shop/shared/format/money';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { cardName } from '../../account-overview/components/payment-method-row';
import { useKeepSubscription } from '../api/keep-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { useSkipRenewal } from '../api/skip-renewal';
import { useUnskipRenewal } from '../api/unskip-renewal';
import { formatDate, planPrice, STATUS_LABELS, statusSummary } from '../model/subscription-text';
import { CancelDialogBody, skippedNotice } from './cancel-dialog';
import { CardDialogBody } from './card-dialog';
import { IntervalDialogBody } from './interval-dialog';
import { PauseDialogBody } from './pause-dialog';
import { SubscriptionDialog } from './subscription-dialog';
import { SubscriptionHistoryPanel } from './subscription-history-panel';

type Step = 'cancel' | 'pause' | 'interval' | 'card';

const STEP_TITLES: Record<Step, string> = {
  cancel: 'Cancel your subscription',
  pause: 'Pause your subscription',
  interval: 'Change how often it renews',
  card: 'Update your card',
};

export const subscriptionPath = (id: string) => `/account/subscriptions/${encodeURIComponent(id)}`;

const renewsOn = (subscription: SubscriptionDetail) =>
  subscription.nextRenewal ? `: it renews on ${formatDate(subscription.nextRenewal.at)}` : '';

type DirectAction = 'keep' | 'resume' | 'skip' | 'unskip';

/** The one-click changes, in the order the page offers them, with what each says afterwards. */
const DIRECT: {
  action: DirectAction;
  label: string;
  primary: boolean;
  failed: string;
  notice: (updated: SubscriptionDetail) => string;
}[] = [
  {
    action: 'keep',
    label: 'Keep my subscription',
    primary: true,
    failed: 'Your subscription still ends.',
    notice: (updated) =>
      `Your subscription continues${renewsOn(updated)}. We have emailed you a confirmation.`,
  },
  {
    action: 'resume',
    label: 'Resume now',
    primary: true,
    failed: 'Your subscription is still paused.',
    notice: (updated) =>
      `Your subscription is active again${renewsOn(updated)}. We have emailed you a confirmation.`,
  },
  {
    action: 'skip',
    label: 'Skip next kit',
    primary: false,
    failed: 'Your next kit was not skipped.',
    notice: skippedNotice,
  },
  {
    action: 'unskip',
    label: 'Undo skip',
    primary: false,
    failed: 'Your next kit is still skipped.',
    notice: (updated) =>
      `Your next kit is back on${updated.nextRenewal ? ` for ${formatDate(updated.nextRenewal.at)}` : ''}. We have emailed you a confirmation.`,
  },
];

/** The changes made with one click (no dialog): each says what happened, or why it did not. */
function useDirectChanges(id: string, onDone: (notice: string) => void) {
  const mutations: Record<DirectAction, ReturnType<typeof useKeepSubscription>> = {
    keep: useKeepSubscription(id),
    resume: useResumeSubscription(id),
    skip: useSkipRenewal(id),
    unskip: useUnskipRenewal(id),
  };
  const [error, setError] = useState<string | null>(null);
  const run = ({ action, failed, notice }: (typeof DIRECT)[number]) => {
    setError(null);
    mutations[action].mutate(undefined, {
      onSuccess: (updated) => onDone(notice(updated)),
      onError: (apiError: ApiError) => setError(`${failed} ${friendlyMessage(apiError)}`),
    });
  };
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);
  return { error, busy, run, pending: (action: DirectAction) => mutations[action].isPending };
}

/**
 * One subscription: what it costs, what happens next, the card, the changes it allows now (the
 * API's `actions`, nothing else) and its history. `cardStep` opens it at the card (the link in a
 * failed-payment mail).
 */
// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function SubscriptionDetails({
  subscription,
  cardStep,
}: {
  subscription: SubscriptionDetail;
  cardStep: boolean;
}) {
  const navigate = useNavigate();
  const { actions } = subscription;
  // The step stays drawn while its dialog closes; `open` says whether it is showing.
  const [step, setStep] = useState<Step | null>(cardStep && actions.updateCard ? 'card' : null);
  const [open, setOpen] = useState(step !== null);
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Where focus goes once a dialog is gone: its button, or the notice when something changed.
  const trigger = useRef<HTMLElement | null>(null);
  const changed = useRef(false);
  const factsId = useId();
  const actionsId = useId();

  const focusAfter = () => {
    const target = changed.current
      ? noticeRef.current
      : trigger.current?.isConnected
        ? trigger.current
        : heading.current;
    changed.current = false;
    target?.focus();
  };
  const done = (text: string) => {
    setNotice(text);
    changed.current = true;
  };
  const direct = useDirectChanges(subscription.id, (text) => {
    done(text);
    setTimeout(focusAfter, 0);
  });
  const show = (next: Step) => (event: MouseEvent<HTMLElement>) => {
    trigger.current = event.currentTarget;
    setNotice(null);
    setStep(next);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    // The card link's address closes with its step, so a reload shows the plain page.
    if (cardStep) void navigate(subscriptionPath(subscription.id), { replace: true });
  };
  const finish = (text: string) => {
    done(text);
    close();
  };

  const summary = statusSummary(subscription);
  const overdue = subscription.status === 'past_due' || subscription.status === 'incomplete';
  const method = subscription.paymentMethod;

  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {subscription.title}
        {subscription.quantity > 1 && ` × ${subscription.quantity}`}
      </h1>
      <p className="acc-page-lead">
        <span className={summary.warn ? 'acc-badge acc-badge--warn' : 'acc-badge'}>
          {STATUS_LABELS[subscription.status]}
        </span>{' '}
        <span data-testid="subscription-summary">{summary.text}</span>
      </p>
      <div ref={noticeRef} className="acc-status" role="status" tabIndex={-1}>
        {notice}
      </div>
      {overdue && (
        <Alert
          className="acc-alert"
          type="warning"
          showIcon
          role="alert"
          title="Payment failed — update your card"
          description={
            <>
              {subscription.recovery?.nextRetryAt
                ? `We will try the payment again on ${formatDate(subscription.recovery.nextRetryAt)}, or as soon as you choose a card.`
                : 'We will not try again until you choose a card.'}{' '}
              {actions.updateCard && (
                <Button type="link" className="acc-inline-link" onClick={show('card')}>
                  Update card
                </Button>
              )}
            </>
          }
        />
      )}
      <div className="acc-grid">
        <section className="acc-panel" aria-labelledby={factsId}>
          <div className="acc-panel-head">
            <h2 id={factsId}>Your plan</h2>
          </div>
          <dl className="acc-facts">
            <div>
              <dt>Plan</dt>
              <dd>{planPrice(subscription)}</dd>
            </div>
            <div>
              {/* While a renewal is unpaid, the date is its next try, not a new period. */}
              <dt>{overdue ? 'Next payment try' : 'Next renewal'}</dt>
              <dd data-testid="next-renewal">
                {subscription.nextRenewal
                  ? `${formatDate(subscription.nextRenewal.at)} · ${formatMoney(subscription.nextRenewal.amount, subscription.nextRenewal.currency)}`
                  : 'None'}
                {subscription.skippedRenewalAt && (
                  <span className="acc-muted acc-block">
                    The kit of {formatDate(subscription.skippedRenewalAt)} is skipped.
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>Card</dt>
              <dd data-testid="subscription-card">
                {method
                  ? `${cardName(method)}, expires ${String(method.expMonth).padStart(2, '0')}/${method.expYear}`
                  : 'No card on file'}
              </dd>
            </div>
            <div>
              <dt>Member since</dt>
              <dd>{formatDate(subscription.createdAt)}</dd>
            </div>
          </dl>
        </section>
        <section className="acc-panel" aria-labelledby={actionsId}>
          <div className="acc-panel-head">
            <h2 id={actionsId}>Manage</h2>
          </div>
          {direct.error && <FormAlert title="Nothing was changed">{direct.error}</FormAlert>}
          <div className="acc-actions">
            {DIRECT.filter(({ action, primary }) => primary && actions[action]).map((change) => (
              <Button
                key={change.action}
                type="primary"
                loading={direct.pending(change.action)}
                disabled={direct.busy}
                onClick={() => direct.run(change)}
              >
                {change.label}
              </Button>
            ))}
            {actions.updateCard && <Button onClick={show('card')}>Update card</Button>}
            {actions.changeInterval && subscription.intervalOptions.length > 1 && (
              <Button onClick={show('interval')}>Change how often</Button>
            )}
            {DIRECT.filter(({ action, primary }) => !primary && actions[action]).map((change) => (
              <Button
                key={change.action}
                loading={direct.pending(change.action)}
                disabled={direct.busy}
                onClick={() => direct.run(change)}
              >
                {change.label}
              </Button>
            ))}
            {actions.pause && <Button onClick={show('pause')}>Pause</Button>}
            {actions.cancel && (
              <Button danger onClick={show('cancel')}>
                Cancel subscription
              </Button>
            )}
          </div>
          {!Object.values(actions).some(Boolean) && (
            <p className="acc-muted">This subscription has ended: there is nothing to change.</p>
          )}
        </section>
        <SubscriptionHistoryPanel id={subscription.id} />
      </div>
      <SubscriptionDialog
        title={step ? STEP_TITLES[step] : ''}
        open={open}
        onClose={close}
        afterClose={focusAfter}
      >
        {step === 'cancel' && (
          <CancelDialogBody
            subscription={subscription}
            onDone={finish}
            onClose={close}
            onPauseInstead={() => setStep('pause')}
          />
        )}
        {step === 'pause' && (
          <PauseDialogBody subscription={subscription} onDone={finish} onClose={close} />
        )}
        {step === 'interval' && (
          <IntervalDialogBody subscription={subscription} onDone={finish} onClose={close} />
        )}
        {step === 'card' && (
          <CardDialogBody subscription={subscription} onDone={finish} onClose={close} />
        )}
      </SubscriptionDialog>
    </>
  );
}

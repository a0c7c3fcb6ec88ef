// Cancelling: an optional reason, at most one offer to stay (skip the next kit, or pause), and the
// "Cancel subscription" button always in view beside it. The text says when the plan ends.
import { useId, useState } from 'react';
import Button from 'antd/es/button';
import ConfigProvider from 'antd/es/config-provider';
import Radio from 'antd/es/radio';
import {
  CANCEL_REASONS,
  type CancelReason,
  type SubscriptionDetail,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { StepProps } from './subscription-dialog';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSkipRenewal } from '../api/skip-renewal';
import { formatDate } from '../model/subscription-text';

const REASON_LABELS: Record<CancelReason, string> = {
  'too-expensive': 'It costs too much',
  'too-often': 'The kits come too often',
  'not-using': 'I am not using it',
  'results-not-useful': 'The results are not useful to me',
  switching: 'I am switching to another service',
  other: 'Another reason',
};

/** Nothing is paid for the coming period: the API ends these at once. */
const endsNow = (subscription: SubscriptionDetail) =>
  subscription.status === 'past_due' || subscription.status === 'incomplete';

export function cancelledNotice(subscription: SubscriptionDetail): string {
  return subscription.status === 'canceled'
    ? 'Your subscription has ended. We have emailed you a confirmation.'
    : `Your subscription is cancelled. It stays active until ${formatDate(subscription.currentPeriodEnd)} and will not renew. We have emailed you a confirmation.`;
}

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function CancelDialogBody({
  subscription,
  onDone,
  onPauseInstead,
  onClose,
}: StepProps & { onPauseInstead: () => void }) {
  const cancel = useCancelSubscription(subscription.id);
  const skip = useSkipRenewal(subscription.id);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const offerId = useId();
  const now = endsNow(subscription);
  const busy = cancel.isPending || skip.isPending;
  const fail = (title: string) => (apiError: ApiError) =>
    setError(`${title} ${friendlyMessage(apiError)}`);

  // One offer at most: skipping the next kit when allowed, otherwise a pause.
  const offer = now
    ? null
    : subscription.actions.skip
      ? 'skip'
      : subscription.actions.pause
        ? 'pause'
        : null;
  const skipDate = subscription.nextRenewal ? formatDate(subscription.nextRenewal.at) : null;

  return (
    <div className="acc-dialog">
      {error && <FormAlert title="Nothing was changed">{error}</FormAlert>}
      <p>
        {now
          ? 'Nothing has been paid for the coming period, so your subscription ends as soon as you cancel. You will not be charged again.'
          : `Your subscription stays active until ${formatDate(subscription.currentPeriodEnd)}. After that you will not be charged again and no more kits are sent.`}
      </p>
      <fieldset className="acc-fieldset" aria-describedby={reasonId}>
        <legend>Why are you leaving? (optional)</legend>
        <p id={reasonId} className="acc-muted acc-hint">
          Your answer helps us improve; you can cancel without one.
        </p>
        <Radio.Group
          className="acc-radio-list"
          value={reason}
          onChange={(event) => setReason(event.target.value as CancelReason)}
          options={CANCEL_REASONS.map((value) => ({ value, label: REASON_LABELS[value] }))}
        />
      </fieldset>
      {offer && (
        <aside className="acc-offer" aria-labelledby={offerId}>
          <h3 id={offerId}>
            {offer === 'skip' ? 'Need a break instead?' : 'Want to pause instead?'}
          </h3>
          <p className="acc-muted">
            {offer === 'skip'
              ? `Skip your next kit${skipDate ? ` (${skipDate})` : ''}: nothing is charged or sent then, and your plan carries on after it.`
              : 'Pause your plan until a date you choose: nothing is charged or sent until then.'}
          </p>
          <Button
            disabled={busy}
            loading={skip.isPending}
            onClick={() => {
              setError(null);
              if (offer === 'pause') onPauseInstead();
              else
                skip.mutate(undefined, {
                  onSuccess: (updated) => onDone(skippedNotice(updated)),
                  onError: fail('Your next kit was not skipped.'),
                });
            }}
          >
            {offer === 'skip' ? 'Skip my next kit instead' : 'Pause instead'}
          </Button>
        </aside>
      )}
      <div className="acc-subform-actions">
        {/* White on the dark red: the area's light-on-brand text colour is dark. */}
        <ConfigProvider theme={{ token: { colorTextLightSolid: '#ffffff' } }}>
          <Button
            danger
            type="primary"
            loading={cancel.isPending}
            disabled={skip.isPending}
            onClick={() => {
              setError(null);
              cancel.mutate(
                { ...(reason ? { reason } : {}), ...(now ? { immediately: true } : {}) },
                {
                  onSuccess: (updated) => onDone(cancelledNotice(updated)),
                  onError: fail('Your subscription was not cancelled.'),
                },
              );
            }}
          >
            Cancel subscription
          </Button>
        </ConfigProvider>
        <Button onClick={onClose} disabled={busy}>
          Keep my subscription
        </Button>
      </div>
    </div>
  );
}

export function skippedNotice(subscription: SubscriptionDetail): string {
  return subscription.skippedRenewalAt
    ? `Your kit of ${formatDate(subscription.skippedRenewalAt)} is skipped: nothing is charged or sent then. We have emailed you a confirmation.`
    : 'Your next kit is skipped. We have emailed you a confirmation.';
}

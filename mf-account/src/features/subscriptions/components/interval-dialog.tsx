// Changing how often: choose among the plan's offered intervals, see what it costs now and at the
// next renewal, then confirm. The confirm carries the amount shown; a price that moved is refused.
import { useId, useState } from 'react';
import Button from 'antd/es/button';
import Radio from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import type { IntervalOption } from '@shop/shared/contract/subscriptions';
import { formatMoney } from '@shop/shared/format/money';
import type { StepProps } from './subscription-dialog';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { useChangeInterval } from '../api/change-interval';
import { useIntervalPreview } from '../api/interval-preview';
import { everyPeriod, formatDate } from '../model/subscription-text';

const optionLabel = (option: IntervalOption) =>
  `${formatMoney(option.unitAmount, option.currency)} ${everyPeriod(option.interval, option.intervalCount)}${option.current ? ' (your plan now)' : ''}`;

// eslint-disable-next-line max-lines-per-function -- one screen's state and layout; splitting it into parts is still to do
export function IntervalDialogBody({ subscription, onDone, onClose }: StepProps) {
  const [lookupKey, setLookupKey] = useState<string | null>(null);
  const preview = useIntervalPreview(subscription.id, lookupKey);
  const change = useChangeInterval(subscription.id);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const previewId = useId();
  const shown = preview.data;

  const confirm = () => {
    if (!shown) return;
    setError(null);
    change.mutate(
      { lookupKey: shown.lookupKey, expectedNextRenewalAmount: shown.nextRenewalAmount },
      {
        onSuccess: () =>
          onDone(
            `From ${formatDate(shown.nextRenewalAt)} your plan renews ${everyPeriod(shown.interval, shown.intervalCount)} at ${formatMoney(shown.nextRenewalAmount, shown.currency)}. Nothing was charged today. We have emailed you a confirmation.`,
          ),
        onError: (apiError) => {
          setError(friendlyMessage(apiError));
          // The price moved since the preview: show the new one, the choice stays.
          if (apiError.status === 409) void preview.refetch();
        },
      },
    );
  };

  return (
    <div className="acc-dialog">
      {error && <FormAlert title="Your plan was not changed">{error}</FormAlert>}
      <fieldset className="acc-fieldset">
        <legend id={legendId}>How often should your plan renew?</legend>
        <Radio.Group
          className="acc-radio-list"
          aria-labelledby={legendId}
          value={lookupKey}
          onChange={(event) => {
            setError(null);
            setLookupKey(event.target.value as string);
          }}
          options={subscription.intervalOptions.map((option) => ({
            value: option.lookupKey,
            label: optionLabel(option),
            disabled: option.current,
          }))}
        />
      </fieldset>
      <div className="acc-preview" id={previewId} aria-live="polite" aria-busy={preview.isFetching}>
        {lookupKey === null ? (
          <p className="acc-muted">Choose an interval to see what it costs.</p>
        ) : preview.isPending ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : preview.isError ? (
          <FormAlert title="We could not work out the price">
            {friendlyMessage(preview.error)}
          </FormAlert>
        ) : (
          <dl className="acc-facts">
            <div>
              <dt>Charged now</dt>
              <dd data-testid="preview-due-now">
                {formatMoney(preview.data.dueNow, preview.data.currency)}
              </dd>
            </div>
            <div>
              <dt>Next renewal</dt>
              <dd data-testid="preview-next-renewal">
                {formatDate(preview.data.nextRenewalAt)} ·{' '}
                {formatMoney(preview.data.nextRenewalAmount, preview.data.currency)}, then{' '}
                {everyPeriod(preview.data.interval, preview.data.intervalCount)}
              </dd>
            </div>
          </dl>
        )}
      </div>
      <div className="acc-subform-actions">
        <Button
          type="primary"
          disabled={!shown || preview.isFetching}
          loading={change.isPending}
          aria-describedby={previewId}
          onClick={confirm}
        >
          Confirm change
        </Button>
        <Button onClick={onClose} disabled={change.isPending}>
          Keep my interval
        </Button>
      </div>
    </div>
  );
}

// Pausing until a chosen day: a date field that takes typing (YYYY-MM-DD) as well as the calendar,
// from tomorrow to a year ahead. The API checks the range against the shop's own clock too.
import { useId, useState } from 'react';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { StepProps } from './subscription-dialog';
import { FormAlert } from '../../shared/components/form-alert';
import { friendlyMessage } from '../../shared/forms/api-form-errors';
import { usePauseSubscription } from '../api/pause-subscription';
import { formatDate } from '../model/subscription-text';

const DATE_FORMAT = 'YYYY-MM-DD';

const outOfRange = (day: Dayjs) =>
  day.isBefore(dayjs().add(1, 'day'), 'day') || day.isAfter(dayjs().add(1, 'year'), 'day');

export function pausedNotice(subscription: SubscriptionDetail): string {
  return subscription.pausedUntil
    ? `Your subscription is paused until ${formatDate(subscription.pausedUntil)}: nothing is charged or sent until then. We have emailed you a confirmation.`
    : 'Your subscription is paused. We have emailed you a confirmation.';
}

export function PauseDialogBody({ subscription, onDone, onClose }: StepProps) {
  const pause = usePauseSubscription(subscription.id);
  const [until, setUntil] = useState<Dayjs | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = () => {
    setError(null);
    if (!until) return setFieldError('Choose the day your subscription starts again.');
    if (outOfRange(until)) return setFieldError('Choose a day from tomorrow to a year from now.');
    setFieldError(null);
    pause.mutate(
      { until: until.startOf('day').toISOString() },
      {
        onSuccess: (updated) => onDone(pausedNotice(updated)),
        onError: (apiError) => setError(friendlyMessage(apiError)),
      },
    );
  };

  return (
    <form
      className="acc-dialog"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {error && <FormAlert title="Your subscription was not paused">{error}</FormAlert>}
      <p>
        Nothing is charged or sent while your subscription is paused
        {subscription.nextRenewal
          ? ` (your next renewal is ${formatDate(subscription.nextRenewal.at)})`
          : ''}
        . It starts again by itself on the day you choose, or whenever you resume it.
      </p>
      <label htmlFor={inputId} className="acc-label">
        Pause until
      </label>
      <p id={hintId} className="acc-muted acc-hint">
        Type a date as {DATE_FORMAT} or pick one: from tomorrow to a year from now.
      </p>
      <DatePicker
        id={inputId}
        className="acc-date"
        format={DATE_FORMAT}
        value={until}
        onChange={(value) => {
          setUntil(value);
          setFieldError(null);
        }}
        disabledDate={outOfRange}
        status={fieldError ? 'error' : undefined}
        aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={fieldError ? true : undefined}
        placeholder={DATE_FORMAT}
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      />
      {fieldError && (
        <p id={errorId} className="acc-field-error" role="alert">
          {fieldError}
        </p>
      )}
      <div className="acc-subform-actions">
        <Button type="primary" htmlType="submit" loading={pause.isPending}>
          Pause subscription
        </Button>
        <Button onClick={onClose} disabled={pause.isPending}>
          Don&apos;t pause
        </Button>
      </div>
    </form>
  );
}

import type { OpsSubscriptionDetail } from '@shop/shared/contract/ops';
import type { SubscriptionStatus } from '@shop/shared/contract/subscriptions';
import { deriveRecurringInterval } from '@shop/shared/catalog/recurring-interval';
import { billingLabel } from '@shop/shared/format/billing-label';
import { formatMoney } from '@shop/shared/format/money';
import type { SubscriptionSummary } from '../api/subscription-list';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  canceled: 'Cancelled',
  incomplete: 'Incomplete',
};

export const SUBSCRIPTION_STATUS_COLORS: Record<SubscriptionStatus, string> = {
  active: 'success',
  past_due: 'error',
  paused: 'warning',
  canceled: 'default',
  incomplete: 'default',
};

/** "Membership · $29.00, billed monthly" from what the list knows of the plan. */
export function planLabel(subscription: SubscriptionSummary): string {
  const price =
    subscription.amount !== null && subscription.currency
      ? formatMoney(subscription.amount, subscription.currency)
      : null;
  const billed =
    subscription.interval && subscription.intervalCount
      ? billingLabel(
          deriveRecurringInterval(subscription.interval, subscription.intervalCount),
        ).toLowerCase()
      : null;
  const terms = [price, billed].filter(Boolean).join(', ');
  return terms ? `${subscription.title} · ${terms}` : subscription.title;
}

/** A day as the operator reads it (no time: renewals are dated, not timed, for customers). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
      });
}

/** A renewal try's outcome in words. */
export const RENEWAL_STATUS_LABELS: Record<
  OpsSubscriptionDetail['renewals'][number]['status'],
  string
> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** What each logged change did, in words; an action not listed yet shows its own name. */
const CHANGE_LABELS: Record<string, string> = {
  cancel: 'Cancel at period end',
  'cancel-now': 'Cancelled now',
  'resume-cancelled': 'Cancel withdrawn',
  card: 'Card changed',
  'dunning-ended': 'Tries ran out',
  ended: 'Ended',
  interval: 'Interval changed',
  'late-payment-refunded': 'Late payment refunded',
  'overdue-found': 'Found overdue',
  pause: 'Paused',
  recovered: 'Unpaid renewal paid',
  'renewal-declined': 'Renewal declined',
  'renewal-failed': 'Renewal failed',
  'renewal-skipped': 'Renewal skipped',
  renewed: 'Renewed',
  resume: 'Resumed',
  resumed: 'Resumed by the shop',
  retry: 'Retry',
  skip: 'Next kit skipped',
  unskip: 'Skip undone',
};

export const changeLabel = (action: string): string =>
  CHANGE_LABELS[action] ?? action.replace(/-/g, ' ');

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/;

/** A change's detail in words: its fields as "name: value", times as days. */
export function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([name, value]) => {
      const shown =
        typeof value === 'string'
          ? ISO_TIME.test(value)
            ? formatDay(value)
            : value
          : JSON.stringify(value);
      return `${name}: ${shown}`;
    })
    .join(' · ');
}

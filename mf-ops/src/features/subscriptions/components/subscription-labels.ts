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

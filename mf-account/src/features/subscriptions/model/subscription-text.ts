// How a subscription is put into words, the same on the overview and on its own page.
import dayjs from 'dayjs';
import { deriveRecurringInterval, intervalDuration } from '@shop/shared/catalog/recurring-interval';
import type { ProviderInterval } from '@shop/shared/catalog/recurring-interval';
import type { SubscriptionDetail, SubscriptionStatus } from '@shop/shared/contract/subscriptions';
import { formatMoney } from '@shop/shared/format/money';

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment due',
  paused: 'Paused',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

export const formatDate = (iso: string) => dayjs(iso).format('MMM D, YYYY');

/** "every month", "every 3 months", "every 28 days". */
export function everyPeriod(interval: ProviderInterval, intervalCount: number): string {
  const duration = intervalDuration(deriveRecurringInterval(interval, intervalCount));
  return `every ${duration.replace(/^1 /, '')}`;
}

/** "$49.00 every month" for the whole line (price × quantity). */
export function planPrice(
  subscription: Pick<
    SubscriptionDetail,
    'unitAmount' | 'quantity' | 'currency' | 'interval' | 'intervalCount'
  >,
): string {
  const price = formatMoney(subscription.unitAmount * subscription.quantity, subscription.currency);
  return `${price} ${everyPeriod(subscription.interval, subscription.intervalCount)}`;
}

export interface StatusSummary {
  /** Whether the subscriber has to act or should notice (drawn as a warning). */
  warn: boolean;
  text: string;
}

/**
 * What happens next, in one line: the renewal, the end, the pause, or the failed payment. `brief`
 * (beside the plan's price) names the renewal's amount only when it differs from that price.
 */
export function statusSummary(subscription: SubscriptionDetail, brief = false): StatusSummary {
  const { status, nextRenewal } = subscription;
  if (status === 'canceled')
    return {
      warn: true,
      text: `Ended ${formatDate(subscription.canceledAt ?? subscription.currentPeriodEnd)}`,
    };
  if (status === 'past_due' || status === 'incomplete')
    return { warn: true, text: 'Payment failed — update your card' };
  if (subscription.cancelAtPeriodEnd)
    return { warn: true, text: `Ends ${formatDate(subscription.currentPeriodEnd)}` };
  if (status === 'paused')
    return {
      warn: true,
      text: subscription.pausedUntil
        ? `Paused until ${formatDate(subscription.pausedUntil)}`
        : 'Paused',
    };
  if (nextRenewal) {
    const same = nextRenewal.amount === subscription.unitAmount * subscription.quantity;
    const amount =
      brief && same ? '' : ` · ${formatMoney(nextRenewal.amount, nextRenewal.currency)}`;
    return { warn: false, text: `Renews ${formatDate(nextRenewal.at)}${amount}` };
  }
  return { warn: false, text: 'Active' };
}

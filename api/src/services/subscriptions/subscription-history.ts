// Everything that happened to a subscription, newest first: the order that bought it, each
// renewal (paid, declined or skipped), every refund of those orders, and each change made to it.
import type { Currency } from '@shop/shared/contract/common';
import type {
  SubscriptionHistory,
  SubscriptionHistoryEntry,
} from '@shop/shared/contract/subscriptions';
import type { Executor } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { centsFromDb } from '../../lib/money';
import {
  findOwnedSubscription,
  listSubscriptionChanges,
  subscriptionMoneyTrail,
  type SubscriptionChange,
} from '../../repositories/subscriptions-repository';
import { everyInterval, formatDay } from './subscription-change-email';
import { SUBSCRIPTION_NOT_FOUND } from './subscription-view';

const CANCEL_REASON_WORDS: Record<string, string> = {
  'too-expensive': 'too expensive',
  'too-often': 'too often',
  'not-using': 'not using it',
  'results-not-useful': 'results not useful',
  switching: 'switching',
  other: 'other reason',
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const dayOf = (value: unknown): string | null => {
  const at = text(value);
  return at ? formatDay(new Date(at)) : null;
};

/**
 * A change in words: "Cancelled, ends April 10, 2026 (too expensive)", "Paused until June 1, 2026".
 * Null for what the subscriber is not shown: the shop's own notes (a sweep's finding, a provider's
 * state) and what the ledger already shows (a renewal paid, skipped or declined). Only the actions
 * named here are shown, so a new internal note never reaches the subscriber by default.
 */
export function changeLabel(
  change: Pick<SubscriptionChange, 'actor' | 'action' | 'detail'>,
): string | null {
  const { detail } = change;
  const by = change.actor === 'operator' ? ' by the shop' : '';
  switch (change.action) {
    case 'cancel': {
      // Only the reasons a subscriber picks are shown; an operator's note stays the shop's.
      const reason = text(detail.reason);
      const words = reason ? CANCEL_REASON_WORDS[reason] : undefined;
      const ends = dayOf(detail.endsAt);
      return `Cancelled${by}${ends ? `, ends ${ends}` : ''}${words ? ` (${words})` : ''}`;
    }
    case 'cancel-now':
      return `Cancelled${by}, ended at once`;
    case 'resume-cancelled':
      return 'Cancellation withdrawn';
    case 'pause': {
      const until = dayOf(detail.until);
      return until ? `Paused${by} until ${until}` : `Paused${by}`;
    }
    case 'resume':
      return 'Resumed';
    case 'resumed':
      return detail.cause === 'card-updated'
        ? 'Resumed with the updated card'
        : 'Pause ended: renewals resumed';
    case 'skip': {
      const at = dayOf(detail.renewalAt);
      return at ? `Renewal of ${at} skipped` : 'Next renewal skipped';
    }
    case 'unskip':
      return 'Skip undone';
    case 'interval': {
      const unit = text(detail.interval);
      const count = typeof detail.intervalCount === 'number' ? detail.intervalCount : null;
      const from = dayOf(detail.effectiveAt);
      if (!unit || count === null) return 'Renewal interval changed';
      return `Now renews ${everyInterval(unit, count)}${from ? ` from ${from}` : ''}`;
    }
    case 'card':
      return 'Card for renewals changed';
    case 'ended':
      return 'Ended at the end of the period';
    case 'recovered':
      return 'Unpaid renewal paid';
    case 'dunning-ended':
      return detail.endAction === 'pause'
        ? 'Paused until the card is updated (the renewal payment failed)'
        : 'Ended: the renewal payment failed';
    case 'retry':
      return 'Payment tried again by the shop';
    case 'late-payment-refunded':
      return 'A renewal charged after the cancellation was refunded';
    default:
      return null;
  }
}

/** The line the subscription was bought as: its original plan, before any change of interval. */
function originTitle(
  lines: { lookupKey: string; title: string }[],
  changes: SubscriptionChange[],
  current: { lookupKey: string; title: string },
): string {
  const firstSwitch = changes.find((change) => change.action === 'interval');
  const bought = text(firstSwitch?.detail.from) ?? current.lookupKey;
  return lines.find((line) => line.lookupKey === bought)?.title ?? current.title;
}

export async function subscriptionHistory(
  db: Executor,
  userId: string,
  id: string,
): Promise<SubscriptionHistory> {
  const record = await findOwnedSubscription(db, id, userId);
  if (!record) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const [trail, changes] = await Promise.all([
    subscriptionMoneyTrail(db, record),
    listSubscriptionChanges(db, record.id),
  ]);
  const entries: (SubscriptionHistoryEntry & { order: number })[] = [];
  let order = 0;
  const push = (entry: SubscriptionHistoryEntry) => entries.push({ ...entry, order: order++ });
  if (trail.origin)
    push({
      kind: 'order',
      // Paid when the subscription began (the shop clock's time of it).
      at: record.createdAt.toISOString(),
      label: `Order: ${originTitle(trail.origin.lines, changes, record.price)}`,
      amount: centsFromDb(trail.origin.total),
      currency: trail.origin.currency as Currency,
      status: trail.origin.status,
      orderId: trail.origin.id,
    });
  for (const renewal of trail.renewals) {
    const status =
      renewal.status === 'succeeded'
        ? (renewal.orderStatus ?? 'paid')
        : renewal.status === 'failed'
          ? 'declined'
          : renewal.status;
    push({
      kind: 'renewal',
      at: (renewal.status === 'skipped' ? renewal.periodStart : renewal.updatedAt).toISOString(),
      label:
        renewal.status === 'skipped'
          ? `Renewal ${renewal.cycle} skipped`
          : `Renewal ${renewal.cycle}`,
      amount: renewal.status === 'skipped' ? null : centsFromDb(renewal.amount),
      currency: renewal.status === 'skipped' ? null : (renewal.currency as Currency),
      status,
      orderId: renewal.orderId,
    });
  }
  for (const refund of trail.refunds) {
    if (refund.status === 'failed') continue;
    push({
      kind: 'refund',
      at: refund.createdAt.toISOString(),
      label: refund.status === 'pending' ? 'Refund (in progress)' : 'Refund',
      amount: centsFromDb(refund.amount),
      currency: refund.currency as Currency,
      status: refund.status === 'pending' ? 'pending' : null,
      orderId: refund.orderId,
    });
  }
  for (const change of changes) {
    const label = changeLabel(change);
    if (label === null) continue;
    push({
      kind: 'change',
      at: change.createdAt.toISOString(),
      label,
      amount: null,
      currency: null,
      status: null,
      orderId: null,
    });
  }
  // Newest first; what happened at the same moment keeps its natural order, latest first.
  entries.sort((a, b) => b.at.localeCompare(a.at) || b.order - a.order);
  return { entries: entries.map(({ order: _order, ...entry }) => entry) };
}

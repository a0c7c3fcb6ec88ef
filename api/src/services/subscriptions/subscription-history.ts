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
import { formatDay } from './subscription-change-email';
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

/** A change in words: "Cancelled (too expensive)", "Paused until March 1, 2027". */
export function changeLabel(change: Pick<SubscriptionChange, 'action' | 'detail'>): string {
  const { detail } = change;
  switch (change.action) {
    case 'cancel': {
      const reason = text(detail.reason);
      const ends = dayOf(detail.endsAt);
      return `Cancelled${ends ? `, ends ${ends}` : ''}${reason ? ` (${CANCEL_REASON_WORDS[reason] ?? reason})` : ''}`;
    }
    case 'cancel-now':
      return 'Cancelled, ended at once';
    case 'resume-cancelled':
      return 'Cancellation withdrawn';
    case 'pause': {
      const until = dayOf(detail.until);
      return until ? `Paused until ${until}` : 'Paused';
    }
    case 'resume':
      return 'Resumed';
    case 'skip': {
      const at = dayOf(detail.renewalAt);
      return at ? `Renewal of ${at} skipped` : 'Next renewal skipped';
    }
    case 'unskip':
      return 'Skip undone';
    case 'interval': {
      const to = text(detail.to);
      return to ? `Interval changed to ${to}` : 'Interval changed';
    }
    case 'card':
      return 'Card for renewals changed';
    default: {
      // Changes the engine or an operator make (dunning, operator actions) in plain words.
      const words = change.action.replace(/-/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
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
      at: trail.origin.createdAt.toISOString(),
      label: `Order: ${record.price.title}`,
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
  for (const change of changes)
    push({
      kind: 'change',
      at: change.createdAt.toISOString(),
      label: changeLabel(change),
      amount: null,
      currency: null,
      status: null,
      orderId: null,
    });
  // Newest first; what happened at the same moment keeps its natural order, latest first.
  entries.sort((a, b) => b.at.localeCompare(a.at) || b.order - a.order);
  return { entries: entries.map(({ order: _order, ...entry }) => entry) };
}

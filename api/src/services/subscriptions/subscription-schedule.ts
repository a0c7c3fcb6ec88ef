// When a subscription's renewals fall, from its anchor: cycle c is billed when cycle c - 1 ends,
// `c - anchor_cycle` intervals after the anchor (a change of interval re-anchors at the next
// renewal). Paused cycles and the skipped cycle are not billed; the period still advances.
import { addCalendarSteps, type CalendarUnit } from '../../lib/calendar';
import type { SubscriptionRecord } from '../../repositories/subscriptions-repository';

export type ScheduledSubscription = Pick<
  SubscriptionRecord,
  | 'status'
  | 'billingAnchor'
  | 'anchorCycle'
  | 'renewedCycles'
  | 'currentPeriodEnd'
  | 'cancelAtPeriodEnd'
  | 'pausedUntil'
  | 'skippedCycle'
  | 'nextRetryAt'
  | 'quantity'
> & { price: { unitAmount: number; interval: CalendarUnit; intervalCount: number } };

/** The date cycle `cycle` is billed (the end of the cycle before it). */
export function renewalDate(subscription: ScheduledSubscription, cycle: number): Date {
  if (cycle === subscription.renewedCycles + 1) return subscription.currentPeriodEnd;
  return addCalendarSteps(
    subscription.billingAnchor,
    subscription.price.interval,
    subscription.price.intervalCount,
    cycle - subscription.anchorCycle,
  );
}

export interface NextRenewal {
  at: Date;
  cycle: number;
  amount: number;
}

/** Cycles looked at for the next billed one: a year's pause of the shortest plan is well within. */
const CYCLES_AHEAD = 400;

/** The next charge the subscription will make, or null when none is coming. */
export function nextBilledRenewal(subscription: ScheduledSubscription): NextRenewal | null {
  const amount = subscription.price.unitAmount * subscription.quantity;
  const next = subscription.renewedCycles + 1;
  switch (subscription.status) {
    case 'canceled':
    case 'incomplete':
      return null;
    case 'past_due':
      // The unpaid cycle is tried again; with no try left, nothing comes by itself.
      return subscription.nextRetryAt && !subscription.cancelAtPeriodEnd
        ? { at: subscription.nextRetryAt, cycle: next, amount }
        : null;
    default:
      break;
  }
  if (subscription.cancelAtPeriodEnd) return null;
  // Paused with no date (recovery ran out): nothing until the subscriber acts.
  if (subscription.status === 'paused' && subscription.pausedUntil === null) return null;
  for (let cycle = next; cycle < next + CYCLES_AHEAD; cycle += 1) {
    const at = renewalDate(subscription, cycle);
    const paused =
      subscription.status === 'paused' &&
      subscription.pausedUntil !== null &&
      at.getTime() < subscription.pausedUntil.getTime();
    if (paused || subscription.skippedCycle === cycle) continue;
    return { at, cycle, amount };
  }
  return null;
}

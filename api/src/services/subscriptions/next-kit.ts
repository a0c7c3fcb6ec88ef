// Which plans send a kit next, read from the subscription record and the clock alone, so the
// account's "Next kit scheduled", the catalogue's "already scheduled" and the results page's next
// test all say the same thing.
import type { SubscriptionRecord } from '../../repositories/subscriptions-repository';
import { nextBilledRenewal, type ScheduledSubscription } from './subscription-schedule';

type PlanState = Pick<SubscriptionRecord, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>;

/**
 * An active plan; one the subscriber cancelled stays active until its paid period ends, and has a
 * kit scheduled only until then by the clock (before any job marks it ended). An ended plan never.
 */
export function schedulesNextKit(record: PlanState, now: Date): boolean {
  if (record.status !== 'active') return false;
  return !record.cancelAtPeriodEnd || record.currentPeriodEnd.getTime() > now.getTime();
}

/** When the plan's next kit is sent (its next billed renewal), or null when none is coming. */
export function nextKitAt(record: PlanState & ScheduledSubscription, now: Date): Date | null {
  if (!schedulesNextKit(record, now)) return null;
  return nextBilledRenewal(record)?.at ?? null;
}

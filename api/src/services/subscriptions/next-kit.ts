// Which plans send a kit next, read from the subscription record and the clock alone, so the
// account's "Next kit scheduled", the catalogue's "already scheduled" and the results page's next
// test all say the same thing.
import type { SubscriptionRecord } from '../../repositories/subscriptions-repository';
import { nextBilledRenewal, type ScheduledSubscription } from './subscription-schedule';

type PlanState = Pick<SubscriptionRecord, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>;

/** An active plan, or a cancelled one whose paid period has not ended by `now`. */
export function schedulesNextKit(record: PlanState, now: Date): boolean {
  const periodRuns = record.currentPeriodEnd.getTime() > now.getTime();
  if (record.status === 'active') return !record.cancelAtPeriodEnd || periodRuns;
  return record.status === 'canceled' && periodRuns;
}

/** When the plan's next kit is sent (its next billed renewal), or null when none is coming. */
export function nextKitAt(record: PlanState & ScheduledSubscription, now: Date): Date | null {
  if (!schedulesNextKit(record, now)) return null;
  return nextBilledRenewal(record)?.at ?? null;
}

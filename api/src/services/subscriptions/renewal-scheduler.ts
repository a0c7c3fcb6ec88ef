// Every instance looks for due renewals on a timer and whenever the shop clock moves; queueing is
// idempotent (a try's job key, one live job per subscription), so instances never double up.
// The same pass ends pauses whose date has come.
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionStatus } from '../../db/schema';
import {
  findRenewableSubscription,
  listDueSubscriptions,
  listEndedPauses,
  updateRenewableSubscription,
  type DueSubscription,
} from '../../repositories/subscription-renewals-repository';
import type { JobQueue } from '../jobs/job-queue';
import { createScanScheduler, type ScanScheduler } from '../jobs/scan-scheduler';
import {
  loadRenewalContext,
  queueRenewal,
  resumeIfPauseEnded,
  resumeSubscription,
  type RenewalDeps,
} from './renew-subscription';

type SchedulerDeps = Pick<RenewalDeps, 'db' | 'clock' | 'mail' | 'shopUrl'>;

/** Active subscriptions whose pause date has come are resumed (and mailed) at once. */
async function resumeEndedPauses(deps: SchedulerDeps, now: Date): Promise<number> {
  let resumed = 0;
  for (const id of await listEndedPauses(deps.db, now, 500)) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const subscription = await findRenewableSubscription(trx, id, { forUpdate: true });
      return subscription ? resumeIfPauseEnded(deps, trx, subscription, now) : false;
    });
    if (done) resumed += 1;
  }
  if (resumed > 0) deps.mail.wake();
  return resumed;
}

/**
 * Queues a renewal for every subscription with a cycle or a retry due at or before the shop
 * clock's now. A subscription already queued or running keeps its one job; a try's job key
 * answers the same job again, so a renewal missed while the shop was down is queued once when it
 * comes back; a job dead for a day is replaced by a fresh one. Answers how many were queued.
 */
export async function scheduleDueRenewals(
  deps: SchedulerDeps,
  jobs: JobQueue,
  pageSize = 500,
): Promise<number> {
  const now = deps.clock.now();
  await resumeEndedPauses(deps, now);
  let queued = 0;
  let after: DueSubscription | null = null;
  for (;;) {
    const page = await listDueSubscriptions(deps.db, now, pageSize, after);
    for (const due of page) if (await queueRenewal(deps.db, jobs, due, now)) queued += 1;
    if (page.length < pageSize) return queued;
    after = page[page.length - 1]!;
  }
}

/**
 * Tries the subscription's due renewal now: after the subscriber updated the card, or when the
 * operator asks. A past-due one is tried at once (even after a hard decline); one paused because
 * its tries ran out is resumed, and bills again from its next renewal date; a cancelled one never
 * changes. Answers whether a job was queued and the status, or null for an unknown subscription.
 */
export async function retryRenewalNow(
  deps: SchedulerDeps,
  jobs: JobQueue,
  subscriptionId: string,
): Promise<{ queued: boolean; status: SubscriptionStatus } | null> {
  let mailed = false;
  const result = await deps.db.transaction().execute(async (trx) => {
    const subscription = await findRenewableSubscription(trx, subscriptionId, {
      forUpdate: true,
    });
    if (!subscription) return null;
    if (subscription.provider !== 'test' || subscription.status === 'canceled')
      return { queued: false, status: subscription.status };
    const now = deps.clock.now();
    let { status } = subscription;
    if (status === 'paused' && subscription.pausedUntil === null) {
      await resumeSubscription(
        deps,
        trx,
        await loadRenewalContext(trx, subscription),
        now,
        'card-updated',
      );
      mailed = true;
      status = 'active';
    } else if (status === 'past_due') {
      await updateRenewableSubscription(trx, subscriptionId, { next_retry_at: now }, now);
    }
    const due =
      status === 'past_due' ||
      (status === 'active' && subscription.currentPeriodEnd.getTime() <= now.getTime());
    const queued =
      due &&
      (await queueRenewal(
        trx,
        jobs,
        {
          id: subscriptionId,
          cycle: subscription.renewedCycles + 1,
          attempt: status === 'past_due' ? subscription.failedAttempts + 1 : 1,
        },
        now,
        `now-${now.getTime()}`,
      ));
    return { queued, status };
  });
  if (mailed) deps.mail.wake();
  if (result?.queued) jobs.wake();
  return result;
}

/** Queues the renewals due now on a timer and whenever asked (the shop clock moved). */
export function createRenewalScheduler(
  deps: SchedulerDeps,
  jobs: JobQueue,
  options: { intervalMs: number; log?: Pick<FastifyBaseLogger, 'error'> },
): ScanScheduler {
  return createScanScheduler(() => scheduleDueRenewals(deps, jobs), jobs, {
    ...options,
    what: 'renewals',
  });
}

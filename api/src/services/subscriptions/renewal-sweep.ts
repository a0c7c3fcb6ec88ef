// Once a day (one job per shop-clock day, whichever instance queues it first) the shop looks for
// what the minute-by-minute scheduler should have handled: an active subscription past its period
// with no settled renewal is logged, written to its change log for the operator and queued
// again; a past-due one nobody will retry (a hard decline) ends once its recovery window is over.
import { z } from 'zod';
import type { Executor } from '../../db/schema';
import {
  findRenewableSubscription,
  findRenewal,
  listOverdueSubscriptions,
  listStalledRecoveries,
  recordSystemChange,
} from '../../repositories/subscription-renewals-repository';
import { defineJobKind, type JobQueue } from '../jobs/job-queue';
import { lastTryAt } from './dunning';
import {
  endRecovery,
  loadRenewalContext,
  queueRenewal,
  type RenewalDeps,
} from './renew-subscription';
import { readDunningSettings } from './subscription-settings';

export const sweepSubscriptionsJob = defineJobKind({
  name: 'subscription.sweep',
  payload: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  maxAttempts: 5,
});

/** A subscription this long past its period without a settled renewal is reported. */
export const OVERDUE_AFTER_MS = 3_600_000;
const SWEEP_PAGE = 1_000;

/** The shop clock's calendar day (UTC), which names the day's sweep. */
export const sweepDay = (now: Date) => now.toISOString().slice(0, 10);

/** Queues the day's sweep; every instance asks, the day's key makes it one job. */
export async function queueDailySweep(db: Executor, jobs: JobQueue, now: Date): Promise<void> {
  const day = sweepDay(now);
  await jobs.enqueue(db, sweepSubscriptionsJob, { day }, { key: `subscriptions:sweep:${day}` });
}

export function handleSweeps(jobs: JobQueue, deps: RenewalDeps): void {
  jobs.handle(sweepSubscriptionsJob, async ({ day }) => {
    await sweepSubscriptions(deps, jobs, day);
  });
}

export interface SweepResult {
  overdue: string[];
  ended: string[];
}

export async function sweepSubscriptions(
  deps: RenewalDeps,
  jobs: JobQueue,
  day: string,
): Promise<SweepResult> {
  const { db } = deps;
  const now = deps.clock.now();
  const overdue = await listOverdueSubscriptions(
    db,
    new Date(now.getTime() - OVERDUE_AFTER_MS),
    SWEEP_PAGE,
  );
  let queued = false;
  for (const found of overdue) {
    deps.log?.warn(
      {
        subscriptionId: found.id,
        cycle: found.cycle,
        periodEnd: found.periodEnd,
        ledger: found.ledger,
      },
      'subscription past its period without a settled renewal',
    );
    await db.transaction().execute(async (trx) => {
      await recordSystemChange(trx, {
        subscriptionId: found.id,
        action: 'overdue-found',
        detail: {
          day,
          cycle: found.cycle,
          periodEnd: found.periodEnd.toISOString(),
          ledger: found.ledger,
        },
        now,
      });
      // Stripe Billing renews its own; the shop's are queued again at once.
      if (found.provider === 'test')
        queued =
          (await queueRenewal(trx, jobs, { ...found, attempt: 1 }, now, `sweep-${day}`)) || queued;
    });
  }
  if (queued) jobs.wake();

  const ended: string[] = [];
  for (const id of await listStalledRecoveries(db, SWEEP_PAGE)) {
    const done = await db.transaction().execute(async (trx) => {
      const subscription = await findRenewableSubscription(trx, id, { forUpdate: true });
      if (subscription?.status !== 'past_due' || subscription.nextRetryAt !== null) return false;
      const renewal = await findRenewal(trx, id, subscription.renewedCycles + 1);
      if (renewal?.status !== 'failed' || !renewal.firstFailedAt) return false;
      const settings = await readDunningSettings(trx);
      if (lastTryAt(settings, renewal.firstFailedAt).getTime() > now.getTime()) return false;
      const context = await loadRenewalContext(trx, subscription);
      await endRecovery(deps, trx, context, renewal, settings.endAction, now);
      return true;
    });
    if (done) ended.push(id);
  }
  if (ended.length > 0) deps.mail.wake();
  return { overdue: overdue.map((found) => found.id), ended };
}

// Once a day (one job per shop-clock day, whichever instance queues it first), on every shop, the
// shop looks for what should have happened: an active subscription past its period with no settled
// renewal is logged and written to its change log for the operator; the shop's own is queued again,
// Stripe's is only reported (Stripe bills it; its invoice.paid may have been lost). A past-due one
// nobody will retry (a hard decline) ends once its recovery window is over.
import type { FastifyBaseLogger } from 'fastify';
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
import { createScanScheduler, type ScanScheduler } from '../jobs/scan-scheduler';
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
/**
 * Stripe finalizes a renewal's invoice about an hour after the period ends and may retry its
 * charge for a while before paying: a Stripe subscription is overdue only after a day.
 */
export const BILLED_OVERDUE_AFTER_MS = 24 * 3_600_000;
const SWEEP_PAGE = 1_000;

/** The shop clock's calendar day (UTC), which names the day's sweep. */
export const sweepDay = (now: Date) => now.toISOString().slice(0, 10);

/** Queues the day's sweep; every instance asks, the day's key makes it one job. True when new. */
export async function queueDailySweep(db: Executor, jobs: JobQueue, now: Date): Promise<boolean> {
  const day = sweepDay(now);
  const { created } = await jobs.enqueue(
    db,
    sweepSubscriptionsJob,
    { day },
    { key: `subscriptions:sweep:${day}` },
  );
  return created;
}

/** Asks for the day's sweep on a timer and when the clock moves, whichever provider bills. */
export function createSweepScheduler(
  deps: Pick<RenewalDeps, 'db' | 'clock'>,
  jobs: JobQueue,
  options: { intervalMs: number; log?: Pick<FastifyBaseLogger, 'error'> },
): ScanScheduler {
  return createScanScheduler(
    async () => ((await queueDailySweep(deps.db, jobs, deps.clock.now())) ? 1 : 0),
    jobs,
    { ...options, what: 'the daily sweep' },
  );
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
    {
      before: new Date(now.getTime() - OVERDUE_AFTER_MS),
      billedBefore: new Date(now.getTime() - BILLED_OVERDUE_AFTER_MS),
    },
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
      // Stripe Billing renews its own; the shop's are queued again at once when it bills them.
      if (found.provider === 'test' && deps.provider.name === 'test')
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

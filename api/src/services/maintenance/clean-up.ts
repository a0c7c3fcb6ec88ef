// Clean-up on the job queue: once per shop-clock day (the day's key makes it one job per kind,
// whichever instance queues it first) expired rows are deleted. Each job deletes by time alone,
// so running it twice, or on two instances, deletes nothing twice; a failure is retried with the
// queue's backoff and ends dead in the operators' jobs list.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { deleteStaleLoginThrottles } from '../../repositories/login-throttle-repository';
import { deleteAbandonedOrders } from '../../repositories/orders-repository';
import { deleteEndedRateLimitWindows } from '../../repositories/rate-limit-repository';
import { deleteExpiredResetLinks } from '../../repositories/reset-links-repository';
import { deleteExpiredSessions } from '../../repositories/sessions-repository';
import { deleteExpiredSignupAttempts } from '../../repositories/signup-attempts-repository';
import { deleteWebVitalsBefore } from '../../repositories/web-vitals-repository';
import { LOGIN_THROTTLE_POLICY } from '../account/login-throttle';
import { WEB_VITALS_KEPT_MS } from '../analytics/field-vitals';
import { ORDER_SCOPE } from '../checkout/finalize-order';
import { defineJobKind, type JobKind, type JobQueue } from '../jobs/job-queue';
import { createScanScheduler, type ScanScheduler } from '../jobs/scan-scheduler';

/** Emailed links stay this long after they expire, so their page can still say "expired". */
export const EXPIRED_LINK_GRACE_MS = 7 * 86_400_000;
/**
 * A checkout request lasts seconds (a stopping instance drains within its shutdown timeout): an
 * order this old that never got a payment intent was abandoned by a request that will not return.
 */
export const ABANDONED_ORDER_AFTER_MS = 86_400_000;
const ORDER_BATCH = 500;

export interface CleanUpDeps {
  db: Database;
  /** The shop clock: rate-limit windows are counted by it. */
  clock: Clock;
  /** The machine's time, which sessions, links, log-in throttles and orders are judged by. */
  machineClock: Clock;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

interface CleanUp {
  kind: JobKind<{ day: string }>;
  /** Deletes what has expired; answers how many rows went. */
  run(deps: CleanUpDeps): Promise<number>;
}

const dayPayload = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
const cleanUp = (name: string, run: CleanUp['run']): CleanUp => ({
  kind: defineJobKind({ name, payload: dayPayload, maxAttempts: 5 }),
  run,
});
const ago = (clock: Clock, ms: number) => new Date(clock.now().getTime() - ms);

export const CLEAN_UPS: readonly CleanUp[] = [
  cleanUp('clean-up.limits', async ({ db, clock, machineClock }) => {
    const windows = await deleteEndedRateLimitWindows(db, clock.now());
    const throttles = await deleteStaleLoginThrottles(db, {
      now: machineClock.now(),
      windowStart: ago(machineClock, LOGIN_THROTTLE_POLICY.windowMs),
    });
    return windows + throttles;
  }),
  cleanUp('clean-up.sign-ups', ({ db, machineClock }) =>
    deleteExpiredSignupAttempts(db, ago(machineClock, EXPIRED_LINK_GRACE_MS)),
  ),
  cleanUp('clean-up.sessions', async ({ db, machineClock }) => {
    const sessions = await deleteExpiredSessions(db, machineClock.now());
    const links = await deleteExpiredResetLinks(db, ago(machineClock, EXPIRED_LINK_GRACE_MS));
    return sessions + links;
  }),
  cleanUp('clean-up.abandoned-orders', async ({ db, machineClock }) => {
    const createdBefore = ago(machineClock, ABANDONED_ORDER_AFTER_MS);
    let total = 0;
    for (;;) {
      const deleted = await deleteAbandonedOrders(db, {
        createdBefore,
        keyScope: ORDER_SCOPE,
        limit: ORDER_BATCH,
      });
      total += deleted;
      if (deleted < ORDER_BATCH) return total;
    }
  }),
  // Measurements are stamped with the shop clock, so they age by it.
  cleanUp('clean-up.web-vitals', ({ db, clock }) =>
    deleteWebVitalsBefore(db, ago(clock, WEB_VITALS_KEPT_MS)),
  ),
];

/** Queues the day's clean-ups; every instance asks, the day's keys make them one job each. */
export async function queueCleanUps(db: Executor, jobs: JobQueue, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  let created = 0;
  for (const { kind } of CLEAN_UPS) {
    const queued = await jobs.enqueue(db, kind, { day }, { key: `${kind.name}:${day}` });
    if (queued.created) created += 1;
  }
  return created;
}

export function createCleanUpScheduler(
  deps: Pick<CleanUpDeps, 'db' | 'clock'>,
  jobs: JobQueue,
  options: { intervalMs: number; log?: Pick<FastifyBaseLogger, 'error'> },
): ScanScheduler {
  return createScanScheduler(() => queueCleanUps(deps.db, jobs, deps.clock.now()), jobs, {
    ...options,
    what: 'the clean-up',
  });
}

export function handleCleanUps(jobs: JobQueue, deps: CleanUpDeps): void {
  for (const task of CLEAN_UPS)
    jobs.handle(task.kind, async ({ day }) => {
      const deleted = await task.run(deps);
      deps.log?.info({ kind: task.kind.name, day, deleted }, 'clean-up done');
    });
}

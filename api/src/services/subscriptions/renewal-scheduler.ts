// Every instance looks for due renewals on a timer and whenever the shop clock moves; queueing is
// idempotent (a cycle's job key, one live job per subscription), so instances never double up.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../jobs/job-queue';
import { scheduleDueRenewals, type RenewalDeps } from './renew-subscription';

export interface RenewalScheduler {
  /** Queues the renewals due now; resolves with how many new jobs were queued. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): void;
}

export function createRenewalScheduler(
  deps: Pick<RenewalDeps, 'db' | 'clock'>,
  jobs: JobQueue,
  options: { intervalMs: number; log?: Pick<FastifyBaseLogger, 'error'> },
): RenewalScheduler {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function runOnce(): Promise<number> {
    if (running) return running;
    running = (async () => {
      const queued = await scheduleDueRenewals(deps, jobs);
      if (queued > 0) jobs.wake();
      return queued;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const tick = () => {
    runOnce().catch((error: unknown) =>
      options.log?.error({ err: error }, 'scheduling renewals failed'),
    );
  };

  return {
    runOnce,
    start() {
      if (timer) return;
      tick();
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

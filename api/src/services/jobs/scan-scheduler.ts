// A scan that queues jobs (due renewals, due notices), run on every instance on a timer and
// whenever asked (the shop clock moved). Queueing is idempotent, so instances never double up.
// A call during a pass may follow a change that pass did not see, so it gets one more pass after
// it; calls that pile up meanwhile share that one.
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './job-queue';

export interface ScanScheduler {
  /** Runs the scan now; resolves with how many new jobs it queued. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): void;
}

export function createScanScheduler(
  scan: () => Promise<number>,
  jobs: JobQueue,
  options: { intervalMs: number; what: string; log?: Pick<FastifyBaseLogger, 'error'> },
): ScanScheduler {
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<number> | null = null;
  let next: Promise<number> | null = null;
  const runOnce = (): Promise<number> => {
    if (pass) {
      next ??= pass
        .catch(() => 0)
        .then(() => {
          next = null;
          return runOnce();
        });
      return next;
    }
    pass = scan()
      .then((queued) => {
        if (queued > 0) jobs.wake();
        return queued;
      })
      .finally(() => {
        pass = null;
      });
    return pass;
  };
  const tick = () =>
    void runOnce().catch((error: unknown) =>
      options.log?.error({ err: error }, `scheduling ${options.what} failed`),
    );
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

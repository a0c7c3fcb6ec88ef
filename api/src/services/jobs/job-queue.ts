// The shop's job queue: jobs are rows in the database (the same code on PGlite and PostgreSQL),
// claimed by runners in every API instance with a lease and `for update skip locked`, retried
// with backoff and jitter, and kept as dead with their last error once their tries run out.
// Business time (when a job is due, when it is retried) is the shop clock; leases are the
// machine's time, so moving the clock forward never takes a job from a runner that is alive.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/schema';
import { systemClock, type Clock } from '../../lib/clock';
import {
  buryExhaustedJobs,
  claimJobs,
  completeJob,
  extendJobLease,
  failJob,
  insertJob,
  notifyJobRunners,
  pruneCompletedJobs,
  type JobLease,
  type JobRecord,
} from '../../repositories/jobs-repository';

export interface Backoff {
  /** The wait after the first failed attempt; it doubles with each further one. */
  baseMs: number;
  maxMs: number;
}

/** A named kind of job, its payload's schema and its retry policy. */
export interface JobKind<P> {
  name: string;
  payload: z.ZodType<P>;
  maxAttempts: number;
  backoff: Backoff;
  /** Overrides the queue's lease for this kind (a job that calls slower services). */
  leaseMs?: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 6 * 3_600_000 };

export function defineJobKind<P>(
  kind: Pick<JobKind<P>, 'name' | 'payload'> & Partial<Omit<JobKind<P>, 'name' | 'payload'>>,
): JobKind<P> {
  return { maxAttempts: 5, backoff: DEFAULT_BACKOFF, ...kind };
}

/** Thrown by a handler when trying again cannot help: the job is dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** A heartbeat found the job taken by another runner: stop and leave the job alone. */
export class JobLeaseLostError extends Error {
  constructor(id: number) {
    super(`Job ${id} is no longer leased to this runner`);
    this.name = 'JobLeaseLostError';
  }
}

export interface JobContext {
  id: number;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
  /** The shop clock. */
  now(): Date;
  /** Extends the lease by the kind's lease from now; throws JobLeaseLostError when it was lost. */
  extendLease(): Promise<void>;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** When the job is due by the shop clock; now by default. */
  runAt?: Date;
  /** Idempotency: enqueueing the same key again answers the same job. */
  key?: string;
  /** At most one queued or running job per singleton key (e.g. one per subscription). */
  singletonKey?: string;
}

export interface JobQueue {
  /**
   * Queues a job through `executor` (inside a transaction, its trx, so the job exists only if the
   * change that asked for it commits). On PostgreSQL every instance's runner hears of it on commit.
   */
  enqueue<P>(
    executor: Executor,
    kind: JobKind<P>,
    payload: P,
    options?: EnqueueOptions,
  ): Promise<{ job: JobRecord; created: boolean }>;
  /** Registers the handler of a kind; a runner claims only kinds it can handle. */
  handle<P>(kind: JobKind<P>, handler: JobHandler<P>): void;
  /** Asks the runner to look at the queue now (after a commit, or after the clock moved). */
  wake(): void;
  /** Runs the jobs due now until none is left; resolves with how many attempts were made. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops the runner and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** The shop clock: due times and retries. */
  clock?: Clock;
  /** The machine's clock: leases. Tests move it to play a runner that stopped. */
  leaseClock?: Clock;
  leaseMs: number;
  pollMs: number;
  /** Jobs run at once by one runner. */
  concurrency?: number;
  /** Sends a NOTIFY on this channel with every enqueue (PostgreSQL). */
  notifyChannel?: string;
  /** How long completed jobs (and their keys) are kept. */
  keepCompletedMs?: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Exponential backoff with jitter: base·2^(attempt−1), capped, then scaled into [50 %, 100 %] by a
 * hash of the job and attempt, so jobs that failed together spread out and a test knows the delay.
 */
export function retryDelayMs(backoff: Backoff, jobId: number, attempt: number): number {
  const ceiling = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + 0.5 * jitterFraction(jobId, attempt)));
}

/** A fraction in [0, 1) from the job and attempt (FNV-1a over both). */
function jitterFraction(jobId: number, attempt: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${jobId}:${attempt}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

const PRUNE_EVERY_MS = 3_600_000;

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createJobQueue(db: Database, options: JobQueueOptions): JobQueue {
  const clock = options.clock ?? systemClock;
  const leaseClock = options.leaseClock ?? systemClock;
  const concurrency = options.concurrency ?? 4;
  const keepCompletedMs = options.keepCompletedMs ?? 30 * 86_400_000;
  const { log } = options;
  const runnerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, { kind: JobKind<unknown>; handler: JobHandler<unknown> }>();

  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let pass: Promise<number> | null = null;
  /** Set by stop(): no further pass starts, and a pass stops between batches. */
  let closing = false;
  let lastPruneAt = 0;

  const leaseMsOf = (kind: string) => handlers.get(kind)?.kind.leaseMs ?? options.leaseMs;

  async function runJob(job: JobRecord): Promise<void> {
    const entry = handlers.get(job.kind)!;
    const lease: JobLease = { id: job.id, attempt: job.attempts };
    const context: JobContext = {
      id: job.id,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      now: () => clock.now(),
      async extendLease() {
        const until = new Date(leaseClock.now().getTime() + leaseMsOf(job.kind));
        if (!(await extendJobLease(db, lease, { until, at: leaseClock.now() })))
          throw new JobLeaseLostError(job.id);
      },
    };
    let failure: unknown = null;
    try {
      const payload = entry.kind.payload.safeParse(job.payload);
      if (!payload.success)
        throw new PermanentJobError(`payload does not match ${job.kind}: ${payload.error.message}`);
      await entry.handler(payload.data, context);
    } catch (error) {
      failure = error;
    }
    if (failure instanceof JobLeaseLostError) {
      log?.warn({ jobId: job.id, kind: job.kind }, 'job lease lost while running');
      return;
    }
    const at = leaseClock.now();
    const now = clock.now();
    if (failure === null) {
      if (!(await completeJob(db, lease, { now, at })))
        log?.warn({ jobId: job.id, kind: job.kind }, 'job finished after its lease was lost');
      return;
    }
    const retry = !(failure instanceof PermanentJobError) && job.attempts < job.maxAttempts;
    const retryAt = retry
      ? new Date(now.getTime() + retryDelayMs(entry.kind.backoff, job.id, job.attempts))
      : null;
    log?.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: failure, retryAt },
      retry ? 'job failed; it will be retried' : 'job failed for good; it is dead',
    );
    if (!(await failJob(db, lease, { error: errorText(failure), retryAt, now, at })))
      log?.warn({ jobId: job.id, kind: job.kind }, 'job failed after its lease was lost');
  }

  async function runDueOnce(): Promise<number> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return 0;
    await buryExhaustedJobs(db, { leaseNow: leaseClock.now(), now: clock.now() });
    let ran = 0;
    for (;;) {
      const leaseNow = leaseClock.now();
      const batch = await claimJobs(db, {
        kinds,
        now: clock.now(),
        leaseNow,
        leaseUntil: (kind) => new Date(leaseNow.getTime() + leaseMsOf(kind)),
        limit: concurrency,
        runnerId,
      });
      await Promise.all(batch.map(runJob));
      ran += batch.length;
      // A short batch means nothing else is due; stop() ends the loop between batches.
      if (batch.length < concurrency || closing) break;
    }
    if (leaseClock.now().getTime() - lastPruneAt > PRUNE_EVERY_MS) {
      lastPruneAt = leaseClock.now().getTime();
      await pruneCompletedJobs(db, new Date(clock.now().getTime() - keepCompletedMs));
    }
    return ran;
  }

  function runDue(): Promise<number> {
    if (closing) return Promise.resolve(0);
    // A pass in flight may have claimed before the caller's jobs were due: run another after it.
    if (pass) return pass.catch(() => 0).then(() => runDue());
    pass = runDueOnce().finally(() => {
      pass = null;
    });
    return pass;
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    timer.unref();
  }

  async function tick() {
    timer = null;
    try {
      await runDue();
    } catch (error) {
      if (!stopped) log?.error({ err: error }, 'job runner failed');
    } finally {
      // A wake during the pass has set a timer already; otherwise poll again later.
      if (!timer) schedule(options.pollMs);
    }
  }

  return {
    async enqueue(executor, kind, payload, enqueueOptions = {}) {
      const parsed = kind.payload.parse(payload);
      const now = clock.now();
      const result = await insertJob(executor, {
        kind: kind.name,
        payload: parsed,
        runAt: enqueueOptions.runAt ?? now,
        maxAttempts: kind.maxAttempts,
        key: enqueueOptions.key,
        singletonKey: enqueueOptions.singletonKey,
        now,
      });
      if (result.created) {
        if (options.notifyChannel) await notifyJobRunners(executor, options.notifyChannel);
        // Outside a transaction the row is there now; inside one, the caller wakes after commit.
        if (!executor.isTransaction) schedule(0);
      }
      return result;
    },
    handle(kind, handler) {
      handlers.set(kind.name, {
        kind: kind as JobKind<unknown>,
        handler: handler as JobHandler<unknown>,
      });
    },
    wake: () => schedule(0),
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      closing = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      closing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await pass?.catch(() => undefined);
    },
  };
}

import { z } from 'zod';
import type { DatabaseHandle } from '../../../src/db/open-database';
import { createManualClock, type ManualClock } from '../../../src/lib/clock';
import { claimJobs, completeJob, findJob } from '../../../src/repositories/jobs-repository';
import {
  createJobQueue,
  defineJobKind,
  PermanentJobError,
  retryDelayMs,
  type JobQueue,
  type JobQueueOptions,
} from '../../../src/services/jobs/job-queue';
import { createTestDatabase, testBackend, type TestDatabase } from '../../helpers/test-database';

const T0 = new Date('2026-01-31T09:00:00Z');
const LEASE_MS = 5 * 60_000;

const echo = defineJobKind({
  name: 'test.echo',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 3,
  backoff: { baseMs: 60_000, maxMs: 3_600_000 },
});

describe('job queue', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let leaseClock: ManualClock;
  const queues: JobQueue[] = [];

  function queue(options: Partial<JobQueueOptions> & { handle?: DatabaseHandle } = {}): JobQueue {
    const made = createJobQueue((options.handle ?? database.handle).db, {
      clock,
      leaseClock,
      leaseMs: LEASE_MS,
      pollMs: 60_000,
      ...options,
    });
    queues.push(made);
    return made;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    clock = createManualClock(T0);
    leaseClock = createManualClock(new Date('2026-05-01T00:00:00Z'));
    await database.handle.db.deleteFrom('jobs').execute();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((made) => made.stop()));
  });
  afterAll(() => database.drop());

  it('runs a due job once with its payload and marks it completed', async () => {
    const q = queue();
    const seen: number[] = [];
    q.handle(echo, async ({ n }, context) => {
      seen.push(n);
      expect(context.attempt).toBe(1);
    });
    const { job, created } = await q.enqueue(database.handle.db, echo, { n: 7 });
    expect(created).toBe(true);
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([7]);
    expect(await findJob(database.handle.db, job.id)).toMatchObject({
      status: 'completed',
      attempts: 1,
      lockedUntil: null,
      finishedAt: T0,
    });
  });

  it('refuses a payload that does not match its kind', async () => {
    const q = queue();
    await expect(
      q.enqueue(database.handle.db, echo, { n: 'seven' } as unknown as { n: number }),
    ).rejects.toThrow();
  });

  it('waits for run_at by the shop clock, not the machine', async () => {
    const q = queue();
    const ran: number[] = [];
    q.handle(echo, async ({ n }) => void ran.push(n));
    await q.enqueue(
      database.handle.db,
      echo,
      { n: 1 },
      { runAt: new Date(T0.getTime() + 3_600_000) },
    );
    leaseClock.advance(86_400_000);
    expect(await q.runDue()).toBe(0);
    clock.advance(3_600_000);
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual([1]);
  });

  it('enqueues idempotently: the same key answers the same job, even once it has finished', async () => {
    const q = queue();
    q.handle(echo, async () => undefined);
    const first = await q.enqueue(database.handle.db, echo, { n: 1 }, { key: 'renewal:s1:3' });
    const again = await q.enqueue(database.handle.db, echo, { n: 2 }, { key: 'renewal:s1:3' });
    expect(again).toMatchObject({ created: false, job: { id: first.job.id, payload: { n: 1 } } });
    await q.runDue();
    const after = await q.enqueue(database.handle.db, echo, { n: 3 }, { key: 'renewal:s1:3' });
    expect(after).toMatchObject({ created: false, job: { id: first.job.id, status: 'completed' } });
    expect(await database.handle.db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  });

  it('keeps one live job per singleton key; a new one may follow once it has finished', async () => {
    const q = queue();
    q.handle(echo, async () => undefined);
    const first = await q.enqueue(database.handle.db, echo, { n: 1 }, { singletonKey: 'sub:1' });
    const second = await q.enqueue(database.handle.db, echo, { n: 2 }, { singletonKey: 'sub:1' });
    expect(second).toMatchObject({ created: false, job: { id: first.job.id } });
    const other = await q.enqueue(database.handle.db, echo, { n: 3 }, { singletonKey: 'sub:2' });
    expect(other.created).toBe(true);
    expect(await q.runDue()).toBe(2);
    const next = await q.enqueue(database.handle.db, echo, { n: 4 }, { singletonKey: 'sub:1' });
    expect(next.created).toBe(true);
    expect(next.job.id).not.toBe(first.job.id);
  });

  it('retries with exponential backoff and jitter by the shop clock, then ends dead with the last error', async () => {
    const q = queue();
    let calls = 0;
    q.handle(echo, async () => {
      calls += 1;
      throw new Error(`card network down (${calls})`);
    });
    const { job } = await q.enqueue(database.handle.db, echo, { n: 1 });

    expect(await q.runDue()).toBe(1);
    const firstDelay = retryDelayMs(echo.backoff, job.id, 1);
    expect(firstDelay).toBeGreaterThanOrEqual(30_000);
    expect(firstDelay).toBeLessThanOrEqual(60_000);
    expect(await findJob(database.handle.db, job.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      runAt: new Date(T0.getTime() + firstDelay),
      lastError: 'Error: card network down (1)',
    });
    // Not due a millisecond early.
    clock.advance(firstDelay - 1);
    expect(await q.runDue()).toBe(0);
    clock.advance(1);
    expect(await q.runDue()).toBe(1);
    const secondDelay = retryDelayMs(echo.backoff, job.id, 2);
    expect(secondDelay).toBeGreaterThanOrEqual(60_000);
    expect(secondDelay).toBeLessThanOrEqual(120_000);
    expect((await findJob(database.handle.db, job.id))?.runAt).toEqual(
      new Date(clock.now().getTime() + secondDelay),
    );
    clock.advance(secondDelay);
    expect(await q.runDue()).toBe(1);
    expect(await findJob(database.handle.db, job.id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'Error: card network down (3)',
      finishedAt: clock.now(),
    });
    clock.advance(86_400_000);
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('a permanent failure is dead at once', async () => {
    const q = queue();
    q.handle(echo, async () => {
      throw new PermanentJobError('card reported stolen');
    });
    const { job } = await q.enqueue(database.handle.db, echo, { n: 1 });
    await q.runDue();
    expect(await findJob(database.handle.db, job.id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: 'PermanentJobError: card reported stolen',
    });
  });

  it("takes a stopped runner's job once its lease has expired, and the stopped runner cannot finish it", async () => {
    const q = queue();
    const ran: number[] = [];
    q.handle(echo, async (_payload, context) => void ran.push(context.attempt));
    const { job } = await q.enqueue(database.handle.db, echo, { n: 1 });
    // A runner claims it and stops answering.
    const [claimed] = await claimJobs(database.handle.db, {
      kinds: [echo.name],
      now: clock.now(),
      leaseNow: leaseClock.now(),
      leaseUntil: () => new Date(leaseClock.now().getTime() + LEASE_MS),
      limit: 1,
      runnerId: 'crashed',
    });
    expect(claimed).toMatchObject({ id: job.id, status: 'running', lockedBy: 'crashed' });

    // Moving the shop clock does not end a lease: leases are the machine's time.
    clock.advance(31 * 86_400_000);
    expect(await q.runDue()).toBe(0);
    leaseClock.advance(LEASE_MS - 1);
    expect(await q.runDue()).toBe(0);
    leaseClock.advance(1);
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await findJob(database.handle.db, job.id)).toMatchObject({
      status: 'completed',
      attempts: 2,
    });
    const late = { now: clock.now(), at: leaseClock.now() };
    expect(await completeJob(database.handle.db, { id: job.id, attempt: 1 }, late)).toBe(false);
  });

  it('a job whose runner stopped on its last try is dead, not claimed again', async () => {
    const q = queue();
    q.handle(echo, async () => undefined);
    const { job } = await q.enqueue(database.handle.db, echo, { n: 1 });
    for (let attempt = 1; attempt <= echo.maxAttempts; attempt++) {
      await claimJobs(database.handle.db, {
        kinds: [echo.name],
        now: clock.now(),
        leaseNow: leaseClock.now(),
        leaseUntil: () => new Date(leaseClock.now().getTime() + LEASE_MS),
        limit: 1,
        runnerId: 'crashing',
      });
      leaseClock.advance(LEASE_MS);
    }
    expect(await q.runDue()).toBe(0);
    expect(await findJob(database.handle.db, job.id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: expect.stringContaining('lease expired'),
    });
  });

  it('a heartbeat keeps a long job from being taken', async () => {
    const slow = defineJobKind({
      name: 'test.slow',
      payload: z.object({}),
      leaseMs: 1_000,
    });
    const a = queue();
    const b = queue();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let heartbeat!: () => void;
    const beaten = new Promise<void>((resolve) => (heartbeat = resolve));
    const runs: string[] = [];
    a.handle(slow, async (_payload, context) => {
      runs.push('a');
      leaseClock.advance(800);
      await context.extendLease();
      heartbeat();
      await released;
    });
    b.handle(slow, async () => void runs.push('b'));
    const { job } = await a.enqueue(database.handle.db, slow, {});
    const running = a.runDue();
    await beaten;
    // 1.5 s after the claim: past the first lease, inside the extended one.
    leaseClock.advance(700);
    expect(await b.runDue()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(runs).toEqual(['a']);
    expect((await findJob(database.handle.db, job.id))?.status).toBe('completed');
  });

  it(`two runners${testBackend() === 'postgres' ? ' on separate connections' : ''} racing run every job exactly once`, async () => {
    const other = testBackend() === 'postgres' ? await database.openAnother() : database.handle;
    const a = queue({ concurrency: 3 });
    const b = queue({ concurrency: 5, handle: other });
    const runs = new Map<number, string[]>();
    for (const [name, q] of [
      ['a', a],
      ['b', b],
    ] as const)
      q.handle(echo, async ({ n }) => {
        runs.set(n, [...(runs.get(n) ?? []), name]);
        // Yield so the other runner's claims interleave with this one's work.
        await new Promise((resolve) => setImmediate(resolve));
      });
    for (let n = 0; n < 60; n++) await a.enqueue(database.handle.db, echo, { n });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(60);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
    if (testBackend() === 'postgres') {
      expect(ranA).toBeGreaterThan(0);
      expect(ranB).toBeGreaterThan(0);
    }
  });

  it('a started runner is woken by an enqueue in the same process', async () => {
    const q = queue();
    let done!: (n: number) => void;
    const ran = new Promise<number>((resolve) => (done = resolve));
    q.handle(echo, async ({ n }) => done(n));
    q.start();
    // The poll interval is a minute: only the wake can run it in time for this test.
    await q.enqueue(database.handle.db, echo, { n: 42 });
    expect(await ran).toBe(42);
  });
});

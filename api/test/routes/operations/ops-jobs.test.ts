// The operator's view of the job queue (dead and failing jobs, a retry in the audit log) and the
// shop clock moved through the operator API, which every runner hears of.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { z } from 'zod';
import { listAudit } from '../../../src/repositories/audit-log-repository';
import { readClockOffset } from '../../../src/repositories/clock-repository';
import { findJob } from '../../../src/repositories/jobs-repository';
import { defineJobKind } from '../../../src/services/jobs/job-queue';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { advanceShopClock } from '../../helpers/clock';
import { operatorSession, shopperSession } from '../../helpers/operators';

const DAY_MS = 86_400_000;

const flaky = defineJobKind({
  name: 'test.flaky',
  payload: z.object({ subject: z.string() }),
  maxAttempts: 2,
  backoff: { baseMs: 3_600_000, maxMs: 3_600_000 },
});

describe('operator jobs and clock routes', () => {
  let t: TestApp;
  let operator: string;
  let failing = true;
  const ran: Array<{ subject: string; attempt: number }> = [];
  const waiters: Array<{ subject: string; resolve: () => void }> = [];

  /** Resolves once the runner has run a job for `subject` that succeeded. */
  function succeeded(subject: string): Promise<void> {
    return new Promise((resolve) => waiters.push({ subject, resolve }));
  }

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await operatorSession(t);
    t.app.jobs.handle(flaky, async ({ subject }, context) => {
      ran.push({ subject, attempt: context.attempt });
      if (failing) throw new Error(`provider timed out for ${subject}`);
      for (const waiter of waiters.filter((w) => w.subject === subject)) waiter.resolve();
    });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = operator) =>
    t.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: Record<string, unknown> = {}, cookie = operator) =>
    t.inject({ method: 'POST', url, payload, headers: { cookie } });

  it('lists failing and dead jobs; a retry puts a dead job back, is audited, and the runner runs it', async () => {
    const { job } = await t.app.jobs.enqueue(t.app.db, flaky, { subject: 'sub-1' });
    await t.app.jobs.runDue();
    const failingList = await get(`${API_PATHS.opsJobs}?state=failing`);
    expect(failingList.statusCode).toBe(200);
    expect(failingList.json().jobs).toEqual([
      expect.objectContaining({
        id: job.id,
        kind: 'test.flaky',
        status: 'queued',
        attempts: 1,
        lastError: 'Error: provider timed out for sub-1',
      }),
    ]);

    await advanceShopClock(t, '2h');
    await t.app.jobs.runDue();
    expect((await findJob(t.app.db, job.id))?.status).toBe('dead');
    const dead = await get(`${API_PATHS.opsJobs}?state=dead`);
    expect(dead.json().jobs).toEqual([
      expect.objectContaining({
        id: job.id,
        status: 'dead',
        attempts: 2,
        payload: { subject: 'sub-1' },
      }),
    ]);
    expect((await get(`${API_PATHS.opsJobs}?state=failing`)).json().jobs).toEqual([]);

    failing = false;
    const done = succeeded('sub-1');
    const retried = await post(buildPath(API_PATHS.opsJobRetry, { id: String(job.id) }));
    expect(retried.statusCode).toBe(200);
    expect(retried.json().job).toMatchObject({ id: job.id, status: 'queued', attempts: 0 });
    const [entry] = await listAudit(t.app.db, { limit: 1 });
    expect(entry).toMatchObject({
      action: 'job.retry',
      target: `job:${job.id}`,
      actor: 'ops@bloodwise.test',
      via: 'console',
      before: { status: 'dead', attempts: 2, lastError: 'Error: provider timed out for sub-1' },
    });
    // The retry woke the runner: no one calls runDue here.
    await done;
    // Waits for the runner's pass in flight, which writes the outcome.
    await t.app.jobs.runDue();
    expect(ran.at(-1)).toEqual({ subject: 'sub-1', attempt: 1 });
    expect((await findJob(t.app.db, job.id))?.status).toBe('completed');

    const again = await post(buildPath(API_PATHS.opsJobRetry, { id: String(job.id) }));
    expect(again.statusCode).toBe(409);
    const missing = await post(buildPath(API_PATHS.opsJobRetry, { id: '999999' }));
    expect(missing.statusCode).toBe(404);
  });

  it('answers anyone but an operator as an unknown path', async () => {
    const shopper = await shopperSession(t);
    for (const cookie of [shopper, '']) {
      expect((await get(`${API_PATHS.opsJobs}?state=dead`, cookie)).statusCode).toBe(404);
      expect(
        (await post(buildPath(API_PATHS.opsJobRetry, { id: '1' }), {}, cookie)).statusCode,
      ).toBe(404);
      expect((await post(API_PATHS.opsClockAdvance, { by: '31d' }, cookie)).statusCode).toBe(404);
    }
  });

  it('moves the shop clock for the whole shop: persisted, audited, and a job due then runs', async () => {
    failing = false;
    const before = (await get(API_PATHS.opsClock)).json();
    expect(before).toMatchObject({ movable: true });
    const runAt = new Date(t.app.clock.now().getTime() + 31 * DAY_MS);
    await t.app.jobs.enqueue(t.app.db, flaky, { subject: 'renewal' }, { runAt });
    await t.app.jobs.runDue();
    expect(ran.some((run) => run.subject === 'renewal')).toBe(false);

    const done = succeeded('renewal');
    const moved = await post(API_PATHS.opsClockAdvance, { by: '31d' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offsetMs).toBe(before.offsetMs + 31 * DAY_MS);
    expect(await readClockOffset(t.app.db)).toBe(before.offsetMs + 31 * DAY_MS);
    // Moving the clock woke the runner.
    await done;
    const [entry] = await listAudit(t.app.db, { limit: 1 });
    expect(entry).toMatchObject({ action: 'clock.advance', target: 'clock' });

    expect((await post(API_PATHS.opsClockAdvance, { by: 'a month' })).statusCode).toBe(400);
  });
});

describe('the shop clock in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { nodeEnv: 'production' } });
  });
  afterAll(() => t.close());

  it('cannot be moved through the operator API', async () => {
    const cookie = await operatorSession(t);
    const before = t.app.clock.now().getTime();
    const refused = await t.inject({
      method: 'POST',
      url: API_PATHS.opsClockAdvance,
      payload: { by: '31d' },
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('The clock cannot be moved in production.');
    expect(t.app.clock.offsetMs()).toBe(0);
    expect(t.app.clock.now().getTime() - before).toBeLessThan(DAY_MS);
    expect(await readClockOffset(t.app.db)).toBe(0);
    await expect(t.app.clock.advance(DAY_MS)).rejects.toThrow('cannot be moved in production');
  });
});

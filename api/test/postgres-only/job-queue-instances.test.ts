// Two API instances on one PostgreSQL database: a job queued in a transaction on one is run by
// the other's runner as soon as it commits (NOTIFY), and the clock moved on one moves on both.
import { z } from 'zod';
import { defineJobKind } from '../../src/services/jobs/job-queue';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { advanceShopClock } from '../helpers/clock';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const ping = defineJobKind({ name: 'test.ping', payload: z.object({ n: z.number() }) });

describe('the job queue across two instances', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Polling once a minute: only a notification can reach the other instance in time.
    const config = { jobs: { leaseMs: 300_000, pollMs: 60_000, concurrency: 4 } };
    a = await buildTestApp({ database, config });
    b = await buildTestApp({ database, config, handle: await database.openAnother() });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
  });

  it("a job queued in a transaction on one instance is run by the other's runner once committed", async () => {
    let ran!: (n: number) => void;
    const done = new Promise<number>((resolve) => (ran = resolve));
    b.app.jobs.handle(ping, async ({ n }) => ran(n));
    await a.app.db.transaction().execute(async (trx) => {
      await a.app.jobs.enqueue(trx, ping, { n: 5 });
    });
    expect(await done).toBe(5);
  });

  it('the clock moved on one instance is moved on the other, and its due jobs run there', async () => {
    const runAt = new Date(a.app.clock.now().getTime() + 31 * 86_400_000);
    let ran!: (n: number) => void;
    const done = new Promise<number>((resolve) => (ran = resolve));
    b.app.jobs.handle(ping, async ({ n }) => ran(n));
    await a.app.jobs.enqueue(a.app.db, ping, { n: 31 }, { runAt });
    await advanceShopClock(a, '31d');
    expect(await done).toBe(31);
    expect(b.app.clock.offsetMs()).toBe(a.app.clock.offsetMs());
  });
});

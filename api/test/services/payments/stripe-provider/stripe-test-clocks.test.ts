// Stripe test clocks that follow the shop clock, against Stripe's API answered locally: each new
// test-mode customer is made on a clock of its own at the shop's now, and moving the shop clock
// advances every clock behind it (through the job queue, retried while Stripe is still advancing).
import { createManualClock } from '../../../../src/lib/clock';
import { createShopClock } from '../../../../src/services/clock/shop-clock';
import { createJobQueue, type JobQueue } from '../../../../src/services/jobs/job-queue';
import { createStripePaymentProvider } from '../../../../src/services/payments/stripe-provider/stripe-payment-provider';
import {
  createStripeTestClocks,
  followShopClock,
  type StripeTestClocks,
} from '../../../../src/services/payments/stripe-provider/stripe-test-clocks';
import { ok, startStripeApi, stripeError, type StripeApi } from '../../../helpers/stripe-api';
import { createTestDatabase, type TestDatabase } from '../../../helpers/test-database';

const START = new Date('2027-03-01T09:00:00Z');
const secs = (date: Date) => String(Math.floor(date.getTime() / 1000));

describe('Stripe test clocks', () => {
  let api: StripeApi;
  let database: TestDatabase;
  let now: Date;
  let clocks: StripeTestClocks;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    api = await startStripeApi();
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    api.reset();
    now = START;
    await database.handle.db.deleteFrom('stripe_test_clocks').execute();
    clocks = createStripeTestClocks({
      secretKey: 'sk_test_clocks',
      db: database.handle.db,
      now: () => now,
      client: { ...api.client, maxNetworkRetries: 0 },
    });
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
    api.done();
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
  });

  const clockReply = (id: string, at: Date) =>
    ok({
      id,
      object: 'test_helpers.test_clock',
      frozen_time: Number(secs(at)),
      status: 'ready',
    });

  const clockedProvider = () =>
    createStripePaymentProvider({
      secretKey: 'sk_test_clocks',
      publishableKey: 'pk_test_clocks',
      webhookSecret: 'whsec_clocks',
      db: database.handle.db,
      client: api.client,
      customerTestClocks: clocks,
    });

  const frozenTimes = async () =>
    (
      await database.handle.db
        .selectFrom('stripe_test_clocks')
        .select(['id', 'customer_id', 'frozen_time'])
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row, frozen_time: new Date(row.frozen_time).toISOString() }));

  it("puts each new test-mode customer on a clock of its own at the shop clock's now", async () => {
    const user = await database.handle.db
      .insertInto('users')
      .values({ email: 'clock@example.com', name: 'Clo Ck' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const provider = clockedProvider();
    api.on('POST', '/v1/test_helpers/test_clocks', clockReply('clock_a', START));
    api.on('POST', '/v1/customers', ok({ id: 'cus_clocked', object: 'customer' }));

    await provider.ensureCustomer({ userId: user.id, email: 'clock@example.com', name: 'Clo Ck' });

    expect(api.requests).toEqual([
      expect.objectContaining({
        path: '/v1/test_helpers/test_clocks',
        idempotencyKey: `test-clock:customer:${user.id}:${secs(START)}`,
        form: expect.objectContaining({ frozen_time: secs(START) }),
      }),
      expect.objectContaining({
        path: '/v1/customers',
        idempotencyKey: `customer:${user.id}:clock_a`,
        form: expect.objectContaining({ test_clock: 'clock_a' }),
      }),
    ]);
    expect(await frozenTimes()).toEqual([
      { id: 'clock_a', customer_id: 'cus_clocked', frozen_time: START.toISOString() },
    ]);
  });

  it('gives a guest who comes back after the shop clock moved a new clock, under keys Stripe accepts', async () => {
    const provider = clockedProvider();
    const guest = { userId: null, email: 'again@example.com', name: 'Guest Again' };
    api.on('POST', /^\/v1\/test_helpers\/test_clocks$/, (request) =>
      clockReply(
        `clock_${request.form.frozen_time}`,
        new Date(Number(request.form.frozen_time) * 1000),
      ),
    );
    api.on('POST', /^\/v1\/customers$/, (request) =>
      ok({ id: `cus_on_${request.form.test_clock}`, object: 'customer' }),
    );

    const first = await provider.ensureCustomer(guest);
    now = new Date('2027-04-01T09:00:00Z');
    // The stand-in refuses a key sent again with other fields (a new frozen_time, a new clock).
    const second = await provider.ensureCustomer(guest);

    expect(first.id).toBe(`cus_on_clock_${secs(START)}`);
    expect(second.id).toBe(`cus_on_clock_${secs(now)}`);
    const keys = api.requests.map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(4);
  });

  it('never with a live key: the clocks refuse to be made, and the provider ignores them', async () => {
    expect(() =>
      createStripeTestClocks({
        secretKey: 'sk_live_clocks',
        db: database.handle.db,
        now: () => now,
      }),
    ).toThrow(/test mode only/);
    const live = createStripePaymentProvider({
      secretKey: 'sk_live_clocks',
      publishableKey: 'pk_live_clocks',
      webhookSecret: 'whsec_clocks',
      db: database.handle.db,
      client: api.client,
      customerTestClocks: clocks,
    });
    api.on('POST', '/v1/customers', ok({ id: 'cus_live', object: 'customer' }));
    await live.ensureCustomer({ userId: null, email: 'live@example.com' });
    expect(api.requests.map((request) => request.path)).toEqual(['/v1/customers']);
    expect(api.requests[0]!.form).not.toHaveProperty('test_clock');
  });

  it('advances every clock behind the shop clock to it, once; a refused one is tried again next time', async () => {
    api.on('POST', '/v1/test_helpers/test_clocks', clockReply('clock_b', START));
    api.on('POST', '/v1/test_helpers/test_clocks', clockReply('clock_c', START));
    const b = await clocks.clockForCustomer('customer:b');
    const c = await clocks.clockForCustomer('customer:c');
    api.reset();

    const later = new Date('2027-04-01T09:00:00Z');
    api.on('POST', `/v1/test_helpers/test_clocks/${b}/advance`, clockReply(b, later));
    // Stripe is still advancing c from an earlier move.
    api.on(
      'POST',
      `/v1/test_helpers/test_clocks/${c}/advance`,
      stripeError(400, { type: 'invalid_request_error', message: 'The test clock is advancing.' }),
    );
    await expect(clocks.advanceTo(later)).rejects.toThrow(
      /1 Stripe test clock\(s\) did not advance/,
    );
    expect(
      api.requests.map((request) => [request.path, request.form, request.idempotencyKey]),
    ).toEqual([
      [
        `/v1/test_helpers/test_clocks/${b}/advance`,
        { frozen_time: secs(later) },
        `test-clock:${b}:advance:${secs(later)}`,
      ],
      [
        `/v1/test_helpers/test_clocks/${c}/advance`,
        { frozen_time: secs(later) },
        `test-clock:${c}:advance:${secs(later)}`,
      ],
    ]);

    api.reset();
    api.on('POST', `/v1/test_helpers/test_clocks/${c}/advance`, clockReply(c, later));
    expect(await clocks.advanceTo(later)).toBe(1);
    expect(await clocks.advanceTo(later)).toBe(0);
    expect(api.requests).toHaveLength(1);
    expect((await frozenTimes()).map((clock) => clock.frozen_time)).toEqual([
      later.toISOString(),
      later.toISOString(),
    ]);
  });

  it('moving the shop clock queues one job that advances the test clocks to the moved time', async () => {
    const base = createManualClock(START);
    const shopClock = await createShopClock({
      db: database.handle.db,
      production: false,
      base,
    });
    now = shopClock.now();
    const jobs = createJobQueue(database.handle.db, {
      clock: shopClock,
      leaseMs: 300_000,
      pollMs: 60_000,
    });
    queues.push(jobs);
    const follow = followShopClock(
      { db: database.handle.db, jobs, clock: shopClock },
      createStripeTestClocks({
        secretKey: 'sk_test_clocks',
        db: database.handle.db,
        now: () => shopClock.now(),
        client: { ...api.client, maxNetworkRetries: 0 },
      }),
    );
    api.on('POST', '/v1/test_helpers/test_clocks', clockReply('clock_d', shopClock.now()));
    await clocks.clockForCustomer('customer:d');
    api.reset();

    await shopClock.advance(31 * 86_400_000);
    const moved = shopClock.now();
    await follow.queue();
    await follow.queue();
    api.on('POST', '/v1/test_helpers/test_clocks/clock_d/advance', clockReply('clock_d', moved));
    expect(await jobs.runDue()).toBe(1);
    expect(api.requests).toEqual([
      expect.objectContaining({
        path: '/v1/test_helpers/test_clocks/clock_d/advance',
        form: { frozen_time: secs(moved) },
      }),
    ]);
  });
});

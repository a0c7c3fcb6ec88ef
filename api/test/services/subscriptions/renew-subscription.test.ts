import type { DatabaseHandle } from '../../../src/db/open-database';
import { createManualClock, type ManualClock } from '../../../src/lib/clock';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import { createJobQueue, type JobQueue } from '../../../src/services/jobs/job-queue';
import { createMailQueue, type MailQueue } from '../../../src/services/mail/mail-queue';
import { createOutboxMailer } from '../../../src/services/mail/mailer';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import { TEST_CARDS } from '../../../src/services/payments/test-card-rules';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../../../src/services/payments/test-payment-provider';
import {
  handleRenewals,
  renewSubscription,
  scheduleDueRenewals,
  type RenewalDeps,
} from '../../../src/services/subscriptions/renew-subscription';
import { createRenewalScheduler } from '../../../src/services/subscriptions/renewal-scheduler';
import { createTestDatabase, testBackend, type TestDatabase } from '../../helpers/test-database';

const expiry = { expMonth: 12, expYear: 2040, cvc: '123' };
const returnUrl = 'http://shop.test/account';
const MONTHLY = 'price_bloodwise_monthly';

describe('subscription renewals on the built-in provider', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let leaseClock: ManualClock;
  let provider: TestPaymentProvider;
  let sequence = 0;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(() => {
    clock = createManualClock(new Date('2026-01-31T10:00:00Z'));
    leaseClock = createManualClock(new Date('2030-01-01T00:00:00Z'));
    provider = createTestPaymentProvider(database.handle.db, { now: () => clock.now() });
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });
  afterAll(() => database.drop());

  function mailFor(handle: DatabaseHandle): MailQueue {
    return createMailQueue(handle.db, createOutboxMailer(handle.db, 'shop@example.com'), {
      from: 'shop@example.com',
      clock,
    });
  }

  function depsFor(handle: DatabaseHandle, paymentProvider: PaymentProvider): RenewalDeps {
    return { db: handle.db, provider: paymentProvider, mail: mailFor(handle), clock, returnUrl };
  }

  function runner(handle: DatabaseHandle, paymentProvider: PaymentProvider = provider): JobQueue {
    const queue = createJobQueue(handle.db, {
      clock,
      leaseClock,
      leaseMs: 300_000,
      pollMs: 60_000,
    });
    handleRenewals(queue, depsFor(handle, paymentProvider));
    queues.push(queue);
    return queue;
  }

  /** A subscriber with a saved card and a plan starting at the clock's now. */
  async function subscribe(priceId = MONTHLY): Promise<{ id: string; email: string }> {
    sequence += 1;
    const email = `renew-${sequence}@example.com`;
    const customer = await provider.ensureCustomer({ userId: null, email, name: 'Ren Ewal' });
    const token = await provider.createCardToken({ number: TEST_CARDS.succeeds, ...expiry });
    const setup = await provider.createSetup({
      customerId: customer.id,
      token: token.id,
      returnUrl,
      idempotencyKey: `setup:${sequence}`,
    });
    const subscription = await provider.createSubscription({
      customerId: customer.id,
      priceId,
      paymentMethodId: setup.paymentMethodId!,
      idempotencyKey: `sub:${sequence}`,
    });
    return { id: subscription.id, email };
  }

  async function chargesOf(subscriptionId: string) {
    return database.handle.db
      .selectFrom('payment_charges')
      .select(['id', 'status', 'amount_cents'])
      .where('idempotency_key', 'like', `renewal:${subscriptionId}:%`)
      .execute();
  }

  async function ordersOf(subscriptionId: string) {
    const renewals = await listRenewals(database.handle.db, subscriptionId);
    const ids = renewals.flatMap((renewal) => (renewal.orderId ? [renewal.orderId] : []));
    const orders = await database.handle.db
      .selectFrom('orders')
      .select(['id', 'status', 'total_cents', 'idempotency_key'])
      .where('idempotency_key', 'like', `renewal:${subscriptionId}:%`)
      .execute();
    return { ids, orders };
  }

  async function periodOf(subscriptionId: string) {
    const row = await database.handle.db
      .selectFrom('payment_subscriptions')
      .select(['current_period_start', 'current_period_end', 'renewed_cycles', 'status'])
      .where('id', '=', subscriptionId)
      .executeTakeFirstOrThrow();
    return {
      start: new Date(row.current_period_start).toISOString(),
      end: new Date(row.current_period_end).toISOString(),
      cycles: row.renewed_cycles,
      status: row.status,
    };
  }

  /** Schedules and runs renewals until nothing more is due, as the scheduler's loop does. */
  async function drain(queue: JobQueue): Promise<void> {
    for (;;) {
      await scheduleDueRenewals({ db: database.handle.db, clock }, queue);
      if ((await queue.runDue()) === 0) return;
    }
  }

  it('renews a due subscription once when the clock moves a period: charge, order, period, receipt', async () => {
    const { id, email } = await subscribe();
    const queue = runner(database.handle);
    expect(await periodOf(id)).toMatchObject({ end: '2026-02-28T10:00:00.000Z', cycles: 0 });

    expect(await scheduleDueRenewals({ db: database.handle.db, clock }, queue)).toBe(0);
    clock.set(new Date('2026-02-28T10:00:00Z'));
    expect(await scheduleDueRenewals({ db: database.handle.db, clock }, queue)).toBe(1);
    expect(await scheduleDueRenewals({ db: database.handle.db, clock }, queue)).toBe(0);
    expect(await queue.runDue()).toBe(1);

    expect(await chargesOf(id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: 9_900 }),
    ]);
    const { ids, orders } = await ordersOf(id);
    expect(orders).toEqual([expect.objectContaining({ status: 'paid', total_cents: 9_900 })]);
    expect(ids).toEqual([orders[0]!.id]);
    const lines = await database.handle.db
      .selectFrom('order_lines')
      .select(['lookup_key', 'price_id', 'quantity'])
      .where('order_id', '=', orders[0]!.id)
      .execute();
    expect(lines).toEqual([{ lookup_key: 'bloodwise_monthly', price_id: MONTHLY, quantity: 1 }]);
    expect(await periodOf(id)).toEqual({
      start: '2026-02-28T10:00:00.000Z',
      end: '2026-03-31T10:00:00.000Z',
      cycles: 1,
      status: 'active',
    });
    const receipts = await database.handle.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', email)
      .execute();
    expect(receipts).toEqual([{ subject: expect.stringContaining('renewed') }]);

    // Nothing more until the next period ends.
    expect(await scheduleDueRenewals({ db: database.handle.db, clock }, queue)).toBe(0);
    expect(await queue.runDue()).toBe(0);
    expect(await chargesOf(id)).toHaveLength(1);
  });

  it('counts periods from the anchor: Jan 31 → Feb 28 → Mar 31 → Apr 30, and Feb 29 in a leap year', async () => {
    const { id } = await subscribe();
    const queue = runner(database.handle);
    const ends: string[] = [];
    for (const at of ['2026-02-28', '2026-03-31', '2026-04-30']) {
      clock.set(new Date(`${at}T10:00:00Z`));
      await drain(queue);
      ends.push((await periodOf(id)).end);
    }
    expect(ends).toEqual([
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
    ]);
    expect(await chargesOf(id)).toHaveLength(3);

    clock.set(new Date('2028-01-31T10:00:00Z'));
    const leap = await subscribe();
    expect((await periodOf(leap.id)).end).toBe('2028-02-29T10:00:00.000Z');
    clock.set(new Date('2028-02-29T10:00:00Z'));
    await drain(queue);
    expect(await periodOf(leap.id)).toMatchObject({
      start: '2028-02-29T10:00:00.000Z',
      end: '2028-03-31T10:00:00.000Z',
      cycles: 1,
    });
  });

  it('bills the renewals missed while the shop was down when it comes back, each once', async () => {
    const { id } = await subscribe();
    const queue = runner(database.handle);
    // Down from late January until April 2: the Feb 28 and Mar 31 renewals were missed.
    clock.set(new Date('2026-04-02T08:00:00Z'));
    await drain(queue);
    const renewals = await listRenewals(database.handle.db, id);
    expect(renewals.map((renewal) => [renewal.cycle, renewal.status])).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    expect(await chargesOf(id)).toHaveLength(2);
    expect((await ordersOf(id)).orders).toHaveLength(2);
    expect(await periodOf(id)).toMatchObject({ end: '2026-04-30T10:00:00.000Z', cycles: 2 });
  });

  it('two runners racing for the same renewal charge the card once', async () => {
    const { id } = await subscribe();
    const other = testBackend() === 'postgres' ? await database.openAnother() : database.handle;
    const [a, b] = [runner(database.handle), runner(other)];
    clock.set(new Date('2026-02-28T10:00:00Z'));
    const scheduled = await Promise.all([
      scheduleDueRenewals({ db: database.handle.db, clock }, a),
      scheduleDueRenewals({ db: other.db, clock }, b),
    ]);
    expect(scheduled[0]! + scheduled[1]!).toBe(1);
    await Promise.all([a.runDue(), b.runDue()]);

    // And the renewal itself, called twice at once around the queue, still moves money once.
    clock.set(new Date('2026-03-31T10:00:00Z'));
    const otherProvider = createTestPaymentProvider(other.db, { now: () => clock.now() });
    const outcomes = await Promise.all([
      renewSubscription(depsFor(database.handle, provider), id, 2),
      renewSubscription(depsFor(other, otherProvider), id, 2),
    ]);
    expect(outcomes.sort()).toEqual(['already-renewed', 'renewed']);

    expect(await chargesOf(id)).toHaveLength(2);
    expect((await ordersOf(id)).orders).toHaveLength(2);
    expect(await periodOf(id)).toMatchObject({ cycles: 2, end: '2026-04-30T10:00:00.000Z' });
  });

  it('a crash after the charge and before the order: after recovery, one charge and one renewal order', async () => {
    const { id } = await subscribe();
    let crashes = 1;
    // The process dies once right after the provider took the money, before anything is written.
    const crashing: PaymentProvider = {
      ...provider,
      async confirmCharge(chargeId, input) {
        const charge = await provider.confirmCharge(chargeId, input);
        if (crashes > 0) {
          crashes -= 1;
          throw new Error('process killed after the charge');
        }
        return charge;
      },
    };
    const queue = runner(database.handle, crashing);
    clock.set(new Date('2026-02-28T10:00:00Z'));
    await scheduleDueRenewals({ db: database.handle.db, clock }, queue);
    expect(await queue.runDue()).toBe(1);

    expect(await chargesOf(id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect((await ordersOf(id)).orders).toEqual([]);
    expect(await listRenewals(database.handle.db, id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'pending', chargeId: expect.any(String) }),
    ]);

    // The job's retry comes after its backoff (at most a minute for the first failure).
    clock.advance(60_000);
    expect(await queue.runDue()).toBe(1);
    expect(await chargesOf(id)).toHaveLength(1);
    expect((await ordersOf(id)).orders).toHaveLength(1);
    expect(await listRenewals(database.handle.db, id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'succeeded', orderId: expect.any(String) }),
    ]);
    expect(await periodOf(id)).toMatchObject({ cycles: 1, end: '2026-03-31T10:00:00.000Z' });
  });

  it('queues every due subscription page by page, and a subscription not due yet waits', async () => {
    const due = [await subscribe(), await subscribe(), await subscribe()];
    clock.set(new Date('2026-02-10T00:00:00Z'));
    const later = await subscribe();
    const queue = runner(database.handle);
    clock.set(new Date('2026-03-01T00:00:00Z'));
    await database.handle.db.deleteFrom('jobs').execute();
    // Subscriptions made by earlier tests may be due too: count only this test's.
    expect(
      await scheduleDueRenewals({ db: database.handle.db, clock }, queue, 1),
    ).toBeGreaterThanOrEqual(3);
    const jobs = await database.handle.db.selectFrom('jobs').select('singleton_key').execute();
    const keys = jobs.map((job) => job.singleton_key);
    for (const subscription of due) expect(keys).toContain(`subscription:${subscription.id}`);
    expect(keys).not.toContain(`subscription:${later.id}`);

    const scheduler = createRenewalScheduler({ db: database.handle.db, clock }, queue, {
      intervalMs: 60_000,
    });
    expect(await scheduler.runOnce()).toBe(0);
    await queue.runDue();
    for (const subscription of due) expect(await chargesOf(subscription.id)).toHaveLength(1);
    expect(await chargesOf(later.id)).toEqual([]);
  });
});

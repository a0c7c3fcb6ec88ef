// A shop with the built-in provider, a manual shop clock and job runners, for tests of the
// renewal cycle: subscribers with saved cards, and what a renewal leaves behind (charges, orders,
// the ledger, the change log, mails).
import type { DatabaseHandle } from '../../src/db/open-database';
import type { Updateable } from 'kysely';
import type { PaymentSubscriptionsTable, TestCardBehaviour } from '../../src/db/schema';
import { createManualClock, type ManualClock } from '../../src/lib/clock';
import { listRenewals } from '../../src/repositories/subscription-renewals-repository';
import { createJobQueue, type JobQueue } from '../../src/services/jobs/job-queue';
import { createMailQueue } from '../../src/services/mail/mail-queue';
import { createOutboxMailer } from '../../src/services/mail/mailer';
import type { PaymentProvider } from '../../src/services/payments/payment-provider';
import {
  TEST_CARDS,
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '@shop/payments-sandbox';
import {
  handleRenewals,
  type RenewalDeps,
} from '../../src/services/subscriptions/renew-subscription';
import { scheduleDueRenewals } from '../../src/services/subscriptions/renewal-scheduler';
import { handleSweeps } from '../../src/services/subscriptions/renewal-sweep';
import { createTestDatabase, type TestDatabase } from './test-database';

const expiry = { expMonth: 12, expYear: 2040, cvc: '123' };
export const SHOP_URL = 'http://shop.test';
export const MONTHLY = 'price_bloodwise_monthly';

export interface RenewalWorld {
  readonly database: TestDatabase;
  readonly clock: ManualClock;
  /** The clock job leases are judged by (tests move it to play a runner that stopped). */
  readonly leaseClock: ManualClock;
  readonly provider: TestPaymentProvider;
  deps(handle?: DatabaseHandle, provider?: PaymentProvider): RenewalDeps;
  /** A job runner that handles renewals, and the daily sweep when asked (stopped after each test). */
  runner(
    handle?: DatabaseHandle,
    provider?: PaymentProvider,
    options?: { sweeps?: boolean },
  ): JobQueue;
  /** A subscriber with a saved card and a plan starting at the clock's now. */
  subscribe(
    priceId?: string,
  ): Promise<{ id: string; email: string; customerId: string; paymentMethodId: string }>;
  /** A further saved card of the customer. */
  saveCard(customerId: string, number?: string): Promise<string>;
  /** The bank starts answering the saved card this way. */
  cardBehaves(paymentMethodId: string, behaviour: TestCardBehaviour): Promise<void>;
  /** Schedules and runs renewals until nothing more is due, as the scheduler's loop does. */
  drain(queue: JobQueue): Promise<void>;
  periodOf(subscriptionId: string): Promise<{
    start: string;
    end: string;
    cycles: number;
    status: string;
    failedAttempts: number;
    nextRetryAt: string | null;
    skippedCycle: number | null;
    pausedUntil: string | null;
    canceledAt: string | null;
  }>;
  chargesOf(
    subscriptionId: string,
  ): Promise<
    { id: string; status: string; amount_cents: number; idempotency_key: string | null }[]
  >;
  ordersOf(subscriptionId: string): Promise<{ id: string; total_cents: number }[]>;
  ledgerOf(subscriptionId: string): Promise<[number, string, number][]>;
  changesOf(subscriptionId: string): Promise<{ actor: string; action: string; detail: unknown }[]>;
  mailsTo(email: string): Promise<{ subject: string; text: string }[]>;
  /** Sets the subscription's columns as a subscriber's or operator's change would. */
  update(subscriptionId: string, patch: Updateable<PaymentSubscriptionsTable>): Promise<void>;
}

/** Registers the hooks that give each test a fresh clock and provider on one database per file. */
export function useRenewalWorld(start = '2026-01-31T10:00:00Z'): RenewalWorld {
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
    clock = createManualClock(new Date(start));
    leaseClock = createManualClock(new Date('2030-01-01T00:00:00Z'));
    provider = createTestPaymentProvider(database.handle.db, { now: () => clock.now() });
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });
  afterAll(() => database.drop());

  const db = () => database.handle.db;

  const world: RenewalWorld = {
    get database() {
      return database;
    },
    get clock() {
      return clock;
    },
    get leaseClock() {
      return leaseClock;
    },
    get provider() {
      return provider;
    },
    deps(handle = database.handle, paymentProvider: PaymentProvider = provider) {
      const mail = createMailQueue(handle.db, createOutboxMailer(handle.db, 'shop@example.com'), {
        from: 'shop@example.com',
        clock,
      });
      return {
        db: handle.db,
        provider: paymentProvider,
        mail,
        clock,
        returnUrl: `${SHOP_URL}/account`,
        shopUrl: SHOP_URL,
      };
    },
    runner(handle = database.handle, paymentProvider: PaymentProvider = provider, options = {}) {
      const queue = createJobQueue(handle.db, {
        clock,
        leaseClock,
        leaseMs: 300_000,
        pollMs: 60_000,
      });
      const deps = world.deps(handle, paymentProvider);
      handleRenewals(queue, deps);
      if (options.sweeps) handleSweeps(queue, deps);
      queues.push(queue);
      return queue;
    },
    async saveCard(customerId, number = TEST_CARDS.succeeds) {
      sequence += 1;
      const token = await provider.createCardToken({ number, ...expiry });
      const setup = await provider.createSetup({
        customerId,
        token: token.id,
        returnUrl: SHOP_URL,
        idempotencyKey: `setup:${sequence}:${Math.random()}`,
      });
      if (!setup.paymentMethodId || setup.status !== 'succeeded')
        throw new Error(`The card ${number} was not saved`);
      return setup.paymentMethodId;
    },
    async subscribe(priceId = MONTHLY) {
      sequence += 1;
      const email = `renew-${sequence}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const customer = await provider.ensureCustomer({ userId: null, email, name: 'Ren Ewal' });
      const paymentMethodId = await world.saveCard(customer.id);
      const subscription = await provider.createSubscription({
        customerId: customer.id,
        priceId,
        paymentMethodId,
        idempotencyKey: `sub:${email}`,
      });
      return { id: subscription.id, email, customerId: customer.id, paymentMethodId };
    },
    async cardBehaves(paymentMethodId, behaviour) {
      await db()
        .updateTable('payment_methods')
        .set({ test_behaviour: behaviour })
        .where('id', '=', paymentMethodId)
        .execute();
    },
    async drain(queue) {
      for (;;) {
        await scheduleDueRenewals(world.deps(), queue);
        if ((await queue.runDue()) === 0) return;
      }
    },
    async periodOf(subscriptionId) {
      const row = await db()
        .selectFrom('payment_subscriptions')
        .selectAll()
        .where('id', '=', subscriptionId)
        .executeTakeFirstOrThrow();
      const iso = (value: Date | string | null) =>
        value === null ? null : new Date(value).toISOString();
      return {
        start: iso(row.current_period_start)!,
        end: iso(row.current_period_end)!,
        cycles: row.renewed_cycles,
        status: row.status,
        failedAttempts: row.failed_attempts,
        nextRetryAt: iso(row.next_retry_at),
        skippedCycle: row.skipped_cycle,
        pausedUntil: iso(row.paused_until),
        canceledAt: iso(row.canceled_at),
      };
    },
    async chargesOf(subscriptionId) {
      return db()
        .selectFrom('payment_charges')
        .select(['id', 'status', 'amount_cents', 'idempotency_key'])
        .where('idempotency_key', 'like', `renewal:${subscriptionId}:%`)
        .orderBy('created_at', 'asc')
        .orderBy('idempotency_key', 'asc')
        .execute();
    },
    async ordersOf(subscriptionId) {
      return db()
        .selectFrom('orders')
        .select(['id', 'total_cents'])
        .where('idempotency_key', 'like', `renewal:${subscriptionId}:%`)
        .orderBy('idempotency_key', 'asc')
        .execute();
    },
    async ledgerOf(subscriptionId) {
      const renewals = await listRenewals(db(), subscriptionId);
      return renewals.map((renewal) => [renewal.cycle, renewal.status, renewal.attempt]);
    },
    async changesOf(subscriptionId) {
      return db()
        .selectFrom('subscription_changes')
        .select(['actor', 'action', 'detail'])
        .where('subscription_id', '=', subscriptionId)
        .orderBy('id', 'asc')
        .execute();
    },
    async mailsTo(email) {
      const rows = await db()
        .selectFrom('outbox')
        .select(['subject', 'text_body'])
        .where('to_address', '=', email)
        .orderBy('id', 'asc')
        .execute();
      return rows.map((row) => ({ subject: row.subject, text: row.text_body }));
    },
    async update(subscriptionId, patch) {
      await db()
        .updateTable('payment_subscriptions')
        .set(patch)
        .where('id', '=', subscriptionId)
        .execute();
    },
  };
  return world;
}

// Never money without an order: the order row exists before the provider is asked for an intent,
// and the intent's id is on the order before it is confirmed. When the write after a successful
// charge fails, the order (or upgrade) keeps its intent and the retry or reconciliation finishes
// it; the same idempotency key never charges again. The failure is forced in the database itself,
// with a trigger that refuses the one write that would complete it.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { reconcilePayments } from '../../../src/services/payments/reconcile-payments';
import { createTestPaymentProvider, type TestPaymentProvider } from '@shop/payments-sandbox';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder, businessBody, cardToken } from '../../helpers/checkout-fixtures';
import { requestEmployerPayment } from '../../helpers/employer-fixtures';
import { refuseStatus } from '../../helpers/refuse-status';
import { testProvider } from '../../helpers/provider-steps';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

let database: TestDatabase;
let t: TestApp;
/** For every charge the provider was asked for: whether its order row existed at that moment. */
const orderExistedAtCharge: boolean[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const inner = createTestPaymentProvider(database.handle.db);
  const noteOrder = async (orderId: string | undefined) => {
    if (!orderId) return;
    const row = await database.handle.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', orderId)
      .executeTakeFirst();
    orderExistedAtCharge.push(Boolean(row));
  };
  const watching: TestPaymentProvider = {
    ...inner,
    async createCharge(input) {
      await noteOrder(input.metadata?.orderId);
      return inner.createCharge(input);
    },
  };
  t = asBrowser(await buildTestApp({ database, app: { paymentProvider: watching } }));
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

/** The job's pass as it runs once the intents are old enough. */
const reconcileOnce = () =>
  reconcilePayments(
    {
      db: t.app.db,
      provider: t.app.paymentProvider,
      log: t.app.log,
      mailQueue: t.app.mailQueue,
      subscriptions: t.app.subscriptionStarts,
    },
    { afterMinutes: 10, now: () => new Date(Date.now() + 11 * 60_000) },
  );

/**
 * Runs the job until the order is settled, as its schedule would: on PostgreSQL the provider's
 * retried webhook may hold the order's row, and the job's claim skips a locked row for that pass.
 */
async function reconcileLater(orderId: string) {
  for (let pass = 0; pass < 100; pass += 1) {
    await reconcileOnce();
    if (!['pending', 'requires_action'].includes(await orderStatus(orderId))) return;
  }
}

const orderStatus = async (id: string) =>
  (
    await t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

async function chargesFor(orderId: string) {
  return t.app.db
    .selectFrom('payment_charges')
    .select(['id', 'status', 'amount_cents', 'amount_refunded_cents'])
    .where(sql<boolean>`metadata->>'orderId' = ${orderId}`)
    .execute();
}

async function refundsOf(chargeIds: string[]) {
  if (chargeIds.length === 0) return [];
  return t.app.db
    .selectFrom('payment_refunds')
    .select(['charge_id', 'amount_cents'])
    .where('charge_id', 'in', chargeIds)
    .execute();
}

async function ordersWithKey(key: string) {
  return t.app.db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_charge_id', 'failure_message'])
    .where('idempotency_key', '=', key)
    .execute();
}

describe('a consumer order', () => {
  it('is written before its intent is created', async () => {
    orderExistedAtCharge.length = 0;
    const placed = await placeOrder(t, orderBody({ email: 'record-first@example.com' }));
    expect(placed.statusCode).toBe(201);
    expect(orderExistedAtCharge).toEqual([true]);
    // The intent's key is derived from the order, and the order names the intent.
    const [charge] = await t.app.db
      .selectFrom('payment_charges')
      .select(['id', 'idempotency_key'])
      .where(sql<boolean>`metadata->>'orderId' = ${placed.json().id}`)
      .execute();
    expect(charge).toEqual({
      id: placed.json().payment.id,
      idempotency_key: `order:${placed.json().id}:intent`,
    });
  });

  it('keeps its intent when it cannot be marked paid, and reconciliation ends it paid, charged once', async () => {
    const undo = await refuseStatus(t.app.db, 'orders', 'paid');
    const key = randomUUID();
    const body = orderBody({ email: 'write-fails@example.com' });
    try {
      const failed = await placeOrder(t, body, key);
      expect(failed.statusCode).toBe(409);
      expect(failed.json().error.message).toMatch(/still confirming your payment/);
    } finally {
      await undo();
    }
    const [order, ...others] = await ordersWithKey(key);
    expect(others).toHaveLength(0);
    expect(order).toMatchObject({ status: 'pending' });
    const charges = await chargesFor(order!.id);
    expect(charges).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_refunded_cents: 0 }),
    ]);
    expect(order!.payment_charge_id).toBe(charges[0]!.id);

    await reconcileLater(order!.id);
    expect(await orderStatus(order!.id)).toBe('paid');
    // The same click again replays the paid order and charges nothing more.
    const again = await placeOrder(t, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: order!.id, status: 'paid' });
    expect(await chargesFor(order!.id)).toHaveLength(1);
    expect(await refundsOf([charges[0]!.id])).toEqual([]);
  });

  it("leaves a declined card's order failed, with no money taken", async () => {
    const key = randomUUID();
    const declined = await placeOrder(
      t,
      orderBody({
        email: 'declined-first@example.com',
        paymentMethod: cardToken('declined'),
      }),
      key,
    );
    expect(declined.statusCode).toBe(402);
    const [order] = await t.app.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('email', '=', 'declined-first@example.com')
      .execute();
    expect(order).toMatchObject({ status: 'failed' });
    expect(await chargesFor(order!.id)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});

describe('a partner storefront order', () => {
  it('stays pending with its paid intent when it cannot be marked paid, until reconciliation pays it', async () => {
    const undo = await refuseStatus(t.app.db, 'orders', 'paid');
    let id: string;
    try {
      const started = await t.inject({
        method: 'POST',
        url: API_PATHS.businessCheckout,
        payload: businessBody({
          email: 'partner-write-fails@example.com',
          discount: null,
          marketingEnabled: false,
        }),
      });
      expect(started.statusCode).toBe(202);
      id = started.json().id;
      // Wait for the payment to have run: its intent succeeded at the provider.
      while ((await chargesFor(id)).every((charge) => charge.status !== 'succeeded'));
      const status = (
        await t.inject({ method: 'GET', url: buildPath(API_PATHS.businessCheckoutStatus, { id }) })
      ).json();
      expect(status).toMatchObject({ status: 'pending', final: false });
    } finally {
      await undo();
    }
    await reconcileLater(id);
    expect(await orderStatus(id)).toBe('paid');
    const charges = await chargesFor(id);
    expect(charges).toHaveLength(1);
    expect(await refundsOf([charges[0]!.id])).toEqual([]);
  });
});

describe('an employer payment', () => {
  it('keeps its intent when the order cannot be marked paid, and reconciliation pays it once', async () => {
    const { orderId, pay } = await requestEmployerPayment(t, {
      email: 'worker-fails@example.com',
      employerEmail: 'boss-fails@employer.example',
    });
    const undo = await refuseStatus(t.app.db, 'orders', 'paid');
    try {
      const failed = await pay();
      expect(failed.statusCode).toBe(409);
      expect(failed.json().error.message).toMatch(/still confirming your payment/);
    } finally {
      await undo();
    }
    expect(await orderStatus(orderId)).toBe('pending');
    await reconcileLater(orderId);
    expect(await orderStatus(orderId)).toBe('paid');
    const request = await t.app.db
      .selectFrom('employer_requests')
      .select('status')
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(request.status).toBe('paid');
    // Paid: another click is refused and charges nothing.
    expect((await pay()).statusCode).toBe(409);
    expect(await chargesFor(orderId)).toHaveLength(1);
  });
});

describe('an upgrade', () => {
  it('keeps its intent when it cannot be completed, and the same click again completes it, charged once', async () => {
    // Only the shopper's retry may finish it here (reconciliation has its own tests).
    await testProvider(t.app).stopEventDelivery();
    const placed = await placeOrder(t, orderBody({ email: 'upgrade-fails@example.com' }));
    const order: Order = placed.json();
    const buy = () =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.buyBpTape, { id: order.id }),
        payload: {},
      });
    const undo = await refuseStatus(t.app.db, 'upgrades', 'completed');
    try {
      const failed = await buy();
      expect(failed.statusCode).toBe(409);
      expect(failed.json().error.message).toMatch(/still confirming your payment/);
    } finally {
      await undo();
    }
    const upgrade = await t.app.db
      .selectFrom('upgrades')
      .select(['status', 'attempts', 'charge_id'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(upgrade).toMatchObject({ status: 'pending', attempts: 0 });
    const afterFailure = await chargesFor(order.id);
    // The order's own charge and the upgrade's, taken and named on the upgrade, nothing refunded.
    expect(afterFailure).toHaveLength(2);
    expect(afterFailure).toContainEqual(
      expect.objectContaining({ id: upgrade.charge_id, status: 'succeeded' }),
    );
    expect(await refundsOf(afterFailure.map((charge) => charge.id))).toEqual([]);

    const again = await buy();
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'completed', chargeId: upgrade.charge_id });
    expect((await buy()).statusCode).toBe(409);
    expect(await chargesFor(order.id)).toHaveLength(2);
    expect(await refundsOf(afterFailure.map((charge) => charge.id))).toEqual([]);
  });
});

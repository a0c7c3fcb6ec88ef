// An order request that stopped between claiming its idempotency key and starting the payment
// (its instance went down): within the claim's lease a retry waits and then hears "still being
// processed"; after it, the retry takes the claim over; and reconciliation clears what is left.
// The machine clock is injected, so no test waits for the wall clock.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../src/lib/clock';
import { createManualClock } from '../../../src/lib/clock';
import { claimIdempotencyKey } from '../../../src/repositories/idempotency-repository';
import { CLAIM_LEASE_MS } from '../../../src/services/checkout/idempotency';
import {
  ORDER_SCOPE,
  placeConsumerOrder,
  type CheckoutDeps,
  type ConsumerOrderRequest,
} from '../../../src/services/checkout/orders';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import { reconcilePayments } from '../../../src/services/payments/reconcile-payments';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { US_ADDRESS } from '../../helpers/checkout-fixtures';
import { createTestToken } from '../../helpers/test-tokens';

/** A provider whose createCharge stops until resumed: the request's instance went down there. */
function stoppingBeforeCharge(provider: PaymentProvider) {
  let resume!: () => void;
  const stopped = new Promise<void>((resolve) => {
    resume = resolve;
  });
  let reached!: () => void;
  const atCharge = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const stopping = new Proxy(provider, {
    get(target, property, receiver) {
      if (property === 'createCharge')
        return async (input: Parameters<PaymentProvider['createCharge']>[0]) => {
          reached();
          await stopped;
          return target.createCharge(input);
        };
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { provider: stopping, atCharge, resume };
}

/** A clock that moves one second on at every reading, from `start`. */
function steppingClock(start: Date): Clock {
  let at = start.getTime();
  return {
    now: () => {
      at += 1_000;
      return new Date(at);
    },
  };
}

describe('a stopped order request and its key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const deps = (overrides: Partial<CheckoutDeps> = {}): CheckoutDeps => ({
    db: t.app.db,
    provider: t.app.paymentProvider,
    catalogPrices: t.app.catalogPrices,
    subscriptions: t.app.subscriptionStarts,
    ...overrides,
  });
  const orderRequest = async (email: string): Promise<ConsumerOrderRequest> => ({
    user: null,
    buyer: { userId: null, tokenHash: null },
    email,
    name: 'Ada Shopper',
    items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
    shippingAddress: US_ADDRESS,
    discountCode: null,
    shipUpfront: false,
    paymentMethod: { type: 'token', token: await createTestToken(t.app), save: false },
    sessionId: randomUUID(),
    marketingEnabled: false,
  });
  /** Starts a request that stops before the charge; resolves once its claim and order are written. */
  async function stoppedRequest(email: string) {
    const key = randomUUID();
    const request = await orderRequest(email);
    const stop = stoppingBeforeCharge(t.app.paymentProvider);
    const first = placeConsumerOrder(deps({ provider: stop.provider }), request, key);
    // Its outcome is looked at once it is resumed.
    first.catch(() => undefined);
    await stop.atCharge;
    const claim = await t.app.db
      .selectFrom('idempotency_keys')
      .select('created_at')
      .where('scope', '=', ORDER_SCOPE)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return { key, request, first, resume: stop.resume, claimedAt: claim.created_at };
  }
  const ordersOf = (email: string) =>
    t.app.db.selectFrom('orders').select(['status']).where('email', '=', email).execute();
  const succeededChargesOf = (email: string) =>
    t.app.db
      .selectFrom('payment_charges')
      .select('id')
      .where('description', '=', `Order for ${email}`)
      .where('status', '=', 'succeeded')
      .execute();

  it('answers a retry within the lease "still being processed" once its wait is over', async () => {
    const email = 'within-lease@example.com';
    const stopped = await stoppedRequest(email);
    const retry = placeConsumerOrder(
      deps({ machineClock: steppingClock(stopped.claimedAt) }),
      stopped.request,
      stopped.key,
    );
    await expect(retry).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('still being processed'),
    });
    expect(await ordersOf(email)).toEqual([{ status: 'pending' }]);
    // The first request was only slow: resumed, it places its order.
    stopped.resume();
    expect(await stopped.first).toMatchObject({ statusCode: 201, order: { status: 'paid' } });
  });

  it('lets the retry take over a claim older than the lease, and the stopped request never charges', async () => {
    const email = 'past-lease@example.com';
    const stopped = await stoppedRequest(email);
    const clock = createManualClock(new Date(stopped.claimedAt.getTime() + CLAIM_LEASE_MS + 1_000));
    // The retry takes the claim over and writes its own order; it too is held before its charge.
    const retryStop = stoppingBeforeCharge(t.app.paymentProvider);
    const retry = placeConsumerOrder(
      deps({ machineClock: clock, provider: retryStop.provider }),
      stopped.request,
      stopped.key,
    );
    await retryStop.atCharge;
    // The stopped request comes back: its order is gone, so it confirms nothing and stops.
    stopped.resume();
    await expect(stopped.first).rejects.toMatchObject({ statusCode: 409 });
    retryStop.resume();
    const retried = await retry;
    expect(retried).toMatchObject({ statusCode: 201, replayed: false, order: { status: 'paid' } });
    expect(await ordersOf(email)).toEqual([{ status: 'paid' }]);
    // The stopped request's intent was never confirmed: one payment, the retry's.
    const charges = await t.app.db
      .selectFrom('payment_charges')
      .select('status')
      .where('description', '=', `Order for ${email}`)
      .orderBy('status')
      .execute();
    expect(charges).toEqual([{ status: 'requires_confirmation' }, { status: 'succeeded' }]);
    const replay = await placeConsumerOrder(deps(), stopped.request, stopped.key);
    expect(replay).toMatchObject({ replayed: true, orderId: retried.orderId });
  });

  it('has reconciliation remove an abandoned claim and its order within minutes, freeing the key', async () => {
    const email = 'abandoned-claim@example.com';
    const stopped = await stoppedRequest(email);
    const orphanKey = randomUUID();
    await claimIdempotencyKey(t.app.db, ORDER_SCOPE, orphanKey, 'a request that wrote no order');
    const reconcile = (minutes: number) =>
      reconcilePayments(
        { db: t.app.db, provider: t.app.paymentProvider, subscriptions: t.app.subscriptionStarts },
        {
          afterMinutes: 10,
          machineNow: () => new Date(stopped.claimedAt.getTime() + minutes * 60_000),
        },
      );
    // Too soon: a young claim may still be working.
    expect(await reconcile(9)).toMatchObject({ abandoned: 0 });
    expect(await reconcile(11)).toMatchObject({ abandoned: 2 });
    expect(await ordersOf(email)).toEqual([]);
    const keys = await t.app.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'in', [stopped.key, orphanKey])
      .execute();
    expect(keys).toEqual([]);
    stopped.resume();
    await expect(stopped.first).rejects.toMatchObject({ statusCode: 409 });
    expect(await succeededChargesOf(email)).toHaveLength(0);
    // The shopper's retry, at any time, places the order.
    const retried = await placeConsumerOrder(deps(), stopped.request, stopped.key);
    expect(retried).toMatchObject({ statusCode: 201, order: { status: 'paid' } });
  });
});

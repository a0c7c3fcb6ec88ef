// A retry with the order's idempotency key after a decline: the same request gets the same 402
// (nothing charged again), another card places the order, and nothing answers 500.
import { randomUUID } from 'node:crypto';
import { countOrders } from '../../../src/repositories/orders-repository';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { cardToken, orderBody, placeOrder } from '../../helpers/checkout-fixtures';

describe('retrying an order with its key after a decline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  const chargesOf = (email: string) =>
    t.app.db
      .selectFrom('payment_charges')
      .select('status')
      .where('description', '=', `Order for ${email}`)
      .orderBy('created_at')
      .execute();

  it('answers a repeat of the declined request with the same 402, charging nothing again', async () => {
    const email = 'repeat-decline@example.com';
    const key = randomUUID();
    // The same object is sent with the same provider token: the very same request again.
    const body = orderBody({ email, paymentMethod: cardToken('insufficientFunds') });
    const first = await placeOrder(t, body, key);
    expect(first.statusCode).toBe(402);
    const again = await placeOrder(t, body, key);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
    expect(first.json().error).toMatchObject({ code: 'CARD_DECLINED' });
    expect(await countOrders(t.app.db, { email })).toBe(1);
    expect(await chargesOf(email)).toEqual([{ status: 'failed' }]);
  });

  it('places the order with the same key and a new card, and replays that order from then on', async () => {
    const email = 'new-card@example.com';
    const key = randomUUID();
    const declinedBody = orderBody({ email, paymentMethod: cardToken('declined') });
    expect((await placeOrder(t, declinedBody, key)).statusCode).toBe(402);
    // The same card typed again is a new token, so a new request: declined again, never a 500.
    const sameCard = { ...declinedBody, paymentMethod: cardToken('declined') };
    const retried = await placeOrder(t, sameCard, key);
    expect(retried.statusCode).toBe(402);
    expect(retried.json().error.code).toBe('CARD_DECLINED');
    const newCard = { ...declinedBody, paymentMethod: cardToken() };
    const placed = await placeOrder(t, newCard, key);
    expect(placed.statusCode).toBe(201);
    expect(placed.json()).toMatchObject({ status: 'paid', paymentLabel: 'Visa •••• 4242' });
    const replay = await placeOrder(t, newCard, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(placed.json().id);
    // The key is the paid order's now: the declined request, or any other, no longer takes it.
    expect((await placeOrder(t, declinedBody, key)).statusCode).toBe(422);
    expect(await chargesOf(email)).toEqual([
      { status: 'failed' },
      { status: 'failed' },
      { status: 'succeeded' },
    ]);
    const orders = await t.app.db
      .selectFrom('orders')
      .select(['status', 'idempotency_key'])
      .where('email', '=', email)
      .orderBy('created_at')
      .execute();
    expect(orders).toEqual([
      { status: 'failed', idempotency_key: null },
      { status: 'failed', idempotency_key: null },
      { status: 'paid', idempotency_key: key },
    ]);
  });
});

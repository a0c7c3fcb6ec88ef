// A consumer order without a discount code is priced from the API's in-process copy of the prices
// and shipping rates, and written by the statement that claims its idempotency key, only while
// the catalogue is still at the version the copy was read at. These tests change prices behind
// the API's back (the way another process or psql would) and check every order is charged what
// the database says at the moment it is written.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestPaymentProvider } from '@shop/payments-sandbox';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { statementCounter } from '../../helpers/statement-counter';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const KIT = 'bloodwise_kit_one_time';
const KIT_CENTS = 14_900;
const US_SHIPPING_CENTS = 595;

let database: TestDatabase;
let t: TestApp;
// The built-in provider's token route counts its shared rate limit here; with Stripe that
// request is not ours, so those statements are left out.
const { plugin: counter, counted } = statementCounter({
  skip: (node) =>
    node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'rate_limit_hits',
});

beforeAll(async () => {
  database = await createTestDatabase();
  const handle = { ...database.handle, db: database.handle.db.withPlugin(counter) };
  // The provider keeps its own books on an uncounted handle: with Stripe they are not ours.
  const paymentProvider = createTestPaymentProvider(database.handle.db);
  t = asBrowser(await buildTestApp({ database, handle, app: { paymentProvider } }));
  // Its events reach our webhook later, not while an order is counted.
  await paymentProvider.stopEventDelivery();
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

/** Another writer: straight to the database, not through the API. */
const setKitPrice = (cents: number) =>
  database.handle.db
    .updateTable('prices')
    .set({ unit_amount_cents: cents })
    .where('lookup_key', '=', KIT)
    .execute();

const catalogVersion = async () =>
  Number(
    (
      await database.handle.db
        .selectFrom('catalog_version')
        .select('version')
        .executeTakeFirstOrThrow()
    ).version,
  );

async function keyAndOrders(key: string) {
  const keys = await database.handle.db
    .selectFrom('idempotency_keys')
    .select(['order_id', 'response_status'])
    .where('key', '=', key)
    .execute();
  const orders = await database.handle.db
    .selectFrom('orders')
    .select(['id', 'status', 'total_cents'])
    .where('idempotency_key', '=', key)
    .execute();
  return { keys, orders };
}

async function chargedCents(orderId: string) {
  const row = await database.handle.db
    .selectFrom('payment_charges')
    .select('amount_cents')
    .where(sql<boolean>`metadata->>'orderId' = ${orderId}`)
    .executeTakeFirstOrThrow();
  return row.amount_cents;
}

describe('the catalogue version', () => {
  it('moves with every write to prices, products and shipping rates, and with nothing else', async () => {
    const start = await catalogVersion();
    await setKitPrice(KIT_CENTS);
    expect(await catalogVersion()).toBe(start + 1);
    await database.handle.db
      .updateTable('products')
      .set({ title: sql`title` })
      .where('key', '=', 'bloodwise-kit')
      .execute();
    expect(await catalogVersion()).toBe(start + 2);
    await database.handle.db
      .updateTable('shipping_rates')
      .set({ amount_cents: US_SHIPPING_CENTS })
      .where('country', '=', 'US')
      .where('currency', '=', 'usd')
      .execute();
    expect(await catalogVersion()).toBe(start + 3);
    // An order is not a catalogue change.
    expect((await placeOrder(t, orderBody({ email: 'no-move@example.com' }))).statusCode).toBe(201);
    expect(await catalogVersion()).toBe(start + 3);
  });
});

describe('a consumer order priced from the catalogue copy', () => {
  it('takes three prepared statements of ours: claim and order, the intent on the order, then paid with its key answered and its cart emptied', async () => {
    // Warm: the copy is read once, then never again while prices stay as they are.
    expect((await placeOrder(t, orderBody({ email: 'warm@example.com' }))).statusCode).toBe(201);
    const {
      result: response,
      statements,
      built,
    } = await counted(() => placeOrder(t, orderBody({ email: 'three@example.com' })));
    expect(response.statusCode).toBe(201);
    expect(statements).toBe(3);
    expect(built).toBe(0);
    expect(response.json()).toMatchObject({
      status: 'paid',
      subtotal: KIT_CENTS,
      shipping: US_SHIPPING_CENTS,
      total: KIT_CENTS + US_SHIPPING_CENTS,
    });
  });

  it('is charged the price the database holds when it is written, not the price the copy held', async () => {
    expect((await placeOrder(t, orderBody({ email: 'before@example.com' }))).statusCode).toBe(201);
    await setKitPrice(12_300);
    try {
      const key = randomUUID();
      const response = await placeOrder(t, orderBody({ email: 'after@example.com' }), key);
      expect(response.statusCode).toBe(201);
      const order = response.json();
      expect(order.total).toBe(12_300 + US_SHIPPING_CENTS);
      expect(order.lines).toMatchObject([{ unitAmount: 12_300 }]);
      expect(await chargedCents(order.id)).toBe(12_300 + US_SHIPPING_CENTS);
      const { keys, orders } = await keyAndOrders(key);
      expect(keys).toEqual([{ order_id: order.id, response_status: 201 }]);
      expect(orders).toEqual([
        { id: order.id, status: 'paid', total_cents: 12_300 + US_SHIPPING_CENTS },
      ]);
    } finally {
      await setKitPrice(KIT_CENTS);
    }
    const back = await placeOrder(t, orderBody({ email: 'back@example.com' }));
    expect(back.json().total).toBe(KIT_CENTS + US_SHIPPING_CENTS);
  });

  it('follows a shipping rate changed behind its back', async () => {
    expect((await placeOrder(t, orderBody({ email: 'ship-before@example.com' }))).statusCode).toBe(
      201,
    );
    const setUsShipping = (cents: number) =>
      database.handle.db
        .updateTable('shipping_rates')
        .set({ amount_cents: cents })
        .where('country', '=', 'US')
        .where('currency', '=', 'usd')
        .execute();
    await setUsShipping(1_000);
    try {
      const response = await placeOrder(t, orderBody({ email: 'ship-after@example.com' }));
      expect(response.json()).toMatchObject({ shipping: 1_000, total: KIT_CENTS + 1_000 });
    } finally {
      await setUsShipping(US_SHIPPING_CENTS);
    }
  });

  it('refuses a product withdrawn behind its back, and still replays an order placed before', async () => {
    const key = randomUUID();
    const body = orderBody({ email: 'withdrawn@example.com' });
    const first = await placeOrder(t, body, key);
    expect(first.statusCode).toBe(201);
    const setActive = (active: boolean) =>
      database.handle.db
        .updateTable('prices')
        .set({ active })
        .where('lookup_key', '=', KIT)
        .execute();
    await setActive(false);
    try {
      // The same click again: its order, although the kit can no longer be priced.
      const replay = await placeOrder(t, body, key);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json().id).toBe(first.json().id);

      // A new order for it is refused, and leaves neither a key nor an order.
      const newKey = randomUUID();
      const refused = await placeOrder(t, orderBody({ email: 'withdrawn-2@example.com' }), newKey);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/We do not sell bloodwise_kit_one_time/);
      expect(await keyAndOrders(newKey)).toEqual({ keys: [], orders: [] });
    } finally {
      await setActive(true);
    }
  });

  it('answers a reused key with a different body 422, writing nothing', async () => {
    const key = randomUUID();
    expect((await placeOrder(t, orderBody({ email: 'reuse@example.com' }), key)).statusCode).toBe(
      201,
    );
    const other = await placeOrder(t, orderBody({ email: 'reuse-other@example.com' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await keyAndOrders(key)).orders).toHaveLength(1);
  });
});

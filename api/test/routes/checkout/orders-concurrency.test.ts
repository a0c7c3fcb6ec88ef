import { randomUUID } from 'node:crypto';
import { countOrders } from '../../../src/repositories/orders-repository';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';

// Runs on PGlite (one connection, requests queue) and in the PostgreSQL suite (a pool, real races).
describe('orders under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  it('makes exactly 200 orders from 200 concurrent submissions with their own keys', async () => {
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        placeOrder(t, orderBody({ email: `crowd-${index}@example.com`, name: `Crowd ${index}` })),
      ),
    );
    const elapsed = Date.now() - started;
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(200);
    const stored = await t.app.db
      .selectFrom('orders')
      .select('email')
      .where('email', 'like', 'crowd-%')
      .execute();
    expect(stored).toHaveLength(200);
    console.info(`200 concurrent orders with distinct keys: ${elapsed} ms`);
  }, 120_000);

  it('makes exactly 1 order from 200 concurrent submissions sharing one key, and all get it back', async () => {
    const key = randomUUID();
    const body = orderBody({ email: 'same-key@example.com' });
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => placeOrder(t, body, key)),
    );
    const elapsed = Date.now() - started;
    expect(responses.map((response) => response.statusCode)).toEqual(Array(200).fill(201));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(await countOrders(t.app.db, { email: 'same-key@example.com' })).toBe(1);
    const charges = await t.app.db
      .selectFrom('payment_charges')
      .select('id')
      .where('description', '=', 'Order for same-key@example.com')
      .execute();
    expect(charges).toHaveLength(1);
    console.info(`200 concurrent orders sharing one key: ${elapsed} ms`);
  }, 120_000);
});

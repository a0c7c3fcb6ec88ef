// With Stripe, the catalogue is priced from the merchant's Stripe Prices (found by lookup key,
// unlimited_upgrade from their metadata), with Stripe's API answered locally: the catalogue shows
// Stripe's ids and amounts, orders are charged them, a key Stripe lacks is not sold, the copy is
// read again after its TTL on the injected clock, and no copy with Stripe unreachable is a 503.
import { randomUUID } from 'node:crypto';
import type { Price } from '@shop/shared/contract/catalog';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyBaseLogger } from 'fastify';
import {
  createCatalogPriceSource,
  findCatalogPrice,
  listCatalogPrices,
  PROVIDER_PRICES_TTL_MS,
} from '../../../src/services/catalog/provider-prices';
import { createStripePaymentProvider } from '../../../src/services/payments/stripe-provider/stripe-payment-provider';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { US_ADDRESS } from '../../helpers/checkout-fixtures';
import {
  ok,
  pricesByLookupKey,
  startStripeApi,
  stripeError,
  type StripeApi,
} from '../../helpers/stripe-api';
import { stripeCatalogue, type StripePriceObject } from '../../helpers/stripe-catalog';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import { paymentIntent } from '../../services/payments/stripe-provider/stripe-fixtures';
import { eventually } from '../../helpers/eventually';

const KEYS = {
  secretKey: 'sk_test_prices',
  publishableKey: 'pk_test_prices',
  webhookSecret: 'whsec_prices',
};
/** Sold in our table, but never synced to Stripe. */
const MISSING = 'easy_draw_device';

describe('catalogue prices from Stripe', () => {
  let api: StripeApi;
  let database: TestDatabase;
  let t: TestApp;
  let now = new Date('2030-01-01T00:00:00Z');
  let stripePrices: StripePriceObject[] = [];
  let stripeDown = false;
  const warn = jest.fn();

  /** An app on the Stripe adapter pointed at the local stand-in, priced on the test clock. */
  async function stripeApp(log?: Partial<FastifyBaseLogger>) {
    const provider = createStripePaymentProvider({
      ...KEYS,
      db: database.handle.db,
      client: { ...api.client, maxNetworkRetries: 0 },
    });
    return buildTestApp({
      database,
      app: {
        paymentProvider: provider,
        catalogPrices: createCatalogPriceSource({
          db: database.handle.db,
          provider,
          now: () => now,
          log: log as FastifyBaseLogger | undefined,
        }),
      },
    });
  }

  beforeAll(async () => {
    api = await startStripeApi();
    database = await createTestDatabase();
    // Stripe charges a dollar more than our table says, and has no price for MISSING.
    stripePrices = (await stripeCatalogue(database.handle.db))
      .filter((price) => price.lookup_key !== MISSING)
      .map((price) => ({ ...price, unit_amount: price.unit_amount + 100 }));
    api.on('GET', /^\/v1\/prices$/, (request) =>
      stripeDown
        ? stripeError(500, { type: 'api_error', message: 'Stripe is down' })
        : pricesByLookupKey(() => stripePrices)(request),
    );
    t = await stripeApp({ warn, error: jest.fn() });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  const prices = async () => {
    const res = await t.inject({ method: 'GET', url: API_PATHS.catalogPrices });
    expect(res.statusCode).toBe(200);
    return new Map((res.json() as { prices: Price[] }).prices.map((p) => [p.lookupKey, p]));
  };
  const priceReads = () => api.requests.filter((request) => request.path === '/v1/prices').length;
  const setStripeAmount = (lookupKey: string, amount: number) => {
    stripePrices = stripePrices.map((price) =>
      price.lookup_key === lookupKey ? { ...price, unit_amount: amount } : price,
    );
  };

  it("shows Stripe's price ids, amounts and unlimited_upgrade flag", async () => {
    const byKey = await prices();
    expect(byKey.get('bloodwise_kit_one_time')).toMatchObject({
      id: 'price_stripe_bloodwise_kit_one_time',
      unitAmount: 15_000,
      type: 'one_time',
      recurring: null,
    });
    expect(byKey.get('bloodwise_quarterly')).toMatchObject({
      id: 'price_stripe_bloodwise_quarterly',
      unitAmount: 13_000,
      recurring: { interval: 'month', intervalCount: 3 },
    });
    expect(byKey.get('unlimited_upgrade')).toMatchObject({
      id: 'price_stripe_unlimited_upgrade',
      metadata: { unlimited_upgrade: 'true' },
    });
    // Our partner rule stays with the price.
    expect(byKey.get('acme_kit_one_time')?.metadata).toEqual({ partner: 'acme-wellness' });
    // The upgrade offered after checkout is Stripe's price too.
    const offer = await t.inject({
      method: 'GET',
      url: API_PATHS.miniPanelUpgrade,
      query: { lookupKeys: JSON.stringify(['bloodwise_kit_one_time']) },
    });
    expect(offer.json()).toMatchObject({
      miniPanelUpgrade: { priceId: 'price_stripe_mini_panel_upgrade', unitAmount: 4_000 },
    });
  });

  it('takes the unlimited-upgrade flag from the Stripe price, not from our table', async () => {
    stripePrices = stripePrices.map((price) =>
      price.lookup_key === 'bloodwise_annual'
        ? { ...price, metadata: { unlimited_upgrade: 'true' } }
        : price.lookup_key === 'unlimited_upgrade'
          ? { ...price, metadata: {} }
          : price,
    );
    // A copy is read again when our table has a key the copy never asked Stripe for.
    await database.handle.db
      .insertInto('prices')
      .values({
        id: 'price_flag_probe',
        lookup_key: 'flag_probe',
        product_key: 'bloodwise-kit',
        unit_amount_cents: 100,
        currency: 'usd',
        type: 'one_time',
        recurring_interval: null,
        recurring_interval_count: null,
        metadata: JSON.stringify({}),
      })
      .execute();
    stripePrices = [
      ...stripePrices,
      {
        ...stripePrices[0]!,
        id: 'price_stripe_flag_probe',
        lookup_key: 'flag_probe',
        unit_amount: 200,
      },
    ];
    const byKey = await prices();
    expect(byKey.get('flag_probe')).toMatchObject({
      id: 'price_stripe_flag_probe',
      unitAmount: 200,
    });
    expect(byKey.get('bloodwise_annual')?.metadata).toEqual({ unlimited_upgrade: 'true' });
    expect(byKey.get('unlimited_upgrade')?.metadata).toEqual({});
  });

  it('leaves out a lookup key Stripe does not have, refuses to sell it, and warns once', async () => {
    expect((await prices()).has(MISSING)).toBe(false);
    const order = await placeOrder(t, MISSING);
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({
      error: { code: 'VALIDATION_ERROR', fields: { items: expect.stringContaining(MISSING) } },
    });
    const quote = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutQuote,
      payload: { items: [{ lookupKey: MISSING, quantity: 1 }], country: 'US' },
    });
    expect(quote.statusCode).toBe(400);
    expect(api.requests.some((request) => request.path === '/v1/payment_intents')).toBe(false);
    const warnings = warn.mock.calls.filter(([context]) => context?.lookupKey === MISSING);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toContain('shop stripe sync-catalog');
  });

  it("charges an order Stripe's amount and records Stripe's price on its line", async () => {
    api.on('POST', /^\/v1\/customers$/, ok({ id: 'cus_prices', object: 'customer' }));
    let intentAmount: number | null = null;
    api.on('POST', '/v1/payment_intents', (request) => {
      intentAmount = Number(request.form.amount);
      return ok(
        paymentIntent({ id: 'pi_prices', amount: intentAmount, status: 'requires_confirmation' }),
      );
    });
    api.on(
      'POST',
      '/v1/payment_intents/pi_prices/confirm',
      ok(
        paymentIntent({
          id: 'pi_prices',
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk' },
        }),
      ),
    );
    const quote = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutQuote,
      payload: { items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }], country: 'US' },
    });
    expect(quote.json()).toMatchObject({
      lines: [{ priceId: 'price_stripe_bloodwise_kit_one_time', unitAmount: 15_000 }],
      total: 15_000 + 595,
    });

    const order = await placeOrder(t, 'bloodwise_kit_one_time');
    expect(order.statusCode).toBeLessThan(300);
    // Stripe's $150.00 plus US shipping, never our table's $149.00.
    expect(intentAmount).toBe(15_000 + 595);
    const line = await database.handle.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.price_id', 'order_lines.unit_amount_cents', 'orders.total_cents'])
      .where('orders.payment_charge_id', '=', 'pi_prices')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      price_id: 'price_stripe_bloodwise_kit_one_time',
      unit_amount_cents: 15_000,
      total_cents: 15_595,
    });
  });

  it('reads Stripe again once the copy is older than its TTL, serving the copy meanwhile', async () => {
    expect((await prices()).get('bloodwise_monthly')?.unitAmount).toBe(10_000);
    setStripeAmount('bloodwise_monthly', 10_500);
    const reads = priceReads();
    now = new Date(now.getTime() + PROVIDER_PRICES_TTL_MS - 1);
    expect((await prices()).get('bloodwise_monthly')?.unitAmount).toBe(10_000);
    expect(priceReads()).toBe(reads);

    now = new Date(now.getTime() + 2);
    // The stale copy answers at once; the read it starts brings Stripe's new amount.
    expect((await prices()).get('bloodwise_monthly')?.unitAmount).toBe(10_000);
    await until(async () => (await prices()).get('bloodwise_monthly')?.unitAmount === 10_500);
  });

  it('keeps serving the last copy when a read after the TTL fails', async () => {
    stripeDown = true;
    try {
      const reads = priceReads();
      now = new Date(now.getTime() + PROVIDER_PRICES_TTL_MS + 1);
      expect((await prices()).get('bloodwise_monthly')?.unitAmount).toBe(10_500);
      await until(() => Promise.resolve(priceReads() > reads));
      expect((await prices()).get('bloodwise_monthly')?.unitAmount).toBe(10_500);
    } finally {
      stripeDown = false;
    }
  });

  it('never sells a Stripe price with no fixed amount or in another currency, and names it once', async () => {
    const kept = stripePrices;
    // Tiered (or customer-chosen) prices have no unit_amount; read as 0 they would sell for nothing.
    stripePrices = stripePrices.map((price) =>
      price.lookup_key === 'bloodwise_kit_one_time'
        ? ({
            ...price,
            unit_amount: null,
            billing_scheme: 'tiered',
          } as unknown as StripePriceObject)
        : price.lookup_key === 'bloodwise_quarterly'
          ? { ...price, currency: 'eur' }
          : price,
    );
    const error = jest.fn();
    // A source of its own, so the app's copy of the good prices stays for the other tests.
    const source = createCatalogPriceSource({
      db: database.handle.db,
      provider: createStripePaymentProvider({
        ...KEYS,
        db: database.handle.db,
        client: { ...api.client, maxNetworkRetries: 0 },
      }),
      log: { warn: jest.fn(), error } as unknown as FastifyBaseLogger,
    });
    try {
      const keys = (await listCatalogPrices(database.handle.db, source)).map(
        (price) => price.lookupKey,
      );
      expect(keys).toContain('bloodwise_monthly');
      expect(keys).not.toContain('bloodwise_kit_one_time');
      expect(keys).not.toContain('bloodwise_quarterly');
      // What carts, quotes and orders price from: not for sale (they answer 400 as for a missing key).
      expect(
        await findCatalogPrice(database.handle.db, source, 'bloodwise_kit_one_time'),
      ).toBeUndefined();
      const named = (lookupKey: string) =>
        error.mock.calls
          .filter(([context]) => context?.lookupKey === lookupKey)
          .map(([, message]) => message as string);
      expect(named('bloodwise_kit_one_time')).toEqual([
        expect.stringContaining(
          'Stripe price price_stripe_bloodwise_kit_one_time (lookup key bloodwise_kit_one_time) has no fixed amount',
        ),
      ]);
      expect(named('bloodwise_quarterly')).toEqual([
        expect.stringContaining(
          'Stripe price price_stripe_bloodwise_quarterly (lookup key bloodwise_quarterly) is in EUR, but the shop sells it in USD.',
        ),
      ]);
    } finally {
      stripePrices = kept;
    }
  });

  it('answers 503 in our error shape when Stripe cannot be reached and nothing is held', async () => {
    const cold = await stripeApp();
    try {
      stripeDown = true;
      const res = await cold.inject({ method: 'GET', url: API_PATHS.catalogPrices });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
      });
      const order = await placeOrder(cold, 'bloodwise_kit_one_time');
      expect(order.statusCode).toBe(503);

      stripeDown = false;
      // Requests at once share one read (two pages of ten lookup keys).
      const reads = priceReads();
      const again = await Promise.all(
        [1, 2, 3].map(() => cold.inject({ method: 'GET', url: API_PATHS.catalogPrices })),
      );
      expect(again.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(priceReads() - reads).toBe(2);
    } finally {
      stripeDown = false;
      await cold.close();
    }
  });
});

/** A guest's order of one of `lookupKey`, paid with a Stripe confirmation token. */
function placeOrder(app: TestApp, lookupKey: string) {
  return app.inject({
    method: 'POST',
    url: API_PATHS.orders,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      email: 'ada@example.com',
      name: 'Ada Shopper',
      items: [{ lookupKey, quantity: 1 }],
      shippingAddress: US_ADDRESS,
      paymentMethod: { type: 'token', token: 'ctoken_prices' },
      sessionId: randomUUID(),
    },
  });
}

/** Waits for a state the app reaches on its own (a read it started in the background). */
async function until(reached: () => Promise<boolean>) {
  await eventually(reached, (yes) => yes, 'The awaited state');
}

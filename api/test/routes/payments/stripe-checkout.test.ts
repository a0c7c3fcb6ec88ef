// A consumer checkout on the Stripe adapter, with Stripe's API answered locally: the order is
// written first, its PaymentIntent created and confirmed under keys named after the order, the
// bank's 3-D Secure step handed to the browser, and the signed webhook marks the order paid once.
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { CardFutureUsage } from '@shop/shared/payments/card-future-usage';
import { checkoutCardFutureUsage } from '@shop/shared/payments/card-future-usage';
import { stripeElementsOptions } from '@shop/shared/payments/stripe-elements-options';
import Stripe from 'stripe';
import { createStripePaymentProvider } from '../../../src/services/payments/stripe-provider/stripe-payment-provider';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { US_ADDRESS } from '../../helpers/checkout-fixtures';
import { ok, pricesByLookupKey, startStripeApi, type StripeApi } from '../../helpers/stripe-api';
import { stripeCatalogue } from '../../helpers/stripe-catalog';
import { createTestDatabase } from '../../helpers/test-database';
import { cardMethod, paymentIntent } from '../../services/payments/stripe-provider/stripe-fixtures';

const KEYS = {
  secretKey: 'sk_test_checkout',
  publishableKey: 'pk_test_checkout',
  webhookSecret: 'whsec_checkout',
};

describe('checkout with Stripe', () => {
  let api: StripeApi;
  let t: TestApp;
  let intentMetadata: Record<string, string> = {};

  beforeAll(async () => {
    api = await startStripeApi();
    const database = await createTestDatabase();
    // The catalogue is priced from the merchant's Stripe account, synced with ours.
    const catalogue = await stripeCatalogue(database.handle.db);
    api.on(
      'GET',
      /^\/v1\/prices$/,
      pricesByLookupKey(() => catalogue),
    );
    t = await buildTestApp({
      database,
      app: {
        paymentProvider: createStripePaymentProvider({
          ...KEYS,
          db: database.handle.db,
          client: api.client,
        }),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await api.close();
  });

  function webhook(type: string, object: object, id = `evt_${randomUUID()}`) {
    const payload = JSON.stringify({ id, object: 'event', type, created: 1, data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.webhookSecret,
    });
    return t.inject({
      method: 'POST',
      url: API_PATHS.paymentsWebhook,
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  const orderStatus = async (id: string) =>
    (
      await t.database.handle.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('asks the browser for 3-D Secure, then the signed webhook marks the order paid once', async () => {
    api.on('POST', /^\/v1\/customers$/, ok({ id: 'cus_guest', object: 'customer' }));
    api.on('POST', '/v1/payment_intents', (request) => {
      intentMetadata = Object.fromEntries(
        Object.entries(request.form)
          .filter(([field]) => field.startsWith('metadata['))
          .map(([field, value]) => [field.slice(9, -1), value]),
      );
      return ok(
        paymentIntent({
          id: 'pi_e2e',
          amount: Number(request.form.amount),
          metadata: intentMetadata,
          client_secret: 'pi_e2e_secret_abc',
        }),
      );
    });
    api.on(
      'POST',
      '/v1/payment_intents/pi_e2e/confirm',
      ok(
        paymentIntent({
          id: 'pi_e2e',
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk' },
          client_secret: 'pi_e2e_secret_abc',
          metadata: intentMetadata,
        }),
      ),
    );

    const res = await t.inject({
      method: 'POST',
      url: API_PATHS.orders,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        email: 'ada@example.com',
        name: 'Ada Shopper',
        items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
        shippingAddress: US_ADDRESS,
        paymentMethod: { type: 'token', token: 'ctoken_3ds_checkout' },
        sessionId: randomUUID(),
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    // The browser finishes the bank's step with Stripe.js and this intent's client secret.
    expect(res.body).toContain('pi_e2e_secret_abc');
    const orderId = intentMetadata.orderId!;
    expect(orderId).toBeTruthy();

    const intentCall = api.requests.find((request) => request.path === '/v1/payment_intents')!;
    const confirmCall = api.requests.find((request) => request.path.endsWith('/confirm'))!;
    expect(intentCall.idempotencyKey).toBe(`order:${orderId}:intent`);
    expect(intentCall.form).toMatchObject({
      amount: expect.stringMatching(/^\d+$/),
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(confirmCall.idempotencyKey).toMatch(new RegExp(`^order:${orderId}:confirm:\\d+$`));
    expect(confirmCall.form).toMatchObject({ confirmation_token: 'ctoken_3ds_checkout' });
    expect(await orderStatus(orderId)).not.toBe('paid');

    const succeeded = paymentIntent({
      id: 'pi_e2e',
      status: 'succeeded',
      payment_method: 'pm_e2e',
      amount: Number(intentCall.form.amount),
      metadata: intentMetadata,
    });
    const forged = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: succeeded },
    });
    const refused = await t.inject({
      method: 'POST',
      url: API_PATHS.paymentsWebhook,
      payload: forged,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(await orderStatus(orderId)).not.toBe('paid');

    const first = await webhook('payment_intent.succeeded', succeeded, 'evt_paid');
    expect(first.statusCode).toBe(200);
    expect(await orderStatus(orderId)).toBe('paid');
    // Stripe sends it again, and a late failure arrives after: nothing moves.
    expect((await webhook('payment_intent.succeeded', succeeded, 'evt_paid')).statusCode).toBe(200);
    expect(
      (
        await webhook(
          'payment_intent.payment_failed',
          paymentIntent({
            id: 'pi_e2e',
            last_payment_error: { code: 'card_declined', message: 'Declined' },
            metadata: intentMetadata,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it("labels the order with its card when Stripe's webhook arrives before the confirm's answer", async () => {
    api.on('POST', /^\/v1\/customers$/, ok({ id: 'cus_guest', object: 'customer' }));
    let metadata: Record<string, string> = {};
    api.on('POST', '/v1/payment_intents', (request) => {
      metadata = { orderId: request.form['metadata[orderId]']! };
      return ok(paymentIntent({ id: 'pi_early', amount: Number(request.form.amount), metadata }));
    });
    // Stripe charges the card and sends the webhook (the card by id only) before the confirm answers.
    api.on('POST', '/v1/payment_intents/pi_early/confirm', async () => {
      const paid = { id: 'pi_early', status: 'succeeded', metadata };
      const early = await webhook(
        'payment_intent.succeeded',
        paymentIntent({ ...paid, payment_method: 'pm_early' }),
      );
      expect(early.statusCode).toBe(200);
      return ok(paymentIntent({ ...paid, payment_method: cardMethod({ id: 'pm_early' }) }));
    });

    const res = await t.inject({
      method: 'POST',
      url: API_PATHS.orders,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        email: 'early@example.com',
        name: 'Early Webhook',
        items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
        shippingAddress: US_ADDRESS,
        paymentMethod: { type: 'token', token: 'ctoken_early_webhook' },
        sessionId: randomUUID(),
      },
    });
    expect(res.statusCode).toBe(201);
    const order = await t.database.handle.db
      .selectFrom('orders')
      .select(['status', 'payment_label'])
      .where('id', '=', metadata.orderId!)
      .executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'paid', payment_label: 'Visa •••• 4242' });
  });

  it("confirms the card as the shop's Payment Element was made, which Stripe checks", async () => {
    api.on('POST', /^\/v1\/customers$/, ok({ id: 'cus_guest', object: 'customer' }));
    const ids: string[] = [];
    api.on('POST', /^\/v1\/payment_intents$/, (request) => {
      ids.push(`pi_element_${ids.length + 1}`);
      return ok(paymentIntent({ id: ids.at(-1), amount: Number(request.form.amount) }));
    });
    api.on('POST', /^\/v1\/payment_intents\/pi_element_\d+\/confirm$/, (request) =>
      ok(
        paymentIntent({
          id: request.path.split('/')[3],
          status: 'requires_action',
          next_action: { type: 'use_stripe_sdk' },
        }),
      ),
    );
    const order = (token: string) =>
      t.inject({
        method: 'POST',
        url: API_PATHS.orders,
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          email: 'element@example.com',
          name: 'Ele Ment',
          items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
          shippingAddress: US_ADDRESS,
          paymentMethod: { type: 'token', token },
          sessionId: randomUUID(),
        },
      });
    // What the checkout page creates the element with for a cart with no renewing line.
    const element = (cardFutureUsage?: CardFutureUsage) =>
      stripeElementsOptions({
        mode: 'payment',
        methods: ['card'],
        amount: 15_495,
        currency: 'usd',
        cardFutureUsage,
      });

    const placed = await order(
      api.confirmationToken(element(checkoutCardFutureUsage({ recurring: false }))),
    );
    expect(placed.statusCode).toBeLessThan(300);
    const confirm = api.requests.find((request) => request.path.endsWith('/confirm'))!;
    expect(confirm.form['payment_method_options[card][setup_future_usage]']).toBe('on_session');

    // An element made without it (as the page once did) is refused by Stripe: nothing is paid.
    api.requests.length = 0;
    const refused = await order(api.confirmationToken(element()));
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(api.requests.filter((request) => request.path.endsWith('/confirm'))).toHaveLength(1);
  });
});

// The Stripe adapter against Stripe's API answered locally: for each operation, the request it
// sends (method, path, form fields, Idempotency-Key) and how it reads the answer or the error.
import type { DatabaseHandle } from '../../../../src/db/open-database';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  ProviderUnavailableError,
  RefundRefusedError,
  type ChargeSource,
  type PaymentProvider,
} from '../../../../src/services/payments/payment-provider';
import { createStripePaymentProvider } from '../../../../src/services/payments/stripe-provider/stripe-payment-provider';
import type { StripeClientOptions } from '../../../../src/services/payments/stripe-provider/stripe-client';
import { ok, startStripeApi, stripeError, type StripeApi } from '../../../helpers/stripe-api';
import { createTestDatabase, type TestDatabase } from '../../../helpers/test-database';
import {
  cardMethod,
  charge,
  customer,
  list,
  paymentIntent,
  price,
  setupIntent,
} from './stripe-fixtures';

const EXPANDED = { 'expand[0]': 'latest_charge', 'expand[1]': 'payment_method' };
const RETURN_URL = 'https://shop.example/checkout/return';

describe('Stripe payment provider', () => {
  let api: StripeApi;
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let provider: PaymentProvider;

  const providerWith = (client: Partial<StripeClientOptions> = {}) =>
    createStripePaymentProvider({
      secretKey: 'sk_test_adapter',
      publishableKey: 'pk_test_adapter',
      webhookSecret: 'whsec_adapter',
      db: handle.db,
      client: { ...api.client, ...client },
    });

  const keys = () => api.requests.map((request) => request.idempotencyKey);
  const confirmWith = (
    source: ChargeSource,
    idempotencyKey = 'order:ord_1:confirm:1',
    on: PaymentProvider = provider,
  ) => on.confirmCharge('pi_1', { source, returnUrl: RETURN_URL, idempotencyKey });
  const token = (
    value: string,
    futureUsage: (ChargeSource & { type: 'token' })['futureUsage'] = null,
  ): ChargeSource => ({ type: 'token', token: value, futureUsage });

  beforeAll(async () => {
    api = await startStripeApi();
    database = await createTestDatabase();
    handle = database.handle;
    provider = providerWith();
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
  });
  beforeEach(() => api.reset());
  afterEach(() => api.done());

  it('tells the browser to load Stripe with the publishable key only', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.browserConfig()).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_adapter',
    });
  });

  describe('customers', () => {
    it('creates one Stripe Customer per shopper with the key customer:<userId>, then finds it in our table', async () => {
      const user = await handle.db
        .insertInto('users')
        .values({ email: 'ada@example.com', name: 'Ada' })
        .returning('id')
        .executeTakeFirstOrThrow();
      api.on(
        'POST',
        '/v1/customers',
        ok({ id: 'cus_ada', object: 'customer', email: 'ada@example.com' }),
      );

      const created = await provider.ensureCustomer({
        userId: user.id,
        email: 'ada@example.com',
        name: 'Ada',
      });
      expect(created).toEqual({ id: 'cus_ada', email: 'ada@example.com', userId: user.id });
      expect(api.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/v1/customers',
          idempotencyKey: `customer:${user.id}`,
          form: { email: 'ada@example.com', name: 'Ada', 'metadata[userId]': user.id },
        }),
      ]);

      // Known now: no second customer, no call to Stripe.
      expect(await provider.ensureCustomer({ userId: user.id, email: 'ada@example.com' })).toEqual(
        created,
      );
      expect(await provider.findCustomerByUserId(user.id)).toEqual(created);
      expect(api.requests).toHaveLength(1);
    });
  });

  describe('charges', () => {
    it('creates a PaymentIntent with automatic payment methods, our metadata and our key', async () => {
      api.on('POST', '/v1/payment_intents', ok(paymentIntent()));
      const created = await provider.createCharge({
        amount: 4_900,
        currency: 'usd',
        customerId: 'cus_1',
        metadata: { orderId: 'ord_1' },
        idempotencyKey: 'order:ord_1:intent',
      });
      expect(created).toMatchObject({
        id: 'pi_1',
        status: 'requires_confirmation',
        amount: 4_900,
        metadata: { orderId: 'ord_1' },
      });
      expect(api.requests[0]).toEqual({
        method: 'POST',
        path: '/v1/payment_intents',
        query: {},
        idempotencyKey: 'order:ord_1:intent',
        form: {
          amount: '4900',
          currency: 'usd',
          customer: 'cus_1',
          'metadata[orderId]': 'ord_1',
          'automatic_payment_methods[enabled]': 'true',
        },
      });
    });

    it('confirms with a ConfirmationToken, saving the card for later when asked', async () => {
      api.on(
        'POST',
        '/v1/payment_intents/pi_1/confirm',
        ok(
          paymentIntent({
            status: 'succeeded',
            payment_method: cardMethod(),
            latest_charge: charge(),
          }),
        ),
      );
      const confirmed = await confirmWith(token('ctoken_1', 'off_session'));
      expect(confirmed).toMatchObject({
        status: 'succeeded',
        paymentMethodId: 'pm_1',
        method: { id: 'pm_1', type: 'card', brand: 'visa', last4: '4242' },
        failureCode: null,
        nextAction: null,
        amountRefunded: 0,
      });
      expect(api.requests[0]).toMatchObject({
        path: '/v1/payment_intents/pi_1/confirm',
        idempotencyKey: 'order:ord_1:confirm:1',
        form: {
          confirmation_token: 'ctoken_1',
          // For cards alone, as the Payment Element is created with it.
          'payment_method_options[card][setup_future_usage]': 'off_session',
          return_url: RETURN_URL,
          ...EXPANDED,
        },
      });
    });

    it("charges a saved card with the order's method, off session when the shopper is away", async () => {
      api.on(
        'POST',
        '/v1/payment_intents/pi_1/confirm',
        ok(paymentIntent({ status: 'succeeded', payment_method: 'pm_9' })),
        2,
      );
      await confirmWith(
        { type: 'saved', paymentMethodId: 'pm_9', offSession: false },
        'upgrade:up_1:confirm:1',
      );
      await confirmWith(
        { type: 'saved', paymentMethodId: 'pm_9', offSession: true },
        'renewal:r_1:confirm:1',
      );
      expect(api.requests.map((request) => request.form)).toEqual([
        { payment_method: 'pm_9', return_url: RETURN_URL, ...EXPANDED },
        { payment_method: 'pm_9', off_session: 'true', return_url: RETURN_URL, ...EXPANDED },
      ]);
      expect(keys()).toEqual(['upgrade:up_1:confirm:1', 'renewal:r_1:confirm:1']);
    });

    it('hands the browser the client secret when the bank asks for 3-D Secure', async () => {
      api.on(
        'POST',
        '/v1/payment_intents/pi_1/confirm',
        ok(paymentIntent({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' } })),
      );
      const charged = await confirmWith(token('pm_card'));
      expect(charged).toMatchObject({
        status: 'requires_action',
        nextAction: { clientSecret: 'pi_1_secret_abc', message: expect.stringMatching(/bank/) },
      });
      expect(api.requests[0]!.form).toMatchObject({ payment_method: 'pm_card' });
      expect(api.requests[0]!.form).not.toHaveProperty('setup_future_usage');
      expect(api.requests[0]!.form).not.toHaveProperty(
        'payment_method_options[card][setup_future_usage]',
      );
    });

    it('answers a card decline as a failed charge with the decline code, not an exception', async () => {
      const declined = paymentIntent({
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      });
      api.on(
        'POST',
        '/v1/payment_intents/pi_1/confirm',
        stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: declined,
        }),
      );
      const charged = await confirmWith(token('ctoken_9995'));
      expect(charged).toMatchObject({
        id: 'pi_1',
        status: 'failed',
        failureCode: 'insufficient_funds',
        failureMessage: 'Your card has insufficient funds.',
        nextAction: null,
      });
      // Read back later, the same intent is failed too (needs a method again after a decline).
      api.on('GET', '/v1/payment_intents/pi_1', ok(declined));
      expect(await provider.getCharge('pi_1')).toMatchObject({
        status: 'failed',
        failureCode: 'insufficient_funds',
      });
      expect(api.requests[1]).toMatchObject({ method: 'GET', query: EXPANDED });
    });

    it('refuses a token that is neither a ConfirmationToken nor a PaymentMethod without calling Stripe', async () => {
      await expect(confirmWith(token('4242424242424242'))).rejects.toBeInstanceOf(
        PaymentDeclinedError,
      );
      expect(api.requests).toEqual([]);
    });

    it('reads an unknown intent as null', async () => {
      api.on(
        'GET',
        '/v1/payment_intents/pi_gone',
        stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: 'No such payment_intent',
        }),
      );
      expect(await provider.getCharge('pi_gone')).toBeNull();
    });

    it('reads the refunded amount from the latest charge', async () => {
      api.on(
        'GET',
        '/v1/payment_intents/pi_1',
        ok(
          paymentIntent({ status: 'succeeded', latest_charge: charge({ amount_refunded: 1_000 }) }),
        ),
      );
      expect(await provider.getCharge('pi_1')).toMatchObject({
        status: 'succeeded',
        amountRefunded: 1_000,
      });
    });

    it('cancels with our key, and reports the state of an intent past cancelling', async () => {
      api.on('POST', '/v1/payment_intents/pi_1/cancel', ok(paymentIntent({ status: 'canceled' })));
      expect(await provider.cancelCharge('pi_1', 'order:ord_1:cancel')).toMatchObject({
        status: 'canceled',
      });
      expect(api.requests[0]).toMatchObject({
        idempotencyKey: 'order:ord_1:cancel',
        form: { cancellation_reason: 'abandoned', ...EXPANDED },
      });

      api.on(
        'POST',
        '/v1/payment_intents/pi_2/cancel',
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'succeeded',
        }),
      );
      api.on(
        'GET',
        '/v1/payment_intents/pi_2',
        ok(paymentIntent({ id: 'pi_2', status: 'succeeded' })),
      );
      expect(await provider.cancelCharge('pi_2', 'order:ord_2:cancel')).toMatchObject({
        id: 'pi_2',
        status: 'succeeded',
      });
    });
  });

  describe('when Stripe cannot answer', () => {
    const confirm = (p: PaymentProvider = provider) =>
      confirmWith(token('ctoken_1'), 'order:ord_1:confirm:1', p);

    it('a rate limit is ProviderUnavailableError (the record stays pending)', async () => {
      api.on(
        'POST',
        '/v1/payment_intents/pi_1/confirm',
        stripeError(429, {
          type: 'invalid_request_error',
          code: 'rate_limit',
          message: 'Too many requests',
        }),
      );
      const error = await confirm().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error).toMatchObject({ retryable: true, message: expect.stringMatching(/limiting/) });
    });

    it("Stripe's own failure is ProviderUnavailableError: whether it acted is unknown", async () => {
      api.on(
        'POST',
        '/v1/payment_intents/pi_1/confirm',
        stripeError(
          500,
          { type: 'api_error', message: 'Something went wrong' },
          { 'stripe-should-retry': 'false' },
        ),
      );
      const error = await confirm().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect((error as Error).message).toMatch(/unknown/);
      // Stripe said a retry would not help (stripe-should-retry: false): asked once.
      expect(api.requests).toHaveLength(1);
    });

    it('a connection lost after sending is ProviderUnavailableError; the SDK retried it with the same key', async () => {
      api.dropConnection('POST', '/v1/payment_intents/pi_1/confirm', 2);
      const error = await confirm(providerWith({ maxNetworkRetries: 0 })).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect((error as Error).message).toMatch(/could not be reached.*unknown/);
      expect(keys()).toEqual(['order:ord_1:confirm:1', 'order:ord_1:confirm:1']);
    });

    it('retries a failed POST with the same idempotency key, so Stripe acts once', async () => {
      api.on(
        'POST',
        '/v1/payment_intents',
        stripeError(503, { type: 'api_error', message: 'Try again' }),
      );
      api.on('POST', '/v1/payment_intents', ok(paymentIntent()));
      const created = await provider.createCharge({
        amount: 4_900,
        currency: 'usd',
        metadata: { orderId: 'ord_1' },
        idempotencyKey: 'order:ord_1:intent',
      });
      expect(created.id).toBe('pi_1');
      expect(api.requests.map((request) => [request.path, request.idempotencyKey])).toEqual([
        ['/v1/payment_intents', 'order:ord_1:intent'],
        ['/v1/payment_intents', 'order:ord_1:intent'],
      ]);
      expect(api.requests[1]!.form).toEqual(api.requests[0]!.form);
    });

    it('a key reused with other parameters is refused as Stripe does: IdempotencyConflictError', async () => {
      api.on('POST', '/v1/payment_intents', ok(paymentIntent({ id: 'pi_first', amount: 5_000 })));
      await provider.createCharge({
        amount: 5_000,
        currency: 'usd',
        metadata: { orderId: 'ord_1' },
        idempotencyKey: 'order:ord_1:intent',
      });
      // No handler for the second: the stand-in answers it from the key's first use.
      const error = await provider
        .createCharge({
          amount: 6_000,
          currency: 'usd',
          metadata: { orderId: 'ord_1' },
          idempotencyKey: 'order:ord_1:intent',
        })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IdempotencyConflictError);
      expect(error).toMatchObject({ idempotencyKey: 'order:ord_1:intent' });
    });
  });

  describe('refunds', () => {
    it('refunds the PaymentIntent with our key; our words go in metadata, Stripe reason codes pass through', async () => {
      const refund = {
        id: 're_1',
        object: 'refund',
        amount: 1_000,
        currency: 'usd',
        payment_intent: 'pi_1',
        reason: null,
        created: 1_800_000_100,
      };
      api.on(
        'POST',
        '/v1/refunds',
        ok({ ...refund, metadata: { reason: 'Kit lost in the post' } }),
      );
      api.on(
        'POST',
        '/v1/refunds',
        ok({
          ...refund,
          id: 're_2',
          reason: 'requested_by_customer',
          metadata: { reason: 'requested_by_customer' },
        }),
      );
      expect(
        await provider.refund({
          chargeId: 'pi_1',
          amount: 1_000,
          reason: 'Kit lost in the post',
          idempotencyKey: 'refund:ord_1:1',
        }),
      ).toMatchObject({
        id: 're_1',
        chargeId: 'pi_1',
        amount: 1_000,
        reason: 'Kit lost in the post',
      });
      await provider.refund({
        chargeId: 'pi_1',
        reason: 'requested_by_customer',
        idempotencyKey: 'refund:ord_1:2',
      });
      expect(api.requests.map(({ idempotencyKey, form }) => ({ idempotencyKey, form }))).toEqual([
        {
          idempotencyKey: 'refund:ord_1:1',
          form: {
            payment_intent: 'pi_1',
            amount: '1000',
            'metadata[reason]': 'Kit lost in the post',
          },
        },
        {
          idempotencyKey: 'refund:ord_1:2',
          form: {
            payment_intent: 'pi_1',
            reason: 'requested_by_customer',
            'metadata[reason]': 'requested_by_customer',
          },
        },
      ]);
    });

    it('a refund past what is left is RefundRefusedError', async () => {
      api.on(
        'POST',
        '/v1/refunds',
        stripeError(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: 'Charge has already been refunded.',
        }),
      );
      await expect(
        provider.refund({ chargeId: 'pi_1', idempotencyKey: 'refund:ord_1:3' }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
    });

    it('lists the refunds of an intent', async () => {
      api.on(
        'GET',
        '/v1/refunds',
        ok(
          list([
            {
              id: 're_1',
              object: 'refund',
              amount: 500,
              currency: 'usd',
              payment_intent: 'pi_1',
              reason: 'duplicate',
              metadata: {},
              created: 1_800_000_100,
            },
          ]),
        ),
      );
      expect(await provider.listRefunds('pi_1')).toEqual([
        {
          id: 're_1',
          chargeId: 'pi_1',
          amount: 500,
          currency: 'usd',
          reason: 'duplicate',
          createdAt: new Date(1_800_000_100_000),
        },
      ]);
      expect(api.requests[0]!.query).toMatchObject({ payment_intent: 'pi_1' });
    });
  });

  describe('saved cards', () => {
    it('lists cards through Stripe with the default from invoice_settings', async () => {
      api.on('GET', '/v1/customers/cus_1', ok(customer('pm_2')));
      api.on(
        'GET',
        '/v1/customers/cus_1/payment_methods',
        ok(
          list([
            cardMethod(),
            cardMethod({
              id: 'pm_2',
              card: { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 },
            }),
          ]),
        ),
      );
      const methods = await provider.listPaymentMethods('cus_1');
      expect(
        methods.map(({ id, brand, last4, isDefault }) => ({ id, brand, last4, isDefault })),
      ).toEqual([
        { id: 'pm_1', brand: 'visa', last4: '4242', isDefault: false },
        { id: 'pm_2', brand: 'mastercard', last4: '4444', isDefault: true },
      ]);
      expect(
        api.requests.find((request) => request.path.endsWith('/payment_methods'))!.query,
      ).toMatchObject({ type: 'card' });
    });

    it('sets the default and detaches only a card of that customer', async () => {
      api.on('GET', '/v1/customers/cus_1/payment_methods/pm_1', ok(cardMethod()));
      api.on(
        'GET',
        '/v1/customers/cus_1',
        ok({ id: 'cus_1', object: 'customer', invoice_settings: { default_payment_method: null } }),
      );
      api.on('POST', '/v1/customers/cus_1', ok({ id: 'cus_1', object: 'customer' }));
      expect(await provider.setDefaultPaymentMethod('cus_1', 'pm_1')).toMatchObject({
        id: 'pm_1',
        isDefault: true,
      });
      expect(api.requests.at(-1)).toMatchObject({
        method: 'POST',
        form: { 'invoice_settings[default_payment_method]': 'pm_1' },
      });

      api.reset();
      api.on(
        'GET',
        '/v1/customers/cus_1/payment_methods/pm_other',
        stripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such PaymentMethod',
        }),
      );
      await expect(provider.detachPaymentMethod('cus_1', 'pm_other')).rejects.toBeInstanceOf(
        PaymentObjectNotFoundError,
      );
      expect(api.requests.filter((request) => request.method === 'POST')).toEqual([]);

      api.reset();
      api.on('GET', '/v1/customers/cus_1/payment_methods/pm_1', ok(cardMethod()));
      api.on('GET', '/v1/customers/cus_1', ok(customer('pm_1')));
      api.on('POST', '/v1/payment_methods/pm_1/detach', ok(cardMethod({ customer: null })));
      await provider.detachPaymentMethod('cus_1', 'pm_1');
    });

    it('saves a card with a SetupIntent confirmed at once, and asks for 3-D Secure when the bank does', async () => {
      api.on(
        'POST',
        '/v1/setup_intents',
        ok(
          setupIntent({
            status: 'requires_action',
            payment_method: 'pm_3ds',
            next_action: { type: 'use_stripe_sdk' },
          }),
        ),
      );
      const setup = await provider.createSetup({
        customerId: 'cus_1',
        token: 'ctoken_3ds',
        returnUrl: RETURN_URL,
        idempotencyKey: 'setup:user_1:1',
      });
      expect(setup).toEqual({
        id: 'seti_1',
        status: 'requires_action',
        customerId: 'cus_1',
        paymentMethodId: null,
        nextAction: { clientSecret: 'seti_1_secret_abc', message: expect.any(String) },
        failureCode: null,
        failureMessage: null,
      });
      expect(api.requests[0]).toMatchObject({
        idempotencyKey: 'setup:user_1:1',
        form: {
          customer: 'cus_1',
          confirmation_token: 'ctoken_3ds',
          confirm: 'true',
          usage: 'off_session',
          return_url: RETURN_URL,
          'automatic_payment_methods[enabled]': 'true',
        },
      });

      api.on('GET', '/v1/setup_intents/seti_1', ok(setupIntent()));
      expect(await provider.getSetup('cus_1', 'seti_1')).toMatchObject({
        status: 'succeeded',
        paymentMethodId: 'pm_1',
      });
      api.on('GET', '/v1/setup_intents/seti_1', ok(setupIntent()));
      expect(await provider.getSetup('cus_other', 'seti_1')).toBeNull();
    });

    it('a declined card on the account page is a failed setup', async () => {
      api.on(
        'POST',
        '/v1/setup_intents',
        stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
          setup_intent: setupIntent({ status: 'requires_payment_method', payment_method: null }),
        }),
      );
      expect(
        await provider.createSetup({
          customerId: 'cus_1',
          token: 'pm_0002',
          returnUrl: RETURN_URL,
          idempotencyKey: 'setup:user_1:2',
        }),
      ).toMatchObject({
        status: 'failed',
        failureCode: 'generic_decline',
        failureMessage: 'Your card was declined.',
        paymentMethodId: null,
      });
    });
  });

  describe('catalogue prices', () => {
    it('finds prices by lookup key, ten keys a request, with unlimited_upgrade from metadata', async () => {
      const keys = Array.from({ length: 12 }, (_, index) => `key_${index}`);
      api.on(
        'GET',
        '/v1/prices',
        ok(
          list([
            price({ id: 'price_a', lookup_key: 'key_0' }),
            price({
              id: 'price_b',
              lookup_key: 'key_1',
              type: 'recurring',
              recurring: { interval: 'month', interval_count: 3 },
            }),
            price({
              id: 'price_old',
              lookup_key: 'key_2',
              product: { id: 'prod_2', object: 'product', active: false },
            }),
          ]),
        ),
      );
      api.on(
        'GET',
        '/v1/prices',
        ok(
          list([
            price({ id: 'price_u', lookup_key: 'key_11', metadata: { unlimited_upgrade: 'true' } }),
          ]),
        ),
      );
      const prices = await provider.listPrices(keys);
      expect(prices).toEqual([
        {
          id: 'price_a',
          lookupKey: 'key_0',
          unitAmount: 14_900,
          currency: 'usd',
          type: 'one_time',
          recurringInterval: null,
          recurringIntervalCount: null,
          isUnlimitedUpgrade: false,
        },
        {
          id: 'price_b',
          lookupKey: 'key_1',
          unitAmount: 14_900,
          currency: 'usd',
          type: 'recurring',
          recurringInterval: 'month',
          recurringIntervalCount: 3,
          isUnlimitedUpgrade: false,
        },
        {
          id: 'price_u',
          lookupKey: 'key_11',
          unitAmount: 14_900,
          currency: 'usd',
          type: 'one_time',
          recurringInterval: null,
          recurringIntervalCount: null,
          isUnlimitedUpgrade: true,
        },
      ]);
      expect(api.requests[0]!.query).toMatchObject({
        'lookup_keys[0]': 'key_0',
        'lookup_keys[9]': 'key_9',
        active: 'true',
        'expand[0]': 'data.product',
      });
      expect(api.requests[0]!.query).not.toHaveProperty('lookup_keys[10]');
      expect(api.requests[1]!.query).toMatchObject({
        'lookup_keys[0]': 'key_10',
        'lookup_keys[1]': 'key_11',
      });
    });
  });

  describe('subscriptions', () => {
    it('subscribes with our key and the saved card, paid now or refused', async () => {
      api.on(
        'POST',
        '/v1/subscriptions',
        ok({
          id: 'sub_1',
          object: 'subscription',
          customer: 'cus_1',
          status: 'active',
          default_payment_method: 'pm_1',
          start_date: 1_800_000_000,
          items: {
            object: 'list',
            data: [
              {
                price: { id: 'price_q' },
                quantity: 1,
                current_period_start: 1_800_000_000,
                current_period_end: 1_807_776_000,
              },
            ],
          },
        }),
      );
      expect(
        await provider.createSubscription({
          customerId: 'cus_1',
          priceId: 'price_q',
          paymentMethodId: 'pm_1',
          idempotencyKey: 'subscription:ord_1',
        }),
      ).toEqual({
        id: 'sub_1',
        customerId: 'cus_1',
        priceId: 'price_q',
        paymentMethodId: 'pm_1',
        quantity: 1,
        status: 'active',
        currentPeriodStart: new Date(1_800_000_000_000),
        currentPeriodEnd: new Date(1_807_776_000_000),
      });
      expect(api.requests[0]).toMatchObject({
        idempotencyKey: 'subscription:ord_1',
        form: {
          customer: 'cus_1',
          'items[0][price]': 'price_q',
          'items[0][quantity]': '1',
          default_payment_method: 'pm_1',
          off_session: 'true',
          payment_behavior: 'error_if_incomplete',
        },
      });
    });
  });
});

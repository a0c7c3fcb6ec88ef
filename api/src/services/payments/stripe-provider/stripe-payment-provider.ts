import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { Database } from '../../../db/schema';
import {
  findStripeCustomer,
  saveStripeCustomer,
} from '../../../repositories/stripe-customers-repository';
import {
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  RefundRefusedError,
  type ChargeSource,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderPaymentMethod,
  type ProviderPrice,
} from '../payment-provider';
import { createStripeClient, type StripeClientOptions } from './stripe-client';
import { isStripeError, stripeCall, stripeFind, translateStripeError } from './stripe-errors';
import {
  idOf,
  toCharge,
  toPaymentMethod,
  toPrice,
  toRefund,
  toSetup,
  toSubscription,
} from './stripe-mapping';
import type { StripeTestClocks } from './stripe-test-clocks';
import { parseStripeWebhook } from './stripe-webhooks';

export interface StripePaymentProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where shoppers are mapped to their Stripe Customers. */
  db: Database;
  /** The clock webhook timestamps are checked against. */
  now?: () => Date;
  client?: StripeClientOptions;
  /** Test mode only: each new customer on a test clock of its own that follows the shop clock. */
  customerTestClocks?: StripeTestClocks | null;
}

/** What an intent's read returns expanded: the refunded amount and the card shown to shoppers. */
const INTENT_EXPAND = ['latest_charge', 'payment_method'];

/** `lookup_keys` takes at most ten keys per request. */
const LOOKUP_KEYS_PER_REQUEST = 10;

const STRIPE_REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** Refusals of a refund Stripe answers with (already refunded, more than is left, not paid). */
const REFUND_REFUSALS = new Set([
  'charge_already_refunded',
  'amount_too_large',
  'payment_intent_unexpected_state',
  'charge_disputed',
]);

/** What the browser's element handed over: a ConfirmationToken or a PaymentMethod id. */
function tokenParams(token: string): { confirmation_token: string } | { payment_method: string } {
  if (token.startsWith('ctoken_')) return { confirmation_token: token };
  if (token.startsWith('pm_')) return { payment_method: token };
  throw new PaymentDeclinedError(
    'invalid_token',
    'The payment details were not recognised; please enter them again.',
  );
}

function confirmParams(source: ChargeSource): Stripe.PaymentIntentConfirmParams {
  if (source.type === 'token')
    return {
      ...tokenParams(source.token),
      // For cards alone, as the Payment Element sets it: a pay-later method is never kept.
      ...(source.futureUsage
        ? { payment_method_options: { card: { setup_future_usage: source.futureUsage } } }
        : {}),
    };
  return {
    payment_method: source.paymentMethodId,
    ...(source.offSession ? { off_session: true } : {}),
  };
}

/** A decline as the failed charge it is: Stripe attaches the intent to the card error. */
function declinedCharge(
  error: InstanceType<typeof Stripe.errors.StripeError>,
  intent: Stripe.PaymentIntent,
): ProviderCharge {
  return {
    ...toCharge(intent),
    status: 'failed',
    nextAction: null,
    failureCode: error.decline_code || error.code || 'card_declined',
    failureMessage: error.message || 'The card was declined.',
  };
}

function guestKey(email: string, name: string | null | undefined): string {
  const digest = createHash('sha256')
    .update(`${email.trim().toLowerCase()}\n${name ?? ''}`)
    .digest('hex');
  return `customer:guest:${digest.slice(0, 32)}`;
}

/**
 * The Stripe adapter. PaymentIntents only (never the Charges API). Calls that create or move
 * money carry the idempotency key the caller derived from our record; updates that are the
 * same however often they run (a default card, a detach) get the SDK's own key per call.
 */
// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it waits for the module move (docs/decisions/api-module-boundaries.md)
export function createStripePaymentProvider(
  options: StripePaymentProviderOptions,
): PaymentProvider {
  const { db, publishableKey, webhookSecret } = options;
  const stripe = createStripeClient(options.secretKey, options.client);
  const livemode = /^(?:sk|rk)_live_/.test(options.secretKey);
  const now = options.now ?? (() => new Date());
  const testClocks = livemode ? null : (options.customerTestClocks ?? null);

  async function defaultMethodId(customerId: string): Promise<string | null> {
    const customer = await stripeCall(() => stripe.customers.retrieve(customerId));
    if (customer.deleted) throw new PaymentObjectNotFoundError(`Customer ${customerId}`);
    return idOf(customer.invoice_settings.default_payment_method);
  }

  async function getPaymentMethod(
    customerId: string,
    paymentMethodId: string,
  ): Promise<ProviderPaymentMethod | null> {
    const method = await stripeFind(() =>
      stripe.customers.retrievePaymentMethod(customerId, paymentMethodId),
    );
    if (!method || idOf(method.customer) !== customerId) return null;
    return toPaymentMethod(method, await defaultMethodId(customerId));
  }

  async function ownPaymentMethod(customerId: string, paymentMethodId: string) {
    const method = await getPaymentMethod(customerId, paymentMethodId);
    if (!method) throw new PaymentObjectNotFoundError(`Payment method ${paymentMethodId}`);
    return method;
  }

  async function retrieveCharge(chargeId: string): Promise<ProviderCharge | null> {
    const intent = await stripeFind(() =>
      stripe.paymentIntents.retrieve(chargeId, { expand: INTENT_EXPAND }),
    );
    return intent ? toCharge(intent) : null;
  }

  return {
    name: 'stripe',
    browserConfig: () => ({ provider: 'stripe', publishableKey }),

    async ensureCustomer({ userId, email, name }) {
      if (userId) {
        const known = await findStripeCustomer(db, userId, livemode);
        if (known) return { id: known.customerId, email: known.email, userId };
      }
      // A retry after a lost answer, or two requests at once, get the same customer back.
      const customerKey = userId ? `customer:${userId}` : guestKey(email, name);
      const testClock = testClocks ? await testClocks.clockForCustomer(customerKey) : null;
      // A customer on a clock is sent with that clock: its key names it, so a new clock is a new key.
      const idempotencyKey = testClock ? `${customerKey}:${testClock}` : customerKey;
      const customer = await stripeCall(
        () =>
          stripe.customers.create(
            {
              email,
              ...(name ? { name } : {}),
              metadata: userId ? { userId } : {},
              ...(testClock ? { test_clock: testClock } : {}),
            },
            { idempotencyKey },
          ),
        idempotencyKey,
      );
      if (testClock) await testClocks?.attach(testClock, customer.id);
      if (!userId) return { id: customer.id, email, userId: null };
      const saved = await saveStripeCustomer(db, {
        userId,
        livemode,
        customerId: customer.id,
        email,
      });
      return { id: saved.customerId, email: saved.email, userId };
    },

    async findCustomerByUserId(userId) {
      const known = await findStripeCustomer(db, userId, livemode);
      return known ? { id: known.customerId, email: known.email, userId } : null;
    },

    async listPaymentMethods(customerId) {
      const [defaultId, methods] = await Promise.all([
        defaultMethodId(customerId),
        stripeCall(() =>
          stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        ),
      ]);
      return methods.data.map((method) => toPaymentMethod(method, defaultId));
    },

    getPaymentMethod,

    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      const method = await ownPaymentMethod(customerId, paymentMethodId);
      await stripeCall(() =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        }),
      );
      return { ...method, isDefault: true };
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      await ownPaymentMethod(customerId, paymentMethodId);
      await stripeCall(() => stripe.paymentMethods.detach(paymentMethodId));
    },

    async createSetup({ customerId, token, returnUrl, idempotencyKey }) {
      try {
        const intent = await stripe.setupIntents.create(
          {
            customer: customerId,
            ...tokenParams(token),
            confirm: true,
            usage: 'off_session',
            return_url: returnUrl,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        );
        return toSetup(intent);
      } catch (error) {
        if (isStripeError(error, 'StripeCardError') && error.setup_intent)
          return {
            ...toSetup(error.setup_intent),
            status: 'failed',
            nextAction: null,
            failureCode: error.decline_code || error.code || 'card_declined',
            failureMessage: error.message || 'The card could not be saved.',
          };
        throw translateStripeError(error, idempotencyKey);
      }
    },

    async getSetup(customerId, setupId) {
      const intent = await stripeFind(() => stripe.setupIntents.retrieve(setupId));
      if (!intent || idOf(intent.customer) !== customerId) return null;
      return toSetup(intent);
    },

    async createCharge({ amount, currency, customerId, description, metadata, idempotencyKey }) {
      const intent = await stripeCall(
        () =>
          stripe.paymentIntents.create(
            {
              amount,
              currency,
              ...(customerId ? { customer: customerId } : {}),
              ...(description ? { description } : {}),
              metadata,
              automatic_payment_methods: { enabled: true },
            },
            { idempotencyKey },
          ),
        idempotencyKey,
      );
      return toCharge(intent);
    },

    async confirmCharge(chargeId, { source, returnUrl, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.confirm(
          chargeId,
          { ...confirmParams(source), return_url: returnUrl, expand: INTENT_EXPAND },
          { idempotencyKey },
        );
        return toCharge(intent);
      } catch (error) {
        if (!isStripeError(error, 'StripeCardError'))
          throw translateStripeError(error, idempotencyKey);
        const intent =
          error.payment_intent ??
          (await stripeCall(() =>
            stripe.paymentIntents.retrieve(chargeId, { expand: INTENT_EXPAND }),
          ));
        return declinedCharge(error, intent);
      }
    },

    getCharge: retrieveCharge,

    async cancelCharge(chargeId, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.cancel(
          chargeId,
          { cancellation_reason: 'abandoned', expand: INTENT_EXPAND },
          { idempotencyKey },
        );
        return toCharge(intent);
      } catch (error) {
        // Already succeeded, processing or canceled: the caller decides from the state it is in.
        if (
          isStripeError(error, 'StripeInvalidRequestError') &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          const current = await retrieveCharge(chargeId);
          if (current) return current;
        }
        throw translateStripeError(error, idempotencyKey);
      }
    },

    async refund({ chargeId, amount, reason, idempotencyKey }) {
      const stripeReason = STRIPE_REFUND_REASONS.find((known) => known === reason);
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: chargeId,
            ...(amount !== undefined ? { amount } : {}),
            ...(stripeReason ? { reason: stripeReason } : {}),
            ...(reason ? { metadata: { reason } } : {}),
          },
          { idempotencyKey },
        );
        return toRefund(refund);
      } catch (error) {
        if (
          isStripeError(error, 'StripeInvalidRequestError') &&
          REFUND_REFUSALS.has(error.code ?? '')
        )
          throw new RefundRefusedError(error.message);
        throw translateStripeError(error, idempotencyKey);
      }
    },

    async listRefunds(chargeId) {
      const refunds = await stripeCall(() =>
        stripe.refunds.list({ payment_intent: chargeId, limit: 100 }),
      );
      return refunds.data.map(toRefund);
    },

    async listPrices(lookupKeys) {
      const prices: ProviderPrice[] = [];
      for (let start = 0; start < lookupKeys.length; start += LOOKUP_KEYS_PER_REQUEST) {
        const page = await stripeCall(() =>
          stripe.prices.list({
            lookup_keys: lookupKeys.slice(start, start + LOOKUP_KEYS_PER_REQUEST),
            active: true,
            expand: ['data.product'],
            limit: 100,
          }),
        );
        for (const price of page.data) {
          // A price of an archived product is not for sale.
          const product = typeof price.product === 'object' ? price.product : null;
          if (product && (product.deleted || !product.active)) continue;
          const mapped = toPrice(price);
          if (mapped) prices.push(mapped);
        }
      }
      return prices;
    },

    async createSubscription({ customerId, priceId, paymentMethodId, quantity, idempotencyKey }) {
      const subscription = await stripeCall(
        () =>
          stripe.subscriptions.create(
            {
              customer: customerId,
              items: [{ price: priceId, quantity: quantity ?? 1 }],
              default_payment_method: paymentMethodId,
              off_session: true,
              // The first invoice is paid now or the call fails: no half-made subscription.
              payment_behavior: 'error_if_incomplete',
            },
            { idempotencyKey },
          ),
        idempotencyKey,
      );
      return toSubscription(subscription);
    },

    async listSubscriptions(customerId) {
      const subscriptions = await stripeCall(() =>
        stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
      );
      return subscriptions.data.map(toSubscription);
    },

    parseWebhook: (rawBody, signature) =>
      parseStripeWebhook(stripe, { rawBody, signature, secret: webhookSecret, now }),
  };
}

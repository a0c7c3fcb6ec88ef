// Webhooks signed as Stripe signs them (the SDK's generateTestHeaderString): only a body that
// verifies against our secret, within five minutes, becomes an event the shop acts on.
import Stripe from 'stripe';
import type { Database } from '../../../../src/db/schema';
import {
  WebhookSignatureError,
  type PaymentProvider,
} from '../../../../src/services/payments/payment-provider';
import { createStripePaymentProvider } from '../../../../src/services/payments/stripe-provider/stripe-payment-provider';
import { charge, paymentIntent, setupIntent } from './stripe-fixtures';

const SECRET = 'whsec_test_webhooks';
const NOW = new Date('2027-01-15T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

function event(type: string, object: object, id = 'evt_1') {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: nowSeconds,
    data: { object },
  });
}

function sign(payload: string, { secret = SECRET, timestamp = nowSeconds } = {}) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

describe('Stripe webhooks', () => {
  let provider: PaymentProvider;

  beforeAll(() => {
    provider = createStripePaymentProvider({
      secretKey: 'sk_test_webhooks',
      publishableKey: 'pk_test_webhooks',
      webhookSecret: SECRET,
      // Verifying makes no database or API call.
      db: {} as Database,
      now: () => NOW,
    });
  });

  const parse = (payload: string, signature: string | undefined) =>
    provider.parseWebhook(Buffer.from(payload), signature);

  it('maps a signed payment_intent.succeeded to the charge with our metadata', () => {
    const payload = event(
      'payment_intent.succeeded',
      paymentIntent({ status: 'succeeded', payment_method: 'pm_1' }),
    );
    expect(parse(payload, sign(payload))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      charge: expect.objectContaining({
        id: 'pi_1',
        status: 'succeeded',
        paymentMethodId: 'pm_1',
        metadata: { orderId: 'ord_1' },
      }),
    });
  });

  it('maps a payment failure with its decline code', () => {
    const payload = event(
      'payment_intent.payment_failed',
      paymentIntent({
        last_payment_error: {
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Insufficient funds.',
        },
      }),
    );
    expect(parse(payload, sign(payload))).toMatchObject({
      type: 'payment_intent.payment_failed',
      charge: {
        status: 'failed',
        failureCode: 'insufficient_funds',
        failureMessage: 'Insufficient funds.',
      },
    });
  });

  it('maps a refund made in the dashboard to the intent with the amount refunded so far', () => {
    const payload = event('charge.refunded', charge({ amount_refunded: 2_000, refunded: false }));
    expect(parse(payload, sign(payload))).toMatchObject({
      type: 'charge.refunded',
      charge: {
        id: 'pi_1',
        amount: 4_900,
        amountRefunded: 2_000,
        method: { brand: 'visa', last4: '4242' },
      },
    });
  });

  it('maps a dispute to the disputed intent', () => {
    const payload = event('charge.dispute.created', {
      id: 'dp_1',
      object: 'dispute',
      amount: 4_900,
      charge: 'ch_1',
      payment_intent: 'pi_1',
      reason: 'fraudulent',
    });
    expect(parse(payload, sign(payload))).toEqual({
      id: 'evt_1',
      type: 'charge.dispute.created',
      chargeId: 'pi_1',
      disputeId: 'dp_1',
      amount: 4_900,
      reason: 'fraudulent',
    });
  });

  it('maps a saved card', () => {
    const payload = event('setup_intent.succeeded', setupIntent());
    expect(parse(payload, sign(payload))).toMatchObject({
      type: 'setup_intent.succeeded',
      setup: { id: 'seti_1', status: 'succeeded', customerId: 'cus_1', paymentMethodId: 'pm_1' },
    });
  });

  it('acknowledges a type the shop does not act on as ignored', () => {
    const payload = event('customer.updated', { id: 'cus_1', object: 'customer' }, 'evt_2');
    expect(parse(payload, sign(payload))).toEqual({
      id: 'evt_2',
      type: 'ignored',
      providerType: 'customer.updated',
    });
  });

  describe('refuses with WebhookSignatureError', () => {
    const payload = event('payment_intent.succeeded', paymentIntent({ status: 'succeeded' }));

    it('an unsigned event', () => {
      expect(() => parse(payload, undefined)).toThrow(WebhookSignatureError);
    });

    it('an event signed with another secret, without naming ours', () => {
      const error = (() => {
        try {
          parse(payload, sign(payload, { secret: 'whsec_forger' }));
        } catch (caught) {
          return caught as Error;
        }
      })();
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect(error!.message).not.toContain(SECRET);
    });

    it('an event signed more than five minutes ago (a replay)', () => {
      expect(() => parse(payload, sign(payload, { timestamp: nowSeconds - 301 }))).toThrow(
        /tolerance/,
      );
      // Four minutes old still verifies.
      expect(parse(payload, sign(payload, { timestamp: nowSeconds - 240 })).type).toBe(
        'payment_intent.succeeded',
      );
    });

    it('a body changed after signing', () => {
      const signature = sign(payload);
      const altered = payload.replace('"amount":4900', '"amount":1');
      expect(altered).not.toBe(payload);
      expect(() => parse(altered, signature)).toThrow(WebhookSignatureError);
    });

    it('a signature header that is not Stripe’s format', () => {
      expect(() => parse(payload, 'v1=abc')).toThrow(WebhookSignatureError);
    });
  });
});

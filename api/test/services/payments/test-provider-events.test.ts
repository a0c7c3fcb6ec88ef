import Stripe from 'stripe';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
  TEST_CARDS,
} from '@shop/payments-sandbox';
import {
  WebhookSignatureError,
  type ProviderEvent,
} from '../../../src/services/payments/payment-provider';

const expiry = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

describe('test provider events: Stripe-shaped, signed, delivered until accepted', () => {
  let database: TestDatabase;
  let provider: TestPaymentProvider;
  let answer = 200;
  const received: Array<{ body: string; signature: string }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = createTestPaymentProvider(database.handle.db, {
      deliver: async (body, signature) => {
        received.push({ body, signature });
        return answer;
      },
    });
  });
  afterAll(() => database.drop());

  const parsed = (): ProviderEvent[] =>
    received.map(({ body, signature }) => provider.parseWebhook(Buffer.from(body), signature));

  async function paidIntent(metadata: Record<string, string>) {
    const created = await provider.createCharge({
      amount: 14_900,
      currency: 'usd',
      metadata,
      idempotencyKey: `intent:${metadata.orderId}`,
    });
    const token = await provider.createCardToken({ number: TEST_CARDS.succeeds, ...expiry });
    return provider.confirmCharge(created.id, {
      source: { type: 'token', token: token.id, futureUsage: null },
      returnUrl: '/return',
      idempotencyKey: `confirm:${metadata.orderId}`,
    });
  }

  it('signs each event; parseWebhook gives back the intent with what createCharge received', async () => {
    received.length = 0;
    const paid = await paidIntent({ orderId: 'order-1' });
    await provider.refund({ chargeId: paid.id, amount: 4_900, idempotencyKey: 'refund:order-1:1' });
    await provider.createDispute(paid.id, 'fraudulent');
    expect(await provider.deliverPendingEvents()).toBe(3);
    expect(received[0]!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const [succeeded, refunded, disputed] = parsed();
    expect(succeeded).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      charge: {
        id: paid.id,
        status: 'succeeded',
        amount: 14_900,
        metadata: { orderId: 'order-1' },
        method: { type: 'card', brand: 'visa', last4: '4242' },
      },
    });
    expect(refunded).toMatchObject({
      type: 'charge.refunded',
      charge: { id: paid.id, amountRefunded: 4_900, metadata: { orderId: 'order-1' } },
    });
    expect(disputed).toMatchObject({
      type: 'charge.dispute.created',
      chargeId: paid.id,
      disputeId: expect.stringMatching(/^dp_/),
      amount: 10_000,
      reason: 'fraudulent',
    });
    // Delivered once: nothing is left.
    expect(await provider.deliverPendingEvents()).toBe(0);
  });

  it('refuses a forged, unsigned, stale or altered event', async () => {
    received.length = 0;
    await paidIntent({ orderId: 'order-2' });
    await provider.deliverPendingEvents();
    const { body, signature } = received[0]!;
    const refused = (raw: string, header: string | undefined) => () =>
      provider.parseWebhook(Buffer.from(raw), header);
    expect(refused(body, undefined)).toThrow(WebhookSignatureError);
    expect(refused(body.replace('order-2', 'order-3'), signature)).toThrow(WebhookSignatureError);
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_other',
    });
    expect(refused(body, forged)).toThrow(WebhookSignatureError);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: provider.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(refused(body, stale)).toThrow(WebhookSignatureError);
    expect(refused(body, signature)()).toMatchObject({ type: 'payment_intent.succeeded' });
  });

  it('tries an event again later until the webhook accepts it', async () => {
    received.length = 0;
    answer = 500;
    await paidIntent({ orderId: 'order-4' });
    expect(await provider.deliverPendingEvents()).toBe(1);
    // Not due again at once: the retry waits.
    expect(await provider.deliverPendingEvents()).toBe(0);
    answer = 200;
    expect(await provider.deliverPendingEvents(new Date(Date.now() + 60_000))).toBe(1);
    expect(received.map((event) => JSON.parse(event.body).id)).toEqual([
      JSON.parse(received[0]!.body).id,
      JSON.parse(received[0]!.body).id,
    ]);
    const left = await database.handle.db
      .selectFrom('payment_provider_events')
      .select('id')
      .where('delivered_at', 'is', null)
      .execute();
    expect(left).toEqual([]);
  });

  it('maps setups, cancellations and types the shop ignores', async () => {
    received.length = 0;
    const customer = await provider.ensureCustomer({ userId: null, email: 'ev@example.com' });
    const token = await provider.createCardToken({ number: TEST_CARDS.succeeds, ...expiry });
    const setup = await provider.createSetup({
      customerId: customer.id,
      token: token.id,
      returnUrl: '/return',
      idempotencyKey: 'setup:ev',
    });
    const created = await provider.createCharge({
      amount: 1_000,
      currency: 'usd',
      metadata: { upgradeId: 'up-9' },
      idempotencyKey: 'intent:up-9',
    });
    await provider.cancelCharge(created.id, 'cancel:up-9');
    const declinedToken = await provider.createCardToken({
      number: TEST_CARDS.declined,
      ...expiry,
    });
    await provider.createSetup({
      customerId: customer.id,
      token: declinedToken.id,
      returnUrl: '/return',
      idempotencyKey: 'setup:ev-declined',
    });
    await provider.deliverPendingEvents();
    expect(parsed()).toEqual([
      expect.objectContaining({
        type: 'setup_intent.succeeded',
        setup: expect.objectContaining({
          id: setup.id,
          customerId: customer.id,
          paymentMethodId: setup.paymentMethodId,
        }),
      }),
      expect.objectContaining({
        type: 'payment_intent.canceled',
        charge: expect.objectContaining({ id: created.id, metadata: { upgradeId: 'up-9' } }),
      }),
      expect.objectContaining({ type: 'ignored', providerType: 'setup_intent.setup_failed' }),
    ]);
  });
});

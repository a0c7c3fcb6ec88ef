// Stripe Billing's webhooks, signed as Stripe signs them, write our subscription records: a paid
// renewal invoice is one ledger row, one renewal order and one receipt however often it arrives;
// a failed one makes the subscription past due with a mail to update the card; Stripe's updates
// and deletion reach our record, and a canceled record stays canceled.
import Stripe from 'stripe';
import { createManualClock, type ManualClock } from '../../../src/lib/clock';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import { createMailQueue } from '../../../src/services/mail/mail-queue';
import { createOutboxMailer } from '../../../src/services/mail/mailer';
import {
  handlePaymentEvent,
  type PaymentEventDeps,
} from '../../../src/services/payments/payment-events';
import { createStripePaymentProvider } from '../../../src/services/payments/stripe-provider/stripe-payment-provider';
import { createStripeSubscriptionBilling } from '../../../src/services/payments/stripe-provider/stripe-subscription-billing';
import { seedStripeSubscription } from '../../helpers/billed-subscriptions';
import { ok, startStripeApi, type StripeApi } from '../../helpers/stripe-api';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import {
  list,
  stripeInvoice,
  stripeSubscription,
} from '../payments/stripe-provider/stripe-fixtures';

const SECRET = 'whsec_billing_events';
const NOW = new Date('2027-02-15T13:00:00Z');
const s = (iso: string) => Date.parse(iso) / 1000;
// The seeded record's first period ends 2027-02-15T12:00Z; the first renewal runs a month.
const RENEWAL = { start: s('2027-02-15T12:00:00Z'), end: s('2027-03-15T12:00:00Z') };

describe('Stripe Billing events on our subscription records', () => {
  let api: StripeApi;
  let database: TestDatabase;
  let clock: ManualClock;
  let deps: PaymentEventDeps;
  let sequence = 0;

  beforeAll(async () => {
    api = await startStripeApi();
    database = await createTestDatabase();
    clock = createManualClock(NOW);
    const { db } = database.handle;
    const keys = { secretKey: 'sk_test_events', client: api.client };
    deps = {
      db,
      provider: createStripePaymentProvider({
        ...keys,
        publishableKey: 'pk_test_events',
        webhookSecret: SECRET,
        db,
        now: () => NOW,
      }),
      mailQueue: createMailQueue(db, createOutboxMailer(db, 'shop@example.com'), {
        from: 'shop@example.com',
        clock,
      }),
      // Orders paid here buy nothing recurring: no subscription starts from them.
      subscriptions: { recordPaidOrder: async () => false, wake: () => {} },
      billedEvents: {
        billing: createStripeSubscriptionBilling({ ...keys, db }),
        clock,
        publicOrigin: 'https://shop.example',
      },
    };
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
  });
  beforeEach(() => api.reset());
  afterEach(() => api.done());

  /** Signs the event as Stripe does and hands it to the webhook's handler. */
  async function deliver(type: string, object: object, id = `evt_${++sequence}`) {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: Math.floor(NOW.getTime() / 1000),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(NOW.getTime() / 1000),
    });
    const event = deps.provider.parseWebhook(Buffer.from(payload), signature);
    return handlePaymentEvent(deps, event);
  }

  /** Stripe answers which PaymentIntent paid the invoice. */
  function paidBy(invoiceId: string, paymentIntent: string) {
    api.on(
      'GET',
      '/v1/invoice_payments',
      ok(
        list([
          {
            id: `inpay_${invoiceId}`,
            object: 'invoice_payment',
            invoice: invoiceId,
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: paymentIntent },
          },
        ]),
      ),
    );
  }

  async function recordOf(id: string) {
    const row = await database.handle.db
      .selectFrom('payment_subscriptions')
      .select([
        'status',
        'renewed_cycles',
        'current_period_start',
        'current_period_end',
        'failed_attempts',
        'next_retry_at',
        'cancel_at_period_end',
        'canceled_at',
        'paused_until',
        'skipped_cycle',
        'provider_subscription_id',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      ...row,
      current_period_start: new Date(row.current_period_start).toISOString(),
      current_period_end: new Date(row.current_period_end).toISOString(),
    };
  }

  const ordersFor = (userId: string) =>
    database.handle.db
      .selectFrom('orders')
      .select(['id', 'status', 'total_cents', 'payment_charge_id', 'idempotency_key'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();

  const mailTo = (email: string) =>
    database.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .orderBy('id', 'asc')
      .execute();

  const changesOf = async (id: string) =>
    (
      await database.handle.db
        .selectFrom('subscription_changes')
        .select(['actor', 'action'])
        .where('subscription_id', '=', id)
        .orderBy('id', 'asc')
        .execute()
    ).map((change) => `${change.actor}:${change.action}`);

  it('a paid renewal invoice writes its cycle once: ledger row, renewal order with the kit, period, receipt', async () => {
    const sub = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_paid',
    });
    const invoice = stripeInvoice({
      id: 'in_paid',
      subscription: 'sub_paid',
      shopSubscriptionId: sub.id,
      ...RENEWAL,
    });
    paidBy('in_paid', 'pi_renewal_1');

    expect(await deliver('invoice.paid', invoice, 'evt_paid')).toBe(true);
    // Stripe's retry of the same event, and the same invoice in another event, change nothing.
    expect(await deliver('invoice.paid', invoice, 'evt_paid')).toBe(false);
    paidBy('in_paid', 'pi_renewal_1');
    expect(await deliver('invoice.paid', invoice, 'evt_paid_again')).toBe(true);

    const orders = await ordersFor(sub.userId);
    expect(orders).toHaveLength(2);
    expect(orders[1]).toMatchObject({
      status: 'paid',
      total_cents: 4_900,
      payment_charge_id: 'pi_renewal_1',
      idempotency_key: 'invoice:in_paid:order',
    });
    const lines = await database.handle.db
      .selectFrom('order_lines')
      .select(['lookup_key', 'price_id', 'title', 'amount_cents'])
      .where('order_id', '=', orders[1]!.id)
      .execute();
    expect(lines).toEqual([
      {
        lookup_key: 'bloodwise_monthly',
        price_id: 'price_monthly',
        title: 'Bloodwise membership',
        amount_cents: 4_900,
      },
    ]);
    expect(await listRenewals(database.handle.db, sub.id)).toEqual([
      expect.objectContaining({
        cycle: 1,
        status: 'succeeded',
        chargeId: 'in_paid',
        orderId: orders[1]!.id,
        amount: 4_900,
      }),
    ]);
    expect(await recordOf(sub.id)).toMatchObject({
      status: 'active',
      renewed_cycles: 1,
      current_period_start: '2027-02-15T12:00:00.000Z',
      current_period_end: '2027-03-15T12:00:00.000Z',
    });
    const mails = await mailTo(sub.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Bloodwise membership renewed');
    expect(mails[0]!.text_body).toContain('$49.00');
    expect(await changesOf(sub.id)).toEqual(['system:renewed']);
  });

  it('after a change of interval the renewal order names the price billed, not the line that bought the plan', async () => {
    const { db } = database.handle;
    const quarterly = await db
      .selectFrom('prices')
      .innerJoin('products', 'products.key', 'prices.product_key')
      .select(['prices.id', 'products.title'])
      .where('prices.lookup_key', '=', 'bloodwise_quarterly')
      .executeTakeFirstOrThrow();
    // Bought monthly; switched to quarterly from this renewal on (our record names the new price).
    const sub = await seedStripeSubscription(db, { providerSubscriptionId: 'sub_switched' });
    await db
      .updateTable('payment_subscriptions')
      .set({ price_id: quarterly.id })
      .where('id', '=', sub.id)
      .execute();
    const invoice = stripeInvoice({
      id: 'in_switched',
      subscription: 'sub_switched',
      shopSubscriptionId: sub.id,
      priceId: quarterly.id,
      ...RENEWAL,
    });
    paidBy('in_switched', 'pi_switched');
    expect(await deliver('invoice.paid', invoice)).toBe(true);

    const orders = await ordersFor(sub.userId);
    const lines = await db
      .selectFrom('order_lines')
      .select(['lookup_key', 'price_id', 'title'])
      .where('order_id', '=', orders[1]!.id)
      .execute();
    expect(lines).toEqual([
      { lookup_key: 'bloodwise_quarterly', price_id: quarterly.id, title: quarterly.title },
    ]);
    expect((await mailTo(sub.email))[0]!.subject).toBe(`Your ${quarterly.title} renewed`);
  });

  it('the invoice of the start (the prepaid first period, in trial) records nothing', async () => {
    const sub = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_trial',
    });
    await deliver(
      'invoice.paid',
      stripeInvoice({
        id: 'in_trial',
        subscription: 'sub_trial',
        billing_reason: 'subscription_create',
        amount_paid: 0,
      }),
    );
    expect(await listRenewals(database.handle.db, sub.id)).toEqual([]);
    expect(await ordersFor(sub.userId)).toHaveLength(1);
    expect(await recordOf(sub.id)).toMatchObject({ renewed_cycles: 0 });
  });

  it('a failed renewal makes the record past due with a mail to update the card; paying it later recovers the same cycle', async () => {
    const sub = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_failing',
    });
    const failed = stripeInvoice({
      id: 'in_failing',
      subscription: 'sub_failing',
      status: 'open',
      amount_paid: 0,
      attempt_count: 2,
      next_payment_attempt: s('2027-02-18T12:00:00Z'),
      ...RENEWAL,
    });
    await deliver('invoice.payment_failed', failed);

    expect(await recordOf(sub.id)).toMatchObject({
      status: 'past_due',
      failed_attempts: 2,
      renewed_cycles: 0,
      provider_subscription_id: 'sub_failing',
    });
    expect(new Date((await recordOf(sub.id)).next_retry_at!).toISOString()).toBe(
      '2027-02-18T12:00:00.000Z',
    );
    expect(await listRenewals(database.handle.db, sub.id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'failed', chargeId: 'in_failing' }),
    ]);
    const [mail] = await mailTo(sub.email);
    expect(mail!.subject).toBe('Your Bloodwise membership renewal payment failed');
    expect(mail!.text_body).toContain('$49.00');
    expect(mail!.text_body).toContain(`https://shop.example/account/subscriptions/${sub.id}/card`);
    expect(mail!.text_body).toContain('February 18, 2027');
    expect(await ordersFor(sub.userId)).toHaveLength(1);

    paidBy('in_failing', 'pi_recovered');
    await deliver('invoice.paid', { ...failed, status: 'paid', amount_paid: 4_900 });
    expect(await recordOf(sub.id)).toMatchObject({
      status: 'active',
      failed_attempts: 0,
      next_retry_at: null,
      renewed_cycles: 1,
    });
    expect(await listRenewals(database.handle.db, sub.id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'succeeded', chargeId: 'in_failing' }),
    ]);
    expect(await ordersFor(sub.userId)).toHaveLength(2);
  });

  it('ended by Stripe, the subscriber is told: after its retries of an unpaid renewal ran out, or at the end they asked for', async () => {
    const unpaid = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_exhausted',
    });
    await deliver(
      'invoice.payment_failed',
      stripeInvoice({
        id: 'in_exhausted',
        subscription: 'sub_exhausted',
        status: 'open',
        amount_paid: 0,
        attempt_count: 4,
        next_payment_attempt: null,
        ...RENEWAL,
      }),
    );
    await deliver(
      'customer.subscription.deleted',
      stripeSubscription({
        id: 'sub_exhausted',
        status: 'canceled',
        ended_at: s(NOW.toISOString()),
      }),
    );
    expect(await recordOf(unpaid.id)).toMatchObject({ status: 'canceled' });
    const unpaidMails = await mailTo(unpaid.email);
    expect(unpaidMails.map((mail) => mail.subject)).toEqual([
      'Your Bloodwise membership renewal payment failed',
      'Your Bloodwise membership subscription was cancelled',
    ]);
    expect(unpaidMails[1]!.text_body).toContain('$49.00');

    const asked = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_asked',
    });
    await database.handle.db
      .updateTable('payment_subscriptions')
      .set({ cancel_at_period_end: true })
      .where('id', '=', asked.id)
      .execute();
    await deliver(
      'customer.subscription.updated',
      stripeSubscription({
        id: 'sub_asked',
        status: 'canceled',
        cancel_at_period_end: true,
        ended_at: s('2027-02-15T12:00:00Z'),
      }),
    );
    expect(await recordOf(asked.id)).toMatchObject({ status: 'canceled' });
    const [ended] = await mailTo(asked.email);
    expect(ended!.subject).toBe('Your Bloodwise membership subscription has ended');
    expect(ended!.text_body).toContain('February 15, 2027');
  });

  it('deleted at Stripe: canceled for good; a renewal paid after that is refunded, writes no order, and no update revives it', async () => {
    const sub = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_ending',
    });
    await deliver(
      'customer.subscription.deleted',
      stripeSubscription({
        id: 'sub_ending',
        status: 'canceled',
        ended_at: s('2027-02-10T00:00:00Z'),
      }),
    );
    expect(await recordOf(sub.id)).toMatchObject({ status: 'canceled' });
    expect(new Date((await recordOf(sub.id)).canceled_at!).toISOString()).toBe(
      '2027-02-10T00:00:00.000Z',
    );

    paidBy('in_late', 'pi_late');
    api.on(
      'POST',
      '/v1/refunds',
      ok({
        id: 're_late',
        object: 'refund',
        amount: 4_900,
        currency: 'usd',
        payment_intent: 'pi_late',
        metadata: {},
        created: s('2027-02-15T13:00:00Z'),
      }),
    );
    await deliver(
      'invoice.paid',
      stripeInvoice({ id: 'in_late', subscription: 'sub_ending', ...RENEWAL }),
    );
    const refund = api.requests.find((request) => request.path === '/v1/refunds');
    expect(refund).toMatchObject({
      idempotencyKey: 'invoice:in_late:refund',
      form: { payment_intent: 'pi_late', amount: '4900' },
    });
    expect(await ordersFor(sub.userId)).toHaveLength(1);
    expect(await listRenewals(database.handle.db, sub.id)).toEqual([]);

    await deliver(
      'customer.subscription.updated',
      stripeSubscription({ id: 'sub_ending', status: 'active', ...RENEWAL }),
    );
    expect(await recordOf(sub.id)).toMatchObject({ status: 'canceled', renewed_cycles: 0 });
    expect(await changesOf(sub.id)).toEqual(['system:ended', 'system:late-payment-refunded']);
  });

  it('updates reach our record: cancel at the period end, a pause lifted, a skipped cycle voided', async () => {
    const canceling = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_cancel',
    });
    await deliver(
      'customer.subscription.updated',
      stripeSubscription({ id: 'sub_cancel', cancel_at_period_end: true }),
    );
    expect(await recordOf(canceling.id)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });

    const paused = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_paused',
      status: 'paused',
    });
    await deliver(
      'customer.subscription.updated',
      stripeSubscription({ id: 'sub_paused', pause_collection: null }),
    );
    expect(await recordOf(paused.id)).toMatchObject({ status: 'active', paused_until: null });

    const skipping = await seedStripeSubscription(database.handle.db, {
      providerSubscriptionId: 'sub_skip',
      skippedCycle: 1,
    });
    await deliver(
      'customer.subscription.updated',
      stripeSubscription({
        id: 'sub_skip',
        pause_collection: { behavior: 'void', resumes_at: s('2027-02-16T12:00:00Z') },
        ...RENEWAL,
      }),
    );
    expect(await recordOf(skipping.id)).toMatchObject({
      status: 'active',
      renewed_cycles: 1,
      skipped_cycle: null,
      current_period_end: '2027-03-15T12:00:00.000Z',
    });
    expect(await listRenewals(database.handle.db, skipping.id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'skipped', amount: 0, orderId: null }),
    ]);
    expect(await ordersFor(skipping.userId)).toHaveLength(1);
  });

  it('an event for a subscription we do not know is acknowledged and changes nothing', async () => {
    await expect(
      deliver(
        'invoice.paid',
        stripeInvoice({ id: 'in_stranger', subscription: 'sub_stranger', ...RENEWAL }),
      ),
    ).resolves.toBe(true);
    await expect(
      deliver('customer.subscription.deleted', stripeSubscription({ id: 'sub_stranger' })),
    ).resolves.toBe(true);
  });
});

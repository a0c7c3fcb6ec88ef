// Stripe Billing mirrored from our record, against Stripe's API answered locally: the request each
// start and each change sends (method, path, form fields, Idempotency-Key), and what it stores.
import type { DatabaseHandle } from '../../../../src/db/open-database';
import {
  BillingNotStartedError,
  createStripeSubscriptionBilling,
  SKIP_RESUME_AFTER_MS,
} from '../../../../src/services/payments/stripe-provider/stripe-subscription-billing';
import type {
  BilledSubscription,
  SubscriptionBilling,
  SubscriptionChange,
} from '../../../../src/services/subscriptions/subscription-billing';
import { seedStripeSubscription } from '../../../helpers/billed-subscriptions';
import { ok, startStripeApi, stripeError, type StripeApi } from '../../../helpers/stripe-api';
import { createTestDatabase, type TestDatabase } from '../../../helpers/test-database';
import { list, stripeSubscription } from './stripe-fixtures';

const PERIOD_END = new Date('2027-02-15T12:00:00Z');
const PERIOD_END_S = String(PERIOD_END.getTime() / 1000);

describe('Stripe subscription billing', () => {
  let api: StripeApi;
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let billing: SubscriptionBilling;

  beforeAll(async () => {
    api = await startStripeApi();
    database = await createTestDatabase();
    handle = database.handle;
    billing = createStripeSubscriptionBilling({
      secretKey: 'sk_test_billing',
      db: handle.db,
      client: api.client,
    });
  });
  afterAll(async () => {
    await api.close();
    await database.drop();
  });
  beforeEach(() => api.reset());
  afterEach(() => api.done());

  const billed = (id: string, overrides: Partial<BilledSubscription> = {}): BilledSubscription => ({
    id,
    provider: 'stripe',
    providerSubscriptionId: 'sub_1',
    customerId: 'cus_1',
    priceId: 'price_monthly',
    paymentMethodId: 'pm_1',
    quantity: 1,
    currentPeriodEnd: PERIOD_END,
    ...overrides,
  });

  const providerIdOf = async (id: string) =>
    (
      await handle.db
        .selectFrom('payment_subscriptions')
        .select('provider_subscription_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).provider_subscription_id;

  describe('start', () => {
    it('creates the Stripe subscription in a trial to our period end, under subscription:<id>:stripe, and stores its id', async () => {
      const { id } = await seedStripeSubscription(handle.db, { providerSubscriptionId: null });
      api.on('POST', '/v1/subscriptions', ok(stripeSubscription({ id: 'sub_started' })));

      await billing.start(billed(id, { providerSubscriptionId: null }));

      expect(api.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/v1/subscriptions',
          idempotencyKey: `subscription:${id}:stripe`,
          form: {
            customer: 'cus_1',
            'items[0][price]': 'price_monthly',
            'items[0][quantity]': '1',
            default_payment_method: 'pm_1',
            trial_end: PERIOD_END_S,
            proration_behavior: 'none',
            off_session: 'true',
            'metadata[shopSubscriptionId]': id,
          },
        }),
      ]);
      expect(await providerIdOf(id)).toBe('sub_started');

      // A retried start job finds the id and calls nothing.
      await billing.start(billed(id, { providerSubscriptionId: null }));
      expect(api.requests).toHaveLength(1);
    });

    it('keeps the key when the answer is lost and the SDK tries again, so Stripe makes one subscription', async () => {
      const { id } = await seedStripeSubscription(handle.db, { providerSubscriptionId: null });
      api.dropConnection('POST', '/v1/subscriptions');
      api.on('POST', '/v1/subscriptions', ok(stripeSubscription({ id: 'sub_again' })));
      await billing.start(billed(id, { providerSubscriptionId: null }));
      expect(api.requests.map((request) => request.idempotencyKey)).toEqual([
        `subscription:${id}:stripe`,
        `subscription:${id}:stripe`,
      ]);
      expect(await providerIdOf(id)).toBe('sub_again');
    });

    it('starts nothing for a record canceled before billing started, and no card means no default', async () => {
      const canceled = await seedStripeSubscription(handle.db, {
        providerSubscriptionId: null,
        status: 'canceled',
      });
      await billing.start(billed(canceled.id, { providerSubscriptionId: null }));
      expect(api.requests).toHaveLength(0);

      const bnpl = await seedStripeSubscription(handle.db, { providerSubscriptionId: null });
      api.on('POST', '/v1/subscriptions', ok(stripeSubscription({ id: 'sub_nocard' })));
      await billing.start(billed(bnpl.id, { providerSubscriptionId: null, paymentMethodId: null }));
      expect(api.requests[0]!.form).not.toHaveProperty('default_payment_method');
    });
  });

  describe('mirror', () => {
    const mirror = (change: SubscriptionChange, changeId: number | string = 41) =>
      billing.mirror(billed('ssub_mirror'), change, changeId);

    it.each<[string, SubscriptionChange, Record<string, string>]>([
      [
        'cancel at the period end',
        { type: 'cancel-at-period-end' },
        { cancel_at_period_end: 'true' },
      ],
      ['keep', { type: 'keep' }, { cancel_at_period_end: 'false' }],
      [
        'pause until a date (invoices voided meanwhile)',
        { type: 'pause', until: new Date('2027-05-01T00:00:00Z') },
        {
          'pause_collection[behavior]': 'void',
          'pause_collection[resumes_at]': String(Date.parse('2027-05-01T00:00:00Z') / 1000),
        },
      ],
      ['resume', { type: 'resume' }, { pause_collection: '' }],
      [
        'skip the next renewal: its invoice voided, collection back a day later',
        { type: 'skip', renewalAt: PERIOD_END },
        {
          'pause_collection[behavior]': 'void',
          'pause_collection[resumes_at]': String(
            (PERIOD_END.getTime() + SKIP_RESUME_AFTER_MS) / 1000,
          ),
        },
      ],
      ['unskip', { type: 'unskip' }, { pause_collection: '' }],
    ])('%s updates the subscription under the change key', async (_name, change, form) => {
      api.on('POST', '/v1/subscriptions/sub_1', ok(stripeSubscription()));
      await mirror(change);
      expect(api.requests).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/v1/subscriptions/sub_1',
          idempotencyKey: 'subscription-change:41:stripe',
          form,
        }),
      ]);
    });

    it('cancel-now cancels at Stripe without proration', async () => {
      api.on('DELETE', '/v1/subscriptions/sub_1', ok(stripeSubscription({ status: 'canceled' })));
      await mirror({ type: 'cancel-now' }, 7);
      expect(api.requests).toEqual([
        expect.objectContaining({
          method: 'DELETE',
          idempotencyKey: 'subscription-change:7:stripe',
          query: { prorate: 'false' },
        }),
      ]);
    });

    /** The update answers with the subscription's unpaid renewal invoice. */
    const pastDueInvoice = () =>
      api.on(
        'POST',
        '/v1/subscriptions/sub_1',
        ok(
          stripeSubscription({
            latest_invoice: { id: 'in_open', object: 'invoice', status: 'open' },
          }),
        ),
      );

    it('a new card becomes the default; a past-due invoice is paid with it at once', async () => {
      pastDueInvoice();
      api.on(
        'POST',
        '/v1/invoices/in_open/pay',
        ok({ id: 'in_open', object: 'invoice', status: 'paid' }),
      );
      await mirror({ type: 'card', paymentMethodId: 'pm_new' }, 9);
      expect(api.requests).toEqual([
        expect.objectContaining({
          idempotencyKey: 'subscription-change:9:stripe',
          form: { default_payment_method: 'pm_new', 'expand[0]': 'latest_invoice' },
        }),
        expect.objectContaining({
          path: '/v1/invoices/in_open/pay',
          idempotencyKey: 'subscription-change:9:pay',
          form: { payment_method: 'pm_new', off_session: 'true' },
        }),
      ]);
    });

    it('a card declined again leaves the invoice to Stripe (its failure event keeps us past due)', async () => {
      pastDueInvoice();
      api.on(
        'POST',
        '/v1/invoices/in_open/pay',
        stripeError(402, { type: 'card_error', code: 'card_declined', message: 'Declined.' }),
      );
      await expect(
        mirror({ type: 'card', paymentMethodId: 'pm_new' }, 10),
      ).resolves.toBeUndefined();
    });

    it('a change of interval is a schedule whose next phase starts at the period end, unprorated, the trial kept', async () => {
      api.on(
        'GET',
        '/v1/subscriptions/sub_1',
        ok(stripeSubscription({ status: 'trialing', trial_end: PERIOD_END.getTime() / 1000 })),
      );
      api.on(
        'POST',
        '/v1/subscription_schedules',
        ok({
          id: 'sub_sched_1',
          object: 'subscription_schedule',
          current_phase: { start_date: 1_800_000_000, end_date: PERIOD_END.getTime() / 1000 },
          phases: [{ start_date: 1_800_000_000 }],
        }),
      );
      api.on(
        'GET',
        '/v1/prices/price_quarterly',
        ok({
          id: 'price_quarterly',
          object: 'price',
          recurring: { interval: 'month', interval_count: 3 },
        }),
      );
      api.on('POST', '/v1/subscription_schedules/sub_sched_1', ok({ id: 'sub_sched_1' }));

      await mirror({ type: 'interval', priceId: 'price_quarterly', effectiveAt: PERIOD_END }, 12);

      const [, created, , phases] = api.requests;
      expect(created).toMatchObject({
        idempotencyKey: 'subscription-change:12:schedule',
        form: { from_subscription: 'sub_1' },
      });
      expect(phases).toMatchObject({
        path: '/v1/subscription_schedules/sub_sched_1',
        idempotencyKey: 'subscription-change:12:phases',
        form: {
          end_behavior: 'release',
          proration_behavior: 'none',
          'phases[0][items][0][price]': 'price_monthly',
          'phases[0][start_date]': '1800000000',
          'phases[0][end_date]': PERIOD_END_S,
          'phases[0][trial_end]': PERIOD_END_S,
          'phases[1][items][0][price]': 'price_quarterly',
          'phases[1][items][0][quantity]': '1',
          'phases[1][duration][interval]': 'month',
          'phases[1][duration][interval_count]': '3',
          'phases[1][proration_behavior]': 'none',
        },
      });
    });

    it('waits for start: a change before Stripe has the subscription is retried later', async () => {
      await expect(
        billing.mirror(billed('ssub_new', { providerSubscriptionId: null }), { type: 'keep' }, 1),
      ).rejects.toBeInstanceOf(BillingNotStartedError);
      // Ending a subscription whose billing never started has nothing to tell Stripe.
      await billing.mirror(
        billed('ssub_new', { providerSubscriptionId: null }),
        { type: 'cancel-now' },
        2,
      );
      expect(api.requests).toHaveLength(0);
    });
  });

  it('finds the PaymentIntent that paid an invoice', async () => {
    api.on(
      'GET',
      '/v1/invoice_payments',
      ok(
        list([
          {
            id: 'inpay_1',
            object: 'invoice_payment',
            status: 'paid',
            payment: { type: 'payment_intent', payment_intent: 'pi_renewal' },
          },
        ]),
      ),
    );
    expect(await billing.invoicePayment('in_1')).toBe('pi_renewal');
    expect(api.requests[0]!.query).toMatchObject({ invoice: 'in_1' });
  });
});

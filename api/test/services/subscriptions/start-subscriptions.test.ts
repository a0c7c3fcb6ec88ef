// A paid order with a recurring line becomes exactly one subscription of its buyer, its period
// from the shop clock, however often the payment is reported (the shopper's answer, the webhook,
// reconciliation); the billing side is then told once, through a job.
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import { createManualClock } from '../../../src/lib/clock';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import { finalizeOrder } from '../../../src/services/checkout/finalize-order';
import {
  shopRunBilling,
  type SubscriptionBilling,
} from '../../../src/services/subscriptions/subscription-billing';
import { signUpAndConfirm } from '../../helpers/accounts';
import {
  asBrowser,
  buildTestApp,
  sessionCookieFrom,
  type TestApp,
} from '../../helpers/build-test-app';
import {
  BNPL_TOKEN,
  businessBody,
  cardToken,
  orderBody,
  placeOrder,
  RENEWAL_CONSENT,
  US_ADDRESS,
} from '../../helpers/checkout-fixtures';
import { decidePayLater, deliverEvents } from '../../helpers/provider-steps';
import { advanceShopClock } from '../../helpers/clock';
import { buyPlan, runJobsUntil, signedUpSubscriber } from '../../helpers/subscriptions';
import { eventually } from '../../helpers/eventually';

const T0 = new Date('2026-01-31T10:00:00Z');

describe('subscriptions start when their order is paid', () => {
  let t: TestApp;
  const started: string[] = [];
  const billing: SubscriptionBilling = {
    ...shopRunBilling,
    start: async (subscription) => {
      started.push(subscription.id);
    },
  };

  beforeAll(async () => {
    t = await buildTestApp({
      app: { clockBase: createManualClock(T0), subscriptionBilling: billing },
    });
  });
  afterAll(() => t.close());

  /** Looks again (a partner's payment settles after its answer) until `done` holds. */
  const waitFor = <T>(look: () => Promise<T>, done: (value: T) => boolean): Promise<T> =>
    eventually(look, done, 'The awaited state');

  const subscriptionsOfOrder = (orderId: string) =>
    t.app.db
      .selectFrom('payment_subscriptions')
      .selectAll()
      .where('origin_order_id', '=', orderId)
      .execute();

  it('writes one subscription owned by the buyer, anchored at the clock, and starts its billing once', async () => {
    const subscriber = await signedUpSubscriber(t, 'start');
    const order = await buyPlan(t, subscriber, 'bloodwise_monthly');
    expect(order.status).toBe('paid');
    const [subscription, ...others] = await subscriptionsOfOrder(order.id);
    expect(others).toHaveLength(0);
    expect(subscription).toMatchObject({
      user_id: subscriber.userId,
      price_id: 'price_bloodwise_monthly',
      status: 'active',
      provider: 'test',
      quantity: 1,
      renewed_cycles: 0,
      anchor_cycle: 0,
    });
    expect(new Date(subscription!.billing_anchor).toISOString()).toBe(T0.toISOString());
    expect(new Date(subscription!.current_period_start).toISOString()).toBe(T0.toISOString());
    // Jan 31 + 1 month stops at the end of February.
    expect(new Date(subscription!.current_period_end).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    const orderRow = await t.app.db
      .selectFrom('orders')
      .select(['payment_method_id', 'payment_charge_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(subscription!.payment_method_id).toBe(orderRow.payment_method_id);
    const customer = await t.app.paymentProvider.findCustomerByUserId(subscriber.userId);
    expect(subscription!.customer_id).toBe(customer!.id);

    // The payment reported again (webhook, confirm, reconciliation): still one subscription.
    const charge = await t.app.paymentProvider.getCharge(orderRow.payment_charge_id!);
    const deps = {
      db: t.app.db,
      provider: t.app.paymentProvider,
      subscriptions: t.app.subscriptionStarts,
    };
    await finalizeOrder(deps, order.id, charge!);
    await finalizeOrder(deps, order.id, charge!);
    expect(await subscriptionsOfOrder(order.id)).toHaveLength(1);

    await t.app.jobs.runDue();
    expect(started.filter((id) => id === subscription!.id)).toHaveLength(1);
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'status'])
      .where('job_key', '=', `subscription:${subscription!.id}:start`)
      .execute();
    expect(jobs).toEqual([{ kind: 'subscription.start-billing', status: 'completed' }]);
  });

  it('writes nothing for an order without a recurring line', async () => {
    const subscriber = await signedUpSubscriber(t, 'one-time');
    const order = await buyPlan(t, subscriber, 'bloodwise_kit_one_time');
    expect(await subscriptionsOfOrder(order.id)).toHaveLength(0);
  });

  it("gives a guest's plan to the account of its e-mail, and to nobody when there is none", async () => {
    const subscriber = await signedUpSubscriber(t, 'guest-owner');
    const asGuest = await placeOrder(
      t,
      orderBody({
        email: subscriber.email,
        items: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    );
    expect(asGuest.statusCode).toBe(201);
    const [owned] = await subscriptionsOfOrder(asGuest.json().id);
    expect(owned).toMatchObject({
      user_id: subscriber.userId,
      price_id: 'price_bloodwise_quarterly',
    });

    const stranger = await placeOrder(
      t,
      orderBody({
        email: 'no-account-yet@example.com',
        items: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    );
    const [unowned] = await subscriptionsOfOrder(stranger.json().id);
    expect(unowned).toMatchObject({ user_id: null, status: 'active' });
    expect(unowned!.customer_id).toEqual(expect.any(String));

    // Signing up with that e-mail (proven by its link) makes the plan the new account's.
    const confirmed = await signUpAndConfirm(t, {
      email: 'no-account-yet@example.com',
      name: 'Late Signup',
      password: 'a long enough passphrase 42',
      kitID: null,
      sessionId: randomUUID(),
    });
    const list = await t.inject({
      method: 'GET',
      url: API_PATHS.accountSubscriptions,
      headers: { cookie: sessionCookieFrom(confirmed) },
    });
    expect(list.json().subscriptions.map((s: { id: string }) => s.id)).toEqual([unowned!.id]);
  });

  it("writes the plan a partner's storefront sold, paid on a customer of its own", async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.businessCheckout,
      payload: businessBody({
        email: 'partner-plan@example.com',
        businessKey: 'harbor-health',
        products: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }],
        discount: null,
        shippingCost: undefined,
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    });
    expect(response.statusCode).toBe(202);
    const orderId = response.json().order.id;
    const [subscription] = await waitFor(
      () => subscriptionsOfOrder(orderId),
      (rows) => rows.length > 0,
    );
    expect(subscription).toMatchObject({
      price_id: 'price_bloodwise_quarterly',
      status: 'active',
      payment_method_id: expect.any(String),
      customer_id: expect.any(String),
    });
  });

  it('keeps a customer but no card for a plan bought with pay later, written when the webhook settles it', async () => {
    const browser = asBrowser(t);
    const consent = await browser.inject({
      method: 'POST',
      url: API_PATHS.bnplConsents,
      payload: {
        sessionId: randomUUID(),
        email: 'later@example.com',
        accepted: true,
        termsVersion: '2024-01',
      },
    });
    expect(consent.statusCode).toBe(201);
    const response = await placeOrder(
      browser,
      orderBody({
        email: 'later@example.com',
        items: [{ lookupKey: 'bloodwise_monthly', quantity: 1 }],
        subscriptionConsent: RENEWAL_CONSENT,
        paymentMethod: { type: 'bnpl', consentId: consent.json().id, token: BNPL_TOKEN },
      }),
    );
    expect(response.statusCode).toBe(201);
    const orderId = response.json().id;
    expect(await subscriptionsOfOrder(orderId)).toHaveLength(0);
    await decidePayLater(t.app, response.json().payment.nextAction.clientSecret);
    await deliverEvents(t.app);
    await deliverEvents(t.app);
    const [subscription, ...others] = await subscriptionsOfOrder(orderId);
    expect(others).toHaveLength(0);
    expect(subscription).toMatchObject({ status: 'active', payment_method_id: null });
    expect(subscription!.customer_id).toEqual(expect.any(String));
  });

  // Last: it moves the shop clock for this file's app.
  it("renews a plan kept on the order's own customer for its owner, to the address it was bought for", async () => {
    const subscriber = await signedUpSubscriber(t, 'unsaved-card');
    const address = { ...US_ADDRESS, line1: '77 Renewal Road' };
    const placed = await placeOrder(
      t,
      orderBody({
        email: subscriber.email,
        items: [{ lookupKey: 'bloodwise_monthly', quantity: 1 }],
        shippingAddress: address,
        // The card is not saved to the account: it stays on a customer of this order alone.
        paymentMethod: cardToken('succeeds', false),
        subscriptionConsent: RENEWAL_CONSENT,
      }),
      randomUUID(),
      { cookie: subscriber.cookie },
    );
    expect(placed.statusCode).toBe(201);
    const [subscription] = await subscriptionsOfOrder(placed.json().id);
    const own = await t.app.paymentProvider.findCustomerByUserId(subscriber.userId);
    expect(subscription!.customer_id).not.toBe(own?.id);
    expect(subscription!.user_id).toBe(subscriber.userId);

    await advanceShopClock(t, '32d');
    const [renewal] = await runJobsUntil(
      t,
      () => listRenewals(t.app.db, subscription!.id),
      (ledger) => ledger.some((row) => row.status === 'succeeded'),
    );
    const order = await t.app.db
      .selectFrom('orders')
      .select(['user_id', 'email', 'shipping_address'])
      .where('id', '=', renewal!.orderId!)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      user_id: subscriber.userId,
      email: subscriber.email,
      shipping_address: expect.objectContaining({ line1: '77 Renewal Road' }),
    });
  });
});

import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { countOrders } from '../../../src/repositories/orders-repository';
import {
  asBrowser,
  buildTestApp,
  sessionCookieFrom,
  type TestApp,
} from '../../helpers/build-test-app';
import {
  BNPL_TOKEN,
  CA_ADDRESS,
  cardToken,
  orderBody,
  placeOrder,
} from '../../helpers/checkout-fixtures';
import { authenticate, decidePayLater, deliverEvents } from '../../helpers/provider-steps';

describe('POST /payments/stripe-subscriptions/checkout/orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  it('prices every line, the discount, shipping and total itself and ignores tampered client prices', async () => {
    const tampered = {
      ...orderBody({ email: 'tamper@example.com', discountCode: 'welcome10' }),
      items: [
        { lookupKey: 'bloodwise_kit_one_time', quantity: 2, unitAmount: 1, price: 1, amount: 1 },
      ],
      total: 1,
      subtotal: 1,
      shippingCost: 0,
      discount: 99_999,
    };
    const response = await placeOrder(t, tampered);
    expect(response.statusCode).toBe(201);
    const order = response.json();
    // 2 x $149, 10% off, US shipping $5.95 + $2.00 for the second kit.
    expect(order).toMatchObject({
      status: 'paid',
      lines: [
        {
          lookupKey: 'bloodwise_kit_one_time',
          quantity: 2,
          unitAmount: 14_900,
          amount: 29_800,
          title: 'Bloodwise Complete Panel',
        },
      ],
      subtotal: 29_800,
      discount: 2_980,
      shipping: 795,
      total: 29_800 - 2_980 + 795,
      discountCode: 'WELCOME10',
      paymentLabel: 'Visa •••• 4242',
    });
    expect(order.payment).toMatchObject({ status: 'succeeded', amount: order.total });
    const charge = await t.app.db
      .selectFrom('payment_charges')
      .select('amount_cents')
      .where('id', '=', order.payment.id)
      .executeTakeFirstOrThrow();
    expect(charge.amount_cents).toBe(27_615);
  });

  it('returns the same order for a replayed idempotency key and refuses the key with a different body (422)', async () => {
    const key = randomUUID();
    const body = orderBody({ email: 'replay@example.com' });
    const first = await placeOrder(t, body, key);
    const again = await placeOrder(t, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const changed = await placeOrder(
      t,
      { ...body, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 3 }] },
      key,
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countOrders(t.app.db, { email: 'replay@example.com' })).toBe(1);
    const charges = await t.app.db
      .selectFrom('payment_charges')
      .select('id')
      .where('description', '=', 'Order for replay@example.com')
      .execute();
    expect(charges).toHaveLength(1);
  });

  it('refuses an order without an idempotency key', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.orders,
      payload: orderBody(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('shows a declined card its reason, leaves the order unpaid (failed), and lets a corrected retry through', async () => {
    const key = randomUUID();
    const declinedBody = orderBody({
      email: 'declined@example.com',
      paymentMethod: cardToken('declined'),
    });
    const declined = await placeOrder(t, declinedBody, key);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
    // The order was written before the charge and stays, failed: never paid, nothing charged.
    const failed = await t.app.db
      .selectFrom('orders')
      .select(['status', 'failure_message', 'payment_charge_id'])
      .where('email', '=', 'declined@example.com')
      .execute();
    expect(failed).toEqual([
      {
        status: 'failed',
        failure_message: 'Your card was declined.',
        payment_charge_id: expect.stringMatching(/^pi_/),
      },
    ]);
    const intent = await t.app.paymentProvider.getCharge(failed[0]!.payment_charge_id!);
    expect(intent).toMatchObject({ status: 'failed', amountRefunded: 0 });
    // The key answers the decline; the failed order gave it up, so it may place another order.
    expect(
      await t.app.db
        .selectFrom('idempotency_keys')
        .select(['response_status'])
        .where('key', '=', key)
        .execute(),
    ).toEqual([{ response_status: 402 }]);
    // A new card is a new request with a new key.
    const retry = await placeOrder(t, {
      ...declinedBody,
      paymentMethod: cardToken(),
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().status).toBe('paid');
    expect(await countOrders(t.app.db, { email: 'declined@example.com' })).toBe(2);
  });

  it('refuses an order whose discount code does not apply, with the reason', async () => {
    const response = await placeOrder(
      t,
      orderBody({ email: 'nodiscount@example.com', discountCode: 'EXPIRED10' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'DISCOUNT_INVALID',
      message: 'This discount code has expired.',
    });
    expect(await countOrders(t.app.db, { email: 'nodiscount@example.com' })).toBe(0);
  });

  it('ships to Canada at the Canadian rate and refuses another country', async () => {
    const ca = await placeOrder(
      t,
      orderBody({ email: 'canada@example.com', shippingAddress: CA_ADDRESS }),
    );
    expect(ca.json()).toMatchObject({ shipping: 1_495, total: 14_900 + 1_495 });
    const fr = await placeOrder(
      t,
      orderBody({ shippingAddress: { ...CA_ADDRESS, country: 'FR' as never } }),
    );
    expect(fr.statusCode).toBe(400);
  });

  it('records a pay-later order with its consent (bnpl: true) and will not reuse the consent', async () => {
    const consent = await t.inject({
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
    const consentId = consent.json().id;
    const order = await placeOrder(
      t,
      orderBody({
        email: 'later@example.com',
        paymentMethod: { type: 'bnpl', consentId, token: BNPL_TOKEN },
      }),
    );
    expect(order.statusCode).toBe(201);
    // Pay later: the provider's approval is a redirect step; the order waits until it settles.
    expect(order.json()).toMatchObject({
      status: 'requires_action',
      bnpl: true,
      payment: { status: 'requires_action' },
    });
    await decidePayLater(t.app, order.json().payment.nextAction.clientSecret);
    await deliverEvents(t.app);
    const settled = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.order, { id: order.json().id }),
    });
    expect(settled.json()).toMatchObject({ status: 'paid', paymentLabel: 'Pay later' });
    const read = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.bnplConsent, { id: consentId }),
    });
    expect(read.json()[0]).toMatchObject({
      id: consentId,
      email: 'later@example.com',
      orderId: order.json().id,
    });
    const reuse = await placeOrder(
      t,
      orderBody({
        email: 'later@example.com',
        paymentMethod: { type: 'bnpl', consentId, token: BNPL_TOKEN },
      }),
    );
    expect(reuse.statusCode).toBe(409);
    const unaccepted = await t.inject({
      method: 'POST',
      url: API_PATHS.bnplConsents,
      payload: {
        sessionId: randomUUID(),
        email: 'later@example.com',
        accepted: false,
        termsVersion: '2024-01',
      },
    });
    expect(unaccepted.statusCode).toBe(400);
  });

  it("charges a logged-in shopper's saved card, and nobody else may use it", async () => {
    const login = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: 'demo@bloodwise.test', password: 'bloodwise-demo-1' },
    });
    const cookie = sessionCookieFrom(login);
    const saved = orderBody({
      email: 'demo@bloodwise.test',
      paymentMethod: { type: 'saved', paymentMethodId: 'pm_demo_visa_4242' },
    });
    const order = await placeOrder(t, saved, randomUUID(), { cookie });
    expect(order.statusCode).toBe(201);
    expect(order.json()).toMatchObject({ status: 'paid', paymentLabel: 'Visa •••• 4242' });
    const stored = await t.app.db
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', order.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.user_id).not.toBeNull();
    expect((await placeOrder(t, saved)).statusCode).toBe(401);
  });

  it("holds a card that needs the bank's confirmation until it is confirmed", async () => {
    const order = await placeOrder(
      t,
      orderBody({
        email: 'confirm@example.com',
        paymentMethod: cardToken('requiresAction'),
      }),
    );
    expect(order.json()).toMatchObject({
      status: 'requires_action',
      payment: {
        status: 'requires_action',
        nextAction: { type: 'provider_action', clientSecret: expect.stringContaining('_secret_') },
      },
    });
    const confirm = () =>
      t.inject({ method: 'POST', url: buildPath(API_PATHS.orderConfirm, { id: order.json().id }) });
    // The browser's word is not enough: until the provider says so, the order waits.
    expect((await confirm()).json()).toMatchObject({ status: 'requires_action' });
    await authenticate(t.app, order.json().payment.nextAction.clientSecret);
    expect((await confirm()).json()).toMatchObject({
      status: 'paid',
      payment: { status: 'succeeded' },
    });
  });

  it('serves an order by id and 404s an unknown one', async () => {
    const placed = (await placeOrder(t, orderBody({ email: 'read@example.com' }))).json();
    const read = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.order, { id: placed.id }),
    });
    expect(read.json()).toEqual(placed);
    expect(
      (await t.inject({ method: 'GET', url: buildPath(API_PATHS.order, { id: randomUUID() }) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: buildPath(API_PATHS.order, { id: 'not-a-uuid' }) }))
        .statusCode,
    ).toBe(404);
  });

  it('records the checkout start lead when the email is entered', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutStart,
      payload: {
        email: 'Lead@Example.com',
        country: 'CA',
        first_name: 'Mary',
        last_name: 'Ann Lee',
        event_name: 'email_entered',
      },
    });
    expect(response.json()).toEqual({ ok: true });
    const lead = await t.app.db
      .selectFrom('checkout_starts')
      .selectAll()
      .where('email', '=', 'lead@example.com')
      .executeTakeFirstOrThrow();
    expect(lead).toMatchObject({
      country: 'CA',
      first_name: 'Mary',
      last_name: 'Ann Lee',
      event_name: 'email_entered',
    });
    const bad = await t.inject({
      method: 'POST',
      url: API_PATHS.checkoutStart,
      payload: { email: 'x', country: 'US', first_name: 'A', last_name: 'B', event_name: 'e' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

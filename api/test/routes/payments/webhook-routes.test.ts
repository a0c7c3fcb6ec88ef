import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import Stripe from 'stripe';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { cardToken, orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { authenticate, deliverEvents, testProvider } from '../../helpers/provider-steps';

describe('POST the payment webhook', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    // Events go out only when a test delivers them, so each test knows what arrived.
    await testProvider(t.app).stopEventDelivery();
  });
  afterAll(() => t.close());

  /** The provider's Stripe-shaped events for an intent, oldest first, as it delivered them. */
  async function eventsFor(
    intentId: string,
  ): Promise<Array<{ id: string; type: string; body: string }>> {
    const rows = await t.app.db
      .selectFrom('payment_provider_events')
      .select(['id', 'type', 'payload'])
      .orderBy('seq')
      .execute();
    return rows
      .map((row) => ({ id: row.id, type: row.type, body: JSON.stringify(row.payload) }))
      .filter((event) => event.body.includes(intentId));
  }

  const post = (body: string, signature?: string) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.paymentsWebhook,
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload: body,
    });
  const sign = (body: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: options.secret ?? testProvider(t.app).webhookSecret,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
  const orderRow = (id: string) =>
    t.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const recordedEvents = async () =>
    (await t.app.db.selectFrom('payment_events').select('id').execute()).map((row) => row.id);

  /** An order whose card asked for 3-D Secure, which the shopper finished at the provider. */
  async function authenticatedOrder(email: string) {
    const order = (
      await placeOrder(t, orderBody({ email, paymentMethod: cardToken('requiresAction') }))
    ).json();
    await authenticate(t.app, order.payment.nextAction.clientSecret);
    return order as { id: string; payment: { id: string } };
  }

  it('marks an order paid from the succeeded event alone, when the shopper never came back', async () => {
    const order = await authenticatedOrder('gone@example.com');
    expect((await orderRow(order.id)).status).toBe('requires_action');
    await deliverEvents(t.app);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'paid',
      payment_label: 'Visa •••• 3184',
    });
    // The browser's confirm afterwards changes nothing.
    const confirmed = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.orderConfirm, { id: order.id }),
    });
    expect(confirmed.statusCode).toBe(404); // a stranger (no buyer cookie) is not the buyer
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it('refuses forged, unsigned, stale and altered events with 400 and changes nothing', async () => {
    const order = await authenticatedOrder('forged@example.com');
    const [succeeded] = (await eventsFor(order.payment.id)).filter(
      (event) => event.type === 'payment_intent.succeeded',
    );
    const body = succeeded!.body;
    const before = await recordedEvents();
    const refusals = [
      await post(body),
      await post(body, sign(body, { secret: 'whsec_not_the_providers_secret' })),
      await post(body, sign(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      // A signature of the real body sent with another body (a replay with changes).
      await post(body.replace('"amount":', '"amount": 1, "x":'), sign(body)),
      await post('not json', 'garbage'),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await recordedEvents()).toEqual(before);
    expect((await orderRow(order.id)).status).toBe('requires_action');
  });

  it('applies a repeated event once, and a late failure never moves a paid order back', async () => {
    const order = await authenticatedOrder('repeat@example.com');
    await deliverEvents(t.app);
    const events = await eventsFor(order.payment.id);
    const succeeded = events.find((event) => event.type === 'payment_intent.succeeded')!;
    const again = await post(succeeded.body, sign(succeeded.body));
    expect(again.statusCode).toBe(200);
    expect((await recordedEvents()).filter((id) => id === succeeded.id)).toHaveLength(1);
    // An older event (requires_action) and a forged-late failure arrive after the success.
    const older = events.find((event) => event.type === 'payment_intent.requires_action')!;
    const failed = JSON.stringify({
      ...JSON.parse(succeeded.body),
      id: 'evt_late_failure_1',
      type: 'payment_intent.payment_failed',
    });
    for (const late of [older.body, failed]) {
      const response = await post(late, sign(late));
      expect(response.statusCode).toBe(200);
    }
    expect((await orderRow(order.id)).status).toBe('paid');
  });

  it("shows a refund made in the provider's dashboard on the order", async () => {
    const order = (await placeOrder(t, orderBody({ email: 'dashboard@example.com' }))).json();
    await deliverEvents(t.app);
    await t.app.paymentProvider.refund({
      chargeId: order.payment.id,
      amount: 500,
      idempotencyKey: 'dashboard-refund-1',
    });
    await deliverEvents(t.app);
    expect((await orderRow(order.id)).refunded_cents).toBe(500);
  });

  it('flags a disputed order and writes an audit entry', async () => {
    const order = (await placeOrder(t, orderBody({ email: 'dispute@example.com' }))).json();
    await testProvider(t.app).createDispute(order.payment.id, 'fraudulent');
    await deliverEvents(t.app);
    expect((await orderRow(order.id)).disputed_at).toBeInstanceOf(Date);
    const audit = await t.app.db
      .selectFrom('operator_audit_log')
      .selectAll()
      .where('target', '=', order.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'order.dispute',
        via: 'provider',
        after: expect.objectContaining({ reason: 'fraudulent' }),
      }),
    ]);
  });
});

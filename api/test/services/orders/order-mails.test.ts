// Every paid order gets one receipt in the outbox, whichever path paid it and however often the
// payment is reported again; every refund gets its mail. Runs on PGlite and on PostgreSQL.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { applyCharge, finalizeOrder } from '../../../src/services/checkout/finalize-order';
import { queueOrderReceipt, sendOrderReceipt } from '../../../src/services/orders/order-receipts';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { outboxFor, type OutboxMessage } from '../../helpers/dev-outbox';
import {
  businessBody,
  cardToken,
  orderBody,
  placeOrder,
  RENEWAL_CONSENT,
  US_ADDRESS,
} from '../../helpers/checkout-fixtures';
import { authenticate, deliverEvents } from '../../helpers/provider-steps';
import { operatorSession } from '../../helpers/operators';

describe('order mails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  const outbox = (to: string): Promise<OutboxMessage[]> => outboxFor(t, to);

  const receiptsOf = async (to: string) =>
    (await outbox(to)).filter((mail) => mail.subject.startsWith('Your receipt'));

  /** Looks again until the app's own job runner has written the receipt (tens of seconds at most). */
  async function firstReceipt(to: string): Promise<OutboxMessage[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const receipts = await receiptsOf(to);
      if (receipts.length > 0) return receipts;
      if (Date.now() > deadline) throw new Error(`No receipt for ${to} in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Every receipt job has run: none is queued or running. */
  async function receiptJobsSettled() {
    await t.app.jobs.runDue();
    const live = await t.app.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'order.receipt')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    expect(live).toEqual([]);
  }

  const finalizeDeps = () => ({
    db: t.app.db,
    provider: t.app.paymentProvider,
    mailQueue: t.app.mailQueue,
    subscriptions: t.app.subscriptionStarts,
    jobs: t.app.jobs,
    refundMails: t.app.refundMails,
  });

  it("a guest's paid order gets one receipt with its lines, totals, card and address, however often it is finalized", async () => {
    const email = 'receipt.guest@example.com';
    const placed = await placeOrder(
      t,
      orderBody({
        email,
        name: 'Ada Shopper',
        items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 2 }],
      }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    // A plain card order: paid by the one-statement fast path, which queues the receipt itself.
    expect(order.status).toBe('paid');

    const [receipt] = await firstReceipt(email);
    const number = order.id.slice(0, 8).toUpperCase();
    expect(receipt!.subject).toBe(`Your receipt for order ${number}`);
    // 2 x $149 and $7.95 shipping: $305.95 (the server's prices, as the order holds them).
    for (const part of [receipt!.text, receipt!.html!]) {
      expect(part).toContain('Bloodwise Complete Panel');
      expect(part).toContain('Qty 2 × $149');
      expect(part).toContain('$298');
      expect(part).toContain('$7.95');
      expect(part).toContain('$305.95');
      expect(part).toContain('Visa •••• 4242');
      expect(part).toContain(US_ADDRESS.line1);
      expect(part).toContain(`${US_ADDRESS.city}, ${US_ADDRESS.state} ${US_ADDRESS.postal_code}`);
      expect(part).toContain('send it back');
      expect(part).toContain(`http://shop.test/account/orders/${order.id}`);
    }
    expect(receipt!.text).toMatch(/Total paid\s+\$305\.95/);

    // The provider's webhook, a confirm, a reconciler's pass and the general path all come again.
    await deliverEvents(t.app);
    await t.inject({ method: 'POST', url: buildPath(API_PATHS.orderConfirm, { id: order.id }) });
    const charge = (await t.app.paymentProvider.getCharge(order.payment.id))!;
    expect((await finalizeOrder(finalizeDeps(), order.id, charge)).changed).toBe(false);
    await t.app.db
      .transaction()
      .execute((trx) => applyCharge(trx, finalizeDeps(), order.id, charge));
    await t.app.paymentReconciler.runOnce();
    // A job queued again and a receipt job run again (after a crash) send nothing more.
    await queueOrderReceipt(t.app.db, order.id, new Date());
    expect(
      await sendOrderReceipt(
        {
          db: t.app.db,
          mail: t.app.mailQueue,
          customizations: t.app.customizations,
          publicOrigin: 'http://shop.test',
        },
        order.id,
      ),
    ).toBe(false);
    await receiptJobsSettled();
    expect(await receiptsOf(email)).toHaveLength(1);
  });

  it('an order paid on the general path (a code, after the bank step) gets one receipt too', async () => {
    const email = 'receipt.checked@example.com';
    const placed = (
      await placeOrder(
        t,
        orderBody({ email, paymentMethod: cardToken('requiresAction'), discountCode: 'welcome10' }),
      )
    ).json();
    expect(placed.status).toBe('requires_action');
    await authenticate(t.app, placed.payment.nextAction.clientSecret);
    await deliverEvents(t.app);
    const confirmed = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.orderConfirm, { id: placed.id }),
    });
    expect(confirmed.json().status).toBe('paid');
    const [receipt] = await firstReceipt(email);
    // $149, 10% off, $5.95 shipping.
    expect(receipt!.text).toMatch(/Discount \(WELCOME10\)\s+−\$14\.90/);
    expect(receipt!.text).toMatch(/Total paid\s+\$140\.05/);
    await receiptJobsSettled();
    expect(await receiptsOf(email)).toHaveLength(1);
  });

  it("a partner's order names the partner, and markup in a name arrives as text", async () => {
    const email = 'receipt.partner@example.com';
    const started = await t.inject({
      method: 'POST',
      url: API_PATHS.businessCheckout,
      payload: businessBody({
        email,
        name: '<b>Alex</b> Employee',
        shipping: { ...US_ADDRESS, name: '<b>Alex</b> Employee' },
      }) as object,
    });
    expect(started.statusCode).toBe(202);
    const [receipt] = await firstReceipt(email);
    expect(receipt!.subject).toMatch(/ from Acme Wellness$/);
    expect(receipt!.text).toContain('Acme Wellness');
    expect(receipt!.html).toContain('Your order from Acme Wellness');
    expect(receipt!.html).toContain('Acme Complete Panel');
    expect(receipt!.html).toContain('&lt;b&gt;Alex&lt;/b&gt;');
    expect(receipt!.html).not.toContain('<b>Alex</b>');
    // The text part carries the name as typed.
    expect(receipt!.text).toContain('Thank you for your order, <b>Alex</b>');
  });

  it('a refund by an operator mails the amount, the card and when it shows up, once', async () => {
    const email = 'refund.guest@example.com';
    const order = (await placeOrder(t, orderBody({ email }))).json();
    const operator = await operatorSession(t);
    const refund = () =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.opsOrderRefunds, { id: order.id }),
        headers: { cookie: operator },
        payload: { idempotencyKey: `refund-${order.id}` },
      });
    expect((await refund()).statusCode).toBe(200);
    expect((await refund()).statusCode).toBe(200);
    const refunds = (await outbox(email)).filter((mail) => mail.subject.startsWith('Your refund'));
    expect(refunds).toHaveLength(1);
    const amount = `$${(order.total / 100).toFixed(2)}`;
    expect(refunds[0]!.subject).toBe(
      `Your refund of ${amount} for order ${order.id.slice(0, 8).toUpperCase()}`,
    );
    expect(refunds[0]!.text).toContain(`We refunded ${amount} of order`);
    expect(refunds[0]!.text).toContain('to Visa •••• 4242');
    expect(refunds[0]!.text).toContain('within 5 to 10 business days');
    expect(refunds[0]!.text).not.toContain('subscription');
  });

  it("a subscription order's receipt says it renews, and its refund says the plan keeps billing", async () => {
    const email = 'refund.subscriber@example.com';
    const placed = await placeOrder(
      t,
      orderBody({
        email,
        items: [{ lookupKey: 'bloodwise_monthly', quantity: 1 }],
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const [receipt] = await firstReceipt(email);
    expect(receipt!.text).toContain('renews every month');
    const operator = await operatorSession(t);
    const refunded = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsOrderRefunds, { id: order.id }),
      headers: { cookie: operator },
      payload: { idempotencyKey: `refund-${order.id}` },
    });
    expect(refunded.statusCode).toBe(200);
    const [mail] = (await outbox(email)).filter((message) =>
      message.subject.startsWith('Your refund'),
    );
    expect(mail!.text).toMatch(
      /subscription is not cancelled by this refund: it keeps billing, and renews next on \w+ \d+, \d{4}/,
    );
  });
});

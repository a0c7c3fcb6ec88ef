import { sql } from 'kysely';
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
  orderBody,
  placeOrder,
  RENEWAL_CONSENT,
  US_ADDRESS,
  cardToken,
} from '../../helpers/checkout-fixtures';

describe('employer payment, scheduled kits and the bp-tape add-on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  const outbox = (to: string) =>
    t.inject({
      method: 'GET',
      url: `${API_PATHS.devOutbox}?to=${encodeURIComponent(to)}`,
      remoteAddress: '127.0.0.1',
    });

  it('emails the employer a link that pays for that exact order, once', async () => {
    const sessionId = randomUUID();
    await t.inject({
      method: 'PUT',
      url: API_PATHS.cart,
      payload: { sessionId, items: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }] },
    });
    const submitted = await t.inject({
      method: 'POST',
      url: API_PATHS.employerFormSubmit,
      payload: {
        email: 'worker@example.com',
        name: 'Wanda Worker',
        employerEmail: 'Boss@Employer.example',
        shippingAddress: US_ADDRESS,
        sessionId,
      },
    });
    expect(submitted.statusCode).toBe(201);
    const { orderId } = submitted.json();
    // The cart became the order that waits for the employer.
    const cart = await t.inject({ method: 'GET', url: `${API_PATHS.cart}?sessionId=${sessionId}` });
    expect(cart.json().items).toEqual([]);
    const employeeMail = async () =>
      ((await outbox('worker@example.com')).json().messages as { subject: string; text: string }[])
        .map((message) => message.subject)
        .sort();
    expect(await employeeMail()).toEqual([
      'We asked your employer to pay for your Bloodwise order',
    ]);
    const mail = (await outbox('boss@employer.example')).json().messages;
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('Wanda Worker asked you to pay for a Bloodwise order');
    expect(mail[0].text).toContain('1 x Bloodwise Quarterly');
    expect(mail[0].text).toContain('$134.95');
    const token = /employerPay=([^\s&]+)/.exec(mail[0].text)![1]!;

    const view = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.employerPayment, { token: decodeURIComponent(token) }),
    });
    expect(view.json()).toMatchObject({
      employeeName: 'Wanda Worker',
      status: 'sent',
      order: { id: orderId, status: 'pending', total: 13_495 },
    });

    // One card entry: a repeated click resends the same token.
    const card = { paymentMethod: cardToken() };
    const pay = (key: string) =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.employerPaymentPay, { token: decodeURIComponent(token) }),
        headers: { 'idempotency-key': key },
        payload: card,
      });
    const key = randomUUID();
    const paid = await pay(key);
    expect(paid.json()).toMatchObject({
      status: 'paid',
      order: { id: orderId, status: 'paid', payment: { amount: 13_495 } },
    });
    expect((await pay(key)).json().order.payment.id).toBe(paid.json().order.payment.id);
    expect((await pay(randomUUID())).statusCode).toBe(409);
    // One "paid" mail to the employee, however often the link is tried.
    expect(await employeeMail()).toEqual([
      'We asked your employer to pay for your Bloodwise order',
      'Your employer paid for your Bloodwise order',
    ]);
    const paidMail = (await outbox('worker@example.com'))
      .json()
      .messages.find((message: { subject: string }) =>
        message.subject.startsWith('Your employer paid'),
      );
    expect(paidMail.text).toContain('boss@employer.example paid $134.95 for your order.');
  });

  it("refuses an employer request with an empty cart, or the shopper's own email as the employer's", async () => {
    const empty = await t.inject({
      method: 'POST',
      url: API_PATHS.employerFormSubmit,
      payload: {
        email: 'w2@example.com',
        name: 'W',
        employerEmail: 'b2@example.com',
        shippingAddress: US_ADDRESS,
        sessionId: randomUUID(),
      },
    });
    expect(empty.statusCode).toBe(400);
    const self = await t.inject({
      method: 'POST',
      url: API_PATHS.employerFormSubmit,
      payload: {
        email: 'w2@example.com',
        name: 'W',
        employerEmail: 'w2@example.com',
        shippingAddress: US_ADDRESS,
        items: [{ lookupKey: 'mini_panel_upgrade', quantity: 1 }],
      },
    });
    expect(self.json().error.fields).toHaveProperty('employerEmail');
    expect(
      (
        await t.inject({
          method: 'GET',
          url: buildPath(API_PATHS.employerPayment, { token: 'x'.repeat(43) }),
        })
      ).statusCode,
    ).toBe(404);
  });

  it("charges the bp-tape add-on to the order's card once, however often it is asked", async () => {
    const order = (await placeOrder(t, orderBody({ email: 'tape@example.com' }))).json();
    const buy = (id: string) =>
      t.inject({ method: 'POST', url: buildPath(API_PATHS.buyBpTape, { id }), payload: {} });
    const results = await Promise.all([
      buy(order.payment.id),
      buy(order.payment.id),
      buy(order.id),
    ]);
    // One purchase; the racing repeats are refused (already bought, or still in progress).
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.find((response) => response.statusCode === 201)!.json()).toMatchObject({
      type: 'bp-tape',
      status: 'completed',
      amount: 5_900,
    });
    const tapeCharges = await t.app.db
      .selectFrom('payment_charges')
      .select('amount_cents')
      .where(sql<boolean>`metadata->>'orderId' = ${order.id}`)
      .where(sql<boolean>`metadata->>'upgrade' = 'bp-tape'`)
      .execute();
    expect(tapeCharges).toEqual([{ amount_cents: 5_900 }]);
    expect((await buy(randomUUID())).statusCode).toBe(404);
  });

  it('says which products a logged-in shopper has kits scheduled for', async () => {
    const anonymous = await t.inject({
      method: 'GET',
      url: `${API_PATHS.kitsHasScheduled}?ids=bloodwise-quarterly,bloodwise_quarterly,mini-panel`,
    });
    expect(anonymous.json()).toEqual({
      hasScheduled: {
        'bloodwise-quarterly': false,
        bloodwise_quarterly: false,
        'mini-panel': false,
      },
    });
    const login = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: 'demo@bloodwise.test', password: 'bloodwise-demo-1' },
    });
    const cookie = sessionCookieFrom(login);
    const demo = await t.inject({
      method: 'GET',
      url: `${API_PATHS.kitsHasScheduled}?ids=bloodwise-quarterly,bloodwise_quarterly,mini-panel,bloodwise-annual`,
      headers: { cookie },
    });
    expect(demo.json().hasScheduled).toEqual({
      'bloodwise-quarterly': true,
      bloodwise_quarterly: true,
      'mini-panel': false,
      'bloodwise-annual': false,
    });
    await placeOrder(
      t,
      orderBody({
        email: 'demo@bloodwise.test',
        items: [{ lookupKey: 'bloodwise_annual', quantity: 1 }],
        subscriptionConsent: RENEWAL_CONSENT,
      }),
      randomUUID(),
      { cookie },
    );
    const after = await t.inject({
      method: 'GET',
      url: `${API_PATHS.kitsHasScheduled}?ids=bloodwise-annual`,
      headers: { cookie },
    });
    expect(after.json().hasScheduled).toEqual({ 'bloodwise-annual': true });
    expect(await countOrders(t.app.db, { email: 'demo@bloodwise.test' })).toBe(1);
  });
});

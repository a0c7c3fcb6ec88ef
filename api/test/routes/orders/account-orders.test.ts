// The account's order history: every paid order of the signed-in customer (bought on the shop, on
// a partner's storefront, or paid by a renewal), each with its lines, totals, payment, address and
// refunds, and its receipt as a PDF. Only the owner is answered: anyone else gets the 404 of an id
// that does not exist.
import { randomUUID } from 'node:crypto';
import type { AccountOrderDetail, AccountOrderSummary } from '@shop/shared/contract/account-orders';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { createManualClock } from '../../../src/lib/clock';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import { signUpAndConfirm } from '../../helpers/accounts';
import {
  asBrowser,
  buildTestApp,
  sessionCookieFrom,
  type TestApp,
} from '../../helpers/build-test-app';
import {
  businessBody,
  cardToken,
  orderBody,
  placeOrder,
  RENEWAL_CONSENT,
} from '../../helpers/checkout-fixtures';
import { advanceShopClock } from '../../helpers/clock';
import { operatorSession } from '../../helpers/operators';
import {
  runJobsUntil,
  signedUpSubscriber,
  subscribedAccount,
  type Subscriber,
} from '../../helpers/subscriptions';

const T0 = new Date('2026-03-10T09:00:00Z');

describe('the account’s order history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ app: { clockBase: createManualClock(T0) } });
  });
  afterAll(() => t.close());

  const list = (who: Subscriber) => who.inject({ method: 'GET', url: API_PATHS.accountOrders });
  const detail = (who: Subscriber, id: string) =>
    who.inject({ method: 'GET', url: buildPath(API_PATHS.accountOrder, { id }) });
  const receipt = (who: Subscriber, id: string) =>
    who.inject({ method: 'GET', url: buildPath(API_PATHS.accountOrderReceipt, { id }) });

  async function kitOrder(who: Subscriber): Promise<string> {
    const placed = await placeOrder(
      t,
      orderBody({
        email: who.email,
        items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 2 }],
        discountCode: 'WELCOME10',
        paymentMethod: cardToken('succeeds'),
      }),
      randomUUID(),
      { cookie: who.cookie },
    );
    expect(placed.statusCode).toBe(201);
    return placed.json().id;
  }

  async function partnerOrder(who: Subscriber): Promise<string> {
    const started = await who.inject({
      method: 'POST',
      url: API_PATHS.businessCheckout,
      payload: businessBody({ email: who.email }),
    });
    expect(started.statusCode).toBe(202);
    const { id } = started.json();
    const status = () =>
      who
        .inject({ method: 'GET', url: buildPath(API_PATHS.businessCheckoutStatus, { id }) })
        .then((response) => response.json() as { status: string; final: boolean });
    expect((await runJobsUntil(t, status, (now) => now.final)).status).toBe('paid');
    return id;
  }

  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await t.inject({ method: 'GET', url: API_PATHS.accountOrders });
    expect(response.statusCode).toBe(401);
  });

  it('shows a stranger the same 404 as an unknown or malformed id, for the order and its receipt', async () => {
    const owner = await signedUpSubscriber(t, 'owner');
    const stranger = await signedUpSubscriber(t, 'stranger');
    const id = await kitOrder(owner);
    const unknown = await detail(stranger, randomUUID());
    expect(unknown.statusCode).toBe(404);
    for (const response of [
      await detail(stranger, id),
      await receipt(stranger, id),
      await detail(stranger, 'not-a-uuid'),
      await receipt(stranger, randomUUID()),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(unknown.json());
    }
    expect((await list(stranger)).json()).toEqual({ orders: [] });
    expect((await detail(owner, id)).statusCode).toBe(200);
  });

  it('leaves out an order that was never paid', async () => {
    const customer = await signedUpSubscriber(t, 'declined');
    const declined = await placeOrder(
      t,
      orderBody({ email: customer.email, paymentMethod: cardToken('declined') }),
      randomUUID(),
      { cookie: customer.cookie },
    );
    expect(declined.statusCode).toBe(402);
    expect((await list(customer)).json()).toEqual({ orders: [] });
  });

  it('gives a guest’s plan and order to the account opened with the order’s e-mail', async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const guest = asBrowser(t);
    const bought = await placeOrder(
      guest,
      orderBody({
        email,
        items: [{ lookupKey: 'bloodwise_monthly', quantity: 1 }],
        paymentMethod: cardToken('succeeds', true),
        subscriptionConsent: RENEWAL_CONSENT,
      }),
    );
    expect(bought.statusCode).toBe(201);
    const orderId: string = bought.json().id;
    const confirmed = await signUpAndConfirm(t, {
      email,
      name: 'Gus Guest',
      password: 'a long enough passphrase 42',
      kitID: null,
      sessionId: randomUUID(),
    });
    const cookie = sessionCookieFrom(confirmed);
    const orders = await t.inject({
      method: 'GET',
      url: API_PATHS.accountOrders,
      headers: { cookie },
    });
    expect(orders.json().orders.map((order: AccountOrderSummary) => order.id)).toEqual([orderId]);
    const plans = await t.inject({
      method: 'GET',
      url: API_PATHS.accountSubscriptions,
      headers: { cookie },
    });
    expect(plans.json().subscriptions).toHaveLength(1);
  });

  it('gives an account the orders its e-mail placed as a guest when its owner logs in', async () => {
    const customer = await signedUpSubscriber(t, 'returning');
    const placed = await placeOrder(asBrowser(t), orderBody({ email: customer.email }));
    expect(placed.statusCode).toBe(201);
    expect((await list(customer)).json()).toEqual({ orders: [] });
    const login = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: customer.email, password: 'a long enough passphrase 42' },
    });
    expect(login.statusCode).toBe(200);
    const orders: AccountOrderSummary[] = (await list(customer)).json().orders;
    expect(orders.map((order) => order.id)).toEqual([placed.json().id]);
  });

  // Last: it moves the shop clock for this file's app.
  it('lists shop, partner and renewal orders newest first, each with its detail, refunds and receipt', async () => {
    const {
      subscriber: customer,
      id: subscriptionId,
      orderId: planOrder,
    } = await subscribedAccount(t, 'history');
    const kit = await kitOrder(customer);
    const partner = await partnerOrder(customer);
    await advanceShopClock(t, '32d');
    const [renewal] = await runJobsUntil(
      t,
      () => listRenewals(t.app.db, subscriptionId),
      (ledger) => ledger.length === 1 && ledger[0]!.status === 'succeeded',
    );
    const renewalOrder = renewal!.orderId!;
    const refunded = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsOrderRefunds, { id: kit }),
      headers: { cookie: await operatorSession(t) },
      payload: { idempotencyKey: randomUUID(), reason: 'damaged in the post' },
    });
    expect(refunded.statusCode).toBe(200);

    const listed = await list(customer);
    expect(listed.statusCode).toBe(200);
    const orders: AccountOrderSummary[] = listed.json().orders;
    expect(orders.map((order) => [order.id, order.kind])).toEqual([
      [renewalOrder, 'renewal'],
      [partner, 'partner'],
      [kit, 'consumer'],
      [planOrder, 'consumer'],
    ]);
    expect(orders[1]).toMatchObject({
      partnerName: 'Acme Wellness',
      number: partner.slice(0, 8).toUpperCase(),
    });
    expect(orders[0]).toMatchObject({ summary: 'Bloodwise Monthly', total: 9_900, refunded: 0 });

    const kitDetail: AccountOrderDetail = (await detail(customer, kit)).json();
    expect(kitDetail).toMatchObject({
      id: kit,
      kind: 'consumer',
      status: 'paid',
      email: customer.email,
      lines: [
        { title: 'Bloodwise Complete Panel', quantity: 2, unitAmount: 14_900, amount: 29_800 },
      ],
      subtotal: 29_800,
      discountCode: 'WELCOME10',
      paymentLabel: expect.stringContaining('4242'),
      shippingAddress: expect.objectContaining({ line1: expect.any(String) }),
      refunds: [{ amount: kitDetail.total, status: 'succeeded', lineTitle: null }],
      refunded: kitDetail.total,
      subscriptionId: null,
    });
    expect(kitDetail.discount).toBeGreaterThan(0);
    expect(kitDetail.total).toBe(kitDetail.subtotal - kitDetail.discount + kitDetail.shipping);
    expect((await detail(customer, renewalOrder)).json()).toMatchObject({
      kind: 'renewal',
      subscriptionId,
    });
    expect((await detail(customer, planOrder)).json()).toMatchObject({ subscriptionId });

    const pdf = await receipt(customer, kit);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="bloodwise-receipt-${kit.slice(0, 8).toUpperCase()}.pdf"`,
    );
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain(`Order ${kit.slice(0, 8).toUpperCase()}`);
    expect(text).toContain('2 x Bloodwise Complete Panel: $298');
    expect(text).toContain('Discount \\(WELCOME10\\)');
    expect(text).toContain('Refunds:');
  });
});

// A payment that does not go through (the bank's check failed or abandoned, pay-later refused)
// leaves the shopper's cart as it was, so they can try again; only a paid order empties it.
import { randomUUID } from 'node:crypto';
import type { CartItem } from '@shop/shared/contract/cart';
import type { PlaceOrderBody } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { getCart, putCart } from '../../../src/repositories/carts-repository';
import { reconcilePayments } from '../../../src/services/payments/reconcile-payments';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { BNPL_TOKEN, cardToken, orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { authenticate, decidePayLater, deliverEvents } from '../../helpers/provider-steps';

const CART: CartItem[] = [
  { lookupKey: 'bloodwise_kit_one_time', quantity: 2 },
  { lookupKey: 'mini_panel_upgrade', quantity: 1 },
];

describe('a failed payment keeps the cart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  /** A cart of CART under a new session, and an order placed from it with this payment method. */
  async function placeFromCart(
    email: string,
    paymentMethod: PlaceOrderBody['paymentMethod'] = cardToken('requiresAction'),
  ) {
    const sessionId = randomUUID();
    await putCart(t.app.db, { sessionId }, CART);
    const placed = await placeOrder(t, orderBody({ email, sessionId, items: CART, paymentMethod }));
    expect(placed.statusCode).toBe(201);
    return { sessionId, order: placed.json() };
  }
  const cartItems = async (sessionId: string) => (await getCart(t.app.db, { sessionId })).items;
  const confirm = (orderId: string) =>
    t.inject({ method: 'POST', url: buildPath(API_PATHS.orderConfirm, { id: orderId }) });

  it('keeps the cart while the bank checks the card, and empties it once the order is paid', async () => {
    const { sessionId, order } = await placeFromCart('checked@example.com');
    expect(order.status).toBe('requires_action');
    expect(await cartItems(sessionId)).toEqual(CART);
    await authenticate(t.app, order.payment.nextAction.clientSecret);
    expect((await confirm(order.id)).json().status).toBe('paid');
    expect(await cartItems(sessionId)).toEqual([]);
  });

  it('keeps the cart when the bank check fails', async () => {
    const { sessionId, order } = await placeFromCart('failed-check@example.com');
    await authenticate(t.app, order.payment.nextAction.clientSecret, 'fail');
    const confirmed = (await confirm(order.id)).json();
    expect(confirmed.status).toBe('failed');
    expect(confirmed.payment.failureMessage).toEqual(expect.any(String));
    expect(await cartItems(sessionId)).toEqual(CART);
  });

  it('keeps the cart when the bank check is abandoned and the payment cancelled', async () => {
    const { sessionId, order } = await placeFromCart('abandoned-check@example.com');
    // The shopper closed the check: the order waits, then reconciliation cancels its intent.
    expect((await confirm(order.id)).json().status).toBe('requires_action');
    await reconcilePayments(
      {
        db: t.app.db,
        provider: t.app.paymentProvider,
        subscriptions: t.app.subscriptionStarts,
      },
      { afterMinutes: 10, now: () => new Date(Date.now() + 60 * 60_000) },
    );
    const stored = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.order, { id: order.id }),
    });
    expect(stored.json()).toMatchObject({ status: 'failed', payment: { status: 'canceled' } });
    expect(await cartItems(sessionId)).toEqual(CART);
  });

  it('keeps the cart when pay-later is refused', async () => {
    const email = 'refused-later@example.com';
    const consent = await t.inject({
      method: 'POST',
      url: API_PATHS.bnplConsents,
      payload: { sessionId: randomUUID(), email, accepted: true, termsVersion: '2024-01' },
    });
    const { sessionId, order } = await placeFromCart(email, {
      type: 'bnpl',
      consentId: consent.json().id,
      token: BNPL_TOKEN,
    });
    expect(order.status).toBe('requires_action');
    await decidePayLater(t.app, order.payment.nextAction.clientSecret, 'decline');
    await deliverEvents(t.app);
    expect((await confirm(order.id)).json().status).toBe('failed');
    expect(await cartItems(sessionId)).toEqual(CART);
  });
});

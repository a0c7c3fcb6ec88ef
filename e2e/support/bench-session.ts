// What the benches put in a fresh browser before they measure a page: a client session id and, for
// the cart and checkout pages, one kit in that cart; for the thank-you page, an order just placed.
// The page itself makes the calls, so the cart and buyer cookies the server sets are the browser's,
// as they are a shopper's, and the server's first view of those pages (which reads them) shows the
// cart or the order.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { SESSION_ID_KEY } from '../../shared/src/client-state/client-storage';
import { API_PATHS } from '../../shared/src/contract/paths';

const CART_ITEM = { lookupKey: 'bloodwise_kit_one_time', quantity: 1 };
const THANK_YOU_PATH = '/checkout/thank-you';
/** The order a thank-you page shows: one kit, paid with a token for the test provider's card that succeeds (fetched in the page, as the provider's element would). */
const ORDER = {
  email: 'lighthouse@example.com',
  name: 'Light House',
  items: [CART_ITEM],
  shippingAddress: {
    name: 'Light House',
    line1: '10 Elm St',
    line2: null,
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
};

export type Preparation = 'none' | 'cart' | 'order';

/** The cart and checkout pages are measured with a kit in the cart, so they show a real order, not the empty state. */
const needsCart = (route: string) =>
  /\/(checkout|shopping-cart)\/?$/.test(new URL(route, 'http://x').pathname);

/** What a route needs in the browser before it is measured: a kit in the cart, or an order just placed. */
export const preparationOf = (route: string): Preparation => {
  const { pathname } = new URL(route, 'http://x');
  if (pathname === THANK_YOU_PATH) return 'order';
  return needsCart(route) ? 'cart' : 'none';
};

/**
 * Prepares the browser of `page` for measuring `url` and returns the URL to measure (the thank-you
 * page of a reload or a shared link names its order in the query). `page` is left on a same-origin
 * document that does not run the shell.
 */
export async function prepareSession(
  page: Page,
  url: string,
  preparation: Preparation,
): Promise<string> {
  const { origin } = new URL(url);
  await page.goto(origin + API_PATHS.healthz);
  const orderId = await page.evaluate(
    async ({
      key,
      id,
      preparation,
      cartPath,
      ordersPath,
      tokensPath,
      expYear,
      cartItem,
      order,
    }) => {
      localStorage.setItem(key, id);
      if (preparation === 'none') return null;
      const json = { 'content-type': 'application/json' };
      if (preparation === 'cart') {
        const cart = await fetch(cartPath, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ sessionId: id, items: [cartItem] }),
        });
        if (!cart.ok)
          throw new Error(`PUT ${cartPath} answered ${cart.status}: ${await cart.text()}`);
        return null;
      }
      const tokenised = await fetch(tokensPath, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear, cvc: '123' }),
      });
      if (!tokenised.ok) throw new Error(`POST ${tokensPath} answered ${tokenised.status}`);
      const { id: token } = (await tokenised.json()) as { id: string };
      const placed = await fetch(ordersPath, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...order, paymentMethod: { type: 'token', token }, sessionId: id }),
      });
      if (!placed.ok)
        throw new Error(`POST ${ordersPath} answered ${placed.status}: ${await placed.text()}`);
      return ((await placed.json()) as { id: string }).id;
    },
    {
      key: SESSION_ID_KEY,
      id: randomUUID(),
      preparation,
      cartPath: API_PATHS.cart,
      ordersPath: API_PATHS.orders,
      tokensPath: '/test-provider/v1/tokens',
      expYear: new Date().getUTCFullYear() + 1,
      cartItem: CART_ITEM,
      order: ORDER,
    },
  );
  return orderId
    ? `${url}${url.includes('?') ? '&' : '?'}order=${encodeURIComponent(orderId)}`
    : url;
}

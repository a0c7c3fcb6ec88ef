// GET /api/v1/cart/priced: the visitor's own cart, known by cookies alone, priced as the quote prices it.
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

const KIT = 'bloodwise_kit_one_time';

const cartCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((candidate) => candidate.name === 'bw_cart_session');
  if (!cookie) throw new Error('no cart cookie');
  return `bw_cart_session=${cookie.value}`;
};

describe('GET /api/v1/cart/priced', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = (sessionId: string, items: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'PUT', url: API_PATHS.cart, payload: { sessionId, items }, headers });
  const priced = (query: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: `${API_PATHS.cartPriced}${query}`, headers });
  const quote = (body: object) =>
    t.inject({ method: 'POST', url: API_PATHS.checkoutQuote, payload: body });

  it('reads the cart the cart cookie names and prices it exactly as the quote does, never cached', async () => {
    const items = [{ lookupKey: KIT, quantity: 2 }];
    const saved = await put(randomUUID(), items);
    const response = await priced('?country=CA', { cookie: cartCookie(saved) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body.cart.items).toEqual(items);
    const posted = await quote({ items, country: 'CA', shipUpfront: false, discountCode: null });
    expect(body.quote).toEqual(posted.json());
    expect(body.quote.total).toBeGreaterThan(0);
    // Reading sets no cookie: the page's own calls do that in the browser.
    expect(response.cookies).toEqual([]);
  });

  it('answers an empty cart and no quote to a visitor without cookies or with an unknown cart', async () => {
    const empty = { cart: { items: [], updatedAt: null }, quote: null };
    expect((await priced('')).json()).toEqual(empty);
    expect((await priced('', { cookie: `bw_cart_session=${randomUUID()}` })).json()).toEqual(empty);
  });

  it("reads a signed-in user's own cart, not the cookie's anonymous one, and prices with their email", async () => {
    const signup = await signUpAndConfirm(t, {
      email: 'priced-cart@example.com',
      name: 'Priced Cart',
      password: 'a-good-password-1',
    });
    const session = sessionCookieFrom(signup);
    await put(randomUUID(), [{ lookupKey: KIT, quantity: 1 }], { cookie: session });
    const anonymous = await put(randomUUID(), [{ lookupKey: 'bloodwise_annual', quantity: 3 }]);
    const body = (await priced('', { cookie: `${session}; ${cartCookie(anonymous)}` })).json();
    expect(body.cart.items).toEqual([{ lookupKey: KIT, quantity: 1 }]);
    expect(body.quote.lines.map((line: { lookupKey: string }) => line.lookupKey)).toEqual([KIT]);
  });

  it('says why a discount code in the query takes nothing off, as the quote does', async () => {
    const items = [{ lookupKey: KIT, quantity: 1 }];
    const saved = await put(randomUUID(), items);
    const body = (await priced('?discountCode=NOSUCHCODE', { cookie: cartCookie(saved) })).json();
    const posted = (await quote({ items, discountCode: 'NOSUCHCODE' })).json();
    expect(body.quote).toEqual(posted);
    expect(body.quote.discountProblem).not.toBeNull();
  });

  it("prices only a partner's own lines, at its prices and under its titles, as its quote does", async () => {
    const partnerLine = { lookupKey: 'acme_kit_one_time', quantity: 2 };
    const items = [{ lookupKey: 'bloodwise_annual', quantity: 1 }, partnerLine];
    const saved = await put(randomUUID(), items);
    const cookie = { cookie: cartCookie(saved) };
    // Without the partner, its own price cannot be quoted.
    expect((await priced('', cookie)).statusCode).toBe(400);
    const response = await priced(
      '?businessKey=acme-wellness&lookupKeys=acme_kit_one_time',
      cookie,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.cart.items).toEqual(items);
    const posted = await quote({ items: [partnerLine], businessKey: 'acme-wellness' });
    expect(body.quote).toEqual(posted.json());
    expect(body.quote.lines.map((line: { title: string }) => line.title)).toEqual([
      'Acme Complete Panel',
    ]);
    // None of the cart's lines sold there: the cart, and nothing to price.
    const none = (await priced('?businessKey=acme-wellness&lookupKeys=other', cookie)).json();
    expect(none).toEqual({ cart: body.cart, quote: null });
  });

  it('refuses a country it does not ship to', async () => {
    expect((await priced('?country=FR')).statusCode).toBe(400);
  });
});

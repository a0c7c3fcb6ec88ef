import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

const cartCookie = (response: LightMyRequestResponse) => {
  const cookie = response.cookies.find((candidate) => candidate.name === 'bw_cart_session');
  if (!cookie) throw new Error('no cart cookie');
  return `bw_cart_session=${cookie.value}`;
};

describe('/api/v1/cart: the server-side cart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = (sessionId: string, items: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'PUT', url: API_PATHS.cart, payload: { sessionId, items }, headers });
  const get = (sessionId: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: `${API_PATHS.cart}?sessionId=${sessionId}`, headers });

  it('starts empty, keeps lines per session id (a reload reads them back) and merges repeated keys', async () => {
    const sessionId = randomUUID();
    expect((await get(sessionId)).json()).toEqual({ items: [], updatedAt: null });
    const saved = await put(sessionId, [
      { lookupKey: 'bloodwise_quarterly', quantity: 1 },
      { lookupKey: 'mini_panel_upgrade', quantity: 2 },
      { lookupKey: 'bloodwise_quarterly', quantity: 1 },
    ]);
    expect(saved.statusCode).toBe(200);
    const reloaded = await get(sessionId);
    expect(reloaded.json().items).toEqual([
      { lookupKey: 'bloodwise_quarterly', quantity: 2 },
      { lookupKey: 'mini_panel_upgrade', quantity: 2 },
    ]);
    expect((await get(randomUUID())).json().items).toEqual([]);
  });

  it('refuses products we do not sell and silly quantities', async () => {
    const sessionId = randomUUID();
    expect((await put(sessionId, [{ lookupKey: 'nope', quantity: 1 }])).json().error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      (await put(sessionId, [{ lookupKey: 'bloodwise_quarterly', quantity: 0 }])).statusCode,
    ).toBe(400);
    expect(
      (await put(sessionId, [{ lookupKey: 'bloodwise_quarterly', quantity: 21 }])).statusCode,
    ).toBe(400);
  });

  it("merges the anonymous cart into the user's cart inside the login route, once", async () => {
    const signup = await signUpAndConfirm(t, {
      email: 'merge@example.com',
      name: 'Merge Me',
      password: 'a-good-password-1',
    });
    const userCookie = sessionCookieFrom(signup);
    await put(randomUUID(), [{ lookupKey: 'bloodwise_annual', quantity: 1 }], {
      cookie: userCookie,
    });
    await t.inject({ method: 'POST', url: API_PATHS.logout, headers: { cookie: userCookie } });

    const sessionId = randomUUID();
    const anonymous = await put(sessionId, [
      { lookupKey: 'bloodwise_annual', quantity: 1 },
      { lookupKey: 'easy_draw_device', quantity: 1 },
    ]);
    const login = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: 'merge@example.com', password: 'a-good-password-1' },
      headers: { cookie: cartCookie(anonymous) },
    });
    expect(login.statusCode).toBe(200);
    const session = sessionCookieFrom(login);
    const merged = await get(sessionId, { cookie: session });
    expect(merged.json().items).toEqual([
      { lookupKey: 'bloodwise_annual', quantity: 2 },
      { lookupKey: 'easy_draw_device', quantity: 1 },
    ]);
    // Logging in again from the same browser adds nothing twice.
    const again = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: 'merge@example.com', password: 'a-good-password-1' },
      headers: { cookie: cartCookie(anonymous) },
    });
    expect((await get(sessionId, { cookie: sessionCookieFrom(again) })).json().items).toHaveLength(
      2,
    );
    expect(
      (await get(sessionId, { cookie: sessionCookieFrom(again) })).json().items[0].quantity,
    ).toBe(2);
  });

  it('merges the cart of the session id a sign-up sends', async () => {
    const sessionId = randomUUID();
    await put(sessionId, [{ lookupKey: 'bp_monitor_tape', quantity: 1 }]);
    const signup = await signUpAndConfirm(t, {
      email: 'fresh@example.com',
      name: 'Fresh',
      password: 'a-good-password-1',
      sessionId,
    });
    const cart = await get(randomUUID(), { cookie: sessionCookieFrom(signup) });
    expect(cart.json().items).toEqual([{ lookupKey: 'bp_monitor_tape', quantity: 1 }]);
  });

  it('empties the cart once its order is placed', async () => {
    const sessionId = randomUUID();
    await put(sessionId, [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }]);
    const { orderBody, placeOrder } = await import('../../helpers/checkout-fixtures');
    expect((await placeOrder(t, orderBody({ sessionId }))).statusCode).toBe(201);
    expect((await get(sessionId)).json().items).toEqual([]);
  });

  it("empties a signed-in shopper's cart once their order is placed", async () => {
    const signup = await signUpAndConfirm(t, {
      email: 'ordering@example.com',
      name: 'Ordering',
      password: 'a-good-password-1',
    });
    const cookie = sessionCookieFrom(signup);
    const sessionId = randomUUID();
    await put(sessionId, [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }], { cookie });
    expect((await get(sessionId, { cookie })).json().items).toHaveLength(1);
    const { orderBody, placeOrder } = await import('../../helpers/checkout-fixtures');
    const placed = await placeOrder(
      t,
      orderBody({ sessionId, email: 'ordering@example.com' }),
      randomUUID(),
      { cookie },
    );
    expect(placed.json()).toMatchObject({ status: 'paid' });
    expect((await get(sessionId, { cookie })).json().items).toEqual([]);
  });

  describe('PUT /api/v1/cart/priced: a change answered with the priced cart', () => {
    const putPriced = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.inject({ method: 'PUT', url: API_PATHS.cartPriced, payload, headers });

    it('saves the lines like PUT /api/v1/cart and answers with the quote POST …/checkout/quote gives', async () => {
      const sessionId = randomUUID();
      const items = [
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
        { lookupKey: 'bloodwise_quarterly', quantity: 1 },
      ];
      const saved = await putPriced({ sessionId, items, country: 'CA' });
      expect(saved.statusCode).toBe(200);
      expect(saved.headers['cache-control']).toContain('no-store');
      const { cart, quote } = saved.json();
      expect(cart.items).toEqual([{ lookupKey: 'bloodwise_quarterly', quantity: 2 }]);
      expect((await get(sessionId)).json().items).toEqual(cart.items);
      const quoted = await t.inject({
        method: 'POST',
        url: API_PATHS.checkoutQuote,
        payload: { items: cart.items, country: 'CA' },
      });
      expect(quote).toEqual(quoted.json());
      expect(quote.lines[0].quantity).toBe(2);
      // The browser's cart cookie, as the plain save sets it.
      expect(cartCookie(saved)).toMatch(/^bw_cart_session=/);
    });

    it('answers an emptied cart with no quote, and refuses what PUT /api/v1/cart refuses', async () => {
      const sessionId = randomUUID();
      await put(sessionId, [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }]);
      const emptied = await putPriced({ sessionId, items: [] });
      expect(emptied.json()).toEqual({ cart: expect.objectContaining({ items: [] }), quote: null });
      const refused = await putPriced({ sessionId, items: [{ lookupKey: 'nope', quantity: 1 }] });
      expect(refused.statusCode).toBe(400);
      expect((await get(sessionId)).json().items).toEqual([]);
    });
  });
});

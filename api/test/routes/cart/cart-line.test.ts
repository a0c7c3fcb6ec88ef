import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

describe('POST /api/v1/cart/line: one line changed where the server holds the cart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const change = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: API_PATHS.cartLine, payload, headers });
  const cartOf = async (sessionId: string, headers: Record<string, string> = {}) =>
    (
      await t.inject({ method: 'GET', url: `${API_PATHS.cart}?sessionId=${sessionId}`, headers })
    ).json().items;

  it('adds to a line, sets it and removes it, answering with the saved cart', async () => {
    const sessionId = randomUUID();
    const added = await change({
      sessionId,
      lookupKey: 'bloodwise_quarterly',
      mode: 'add',
      quantity: 1,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      cart: { items: [{ lookupKey: 'bloodwise_quarterly', quantity: 1 }] },
      quote: null,
    });
    await change({ sessionId, lookupKey: 'easy_draw_device', mode: 'add', quantity: 1 });
    await change({ sessionId, lookupKey: 'bloodwise_quarterly', mode: 'add', quantity: 2 });
    expect(await cartOf(sessionId)).toEqual([
      { lookupKey: 'bloodwise_quarterly', quantity: 3 },
      { lookupKey: 'easy_draw_device', quantity: 1 },
    ]);
    const set = await change({
      sessionId,
      lookupKey: 'bloodwise_quarterly',
      mode: 'set',
      quantity: 1,
    });
    expect(set.json().cart.items).toEqual([
      { lookupKey: 'bloodwise_quarterly', quantity: 1 },
      { lookupKey: 'easy_draw_device', quantity: 1 },
    ]);
    const removed = await change({
      sessionId,
      lookupKey: 'bloodwise_quarterly',
      mode: 'set',
      quantity: 0,
    });
    expect(removed.json().cart.items).toEqual([{ lookupKey: 'easy_draw_device', quantity: 1 }]);
  });

  it('without a session id (a plain form, no script) uses the cart cookie, or starts a cart and sets it', async () => {
    const first = await change({ lookupKey: 'bloodwise_quarterly', mode: 'add', quantity: 1 });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((candidate) => candidate.name === 'bw_cart_session');
    expect(cookie?.value).toMatch(/^[0-9a-f-]{36}$/);
    const again = await change(
      { lookupKey: 'bloodwise_quarterly', mode: 'add', quantity: 1 },
      { cookie: `bw_cart_session=${cookie?.value}` },
    );
    expect(again.json().cart.items).toEqual([{ lookupKey: 'bloodwise_quarterly', quantity: 2 }]);
    expect(await cartOf(cookie?.value as string)).toEqual([
      { lookupKey: 'bloodwise_quarterly', quantity: 2 },
    ]);
    // Another browser without either gets a cart of its own.
    const stranger = await change({ lookupKey: 'easy_draw_device', mode: 'add', quantity: 1 });
    expect(stranger.json().cart.items).toEqual([{ lookupKey: 'easy_draw_device', quantity: 1 }]);
  });

  it('caps a line at the per-line maximum', async () => {
    const sessionId = randomUUID();
    await change({ sessionId, lookupKey: 'bloodwise_quarterly', mode: 'set', quantity: 19 });
    const added = await change({
      sessionId,
      lookupKey: 'bloodwise_quarterly',
      mode: 'add',
      quantity: 5,
    });
    expect(added.json().cart.items).toEqual([{ lookupKey: 'bloodwise_quarterly', quantity: 20 }]);
  });

  it('answers with the quote when asked, as PUT …/cart/priced prices it', async () => {
    const sessionId = randomUUID();
    const pricing = { country: 'US', discountCode: null };
    const line = await change({
      sessionId,
      lookupKey: 'bloodwise_kit_one_time',
      mode: 'add',
      quantity: 2,
      pricing,
    });
    expect(line.statusCode).toBe(200);
    const priced = await t.inject({
      method: 'PUT',
      url: API_PATHS.cartPriced,
      payload: { sessionId: randomUUID(), items: line.json().cart.items, ...pricing },
    });
    expect(line.json().quote).toEqual(priced.json().quote);
    expect(line.json().quote.lines).toMatchObject([
      { lookupKey: 'bloodwise_kit_one_time', quantity: 2 },
    ]);
    const emptied = await change({
      sessionId,
      lookupKey: 'bloodwise_kit_one_time',
      mode: 'set',
      quantity: 0,
      pricing,
    });
    expect(emptied.json()).toEqual({ cart: expect.objectContaining({ items: [] }), quote: null });
  });

  it('applies taps sent at once one after the other: none is lost', async () => {
    const sessionId = randomUUID();
    const taps = Array.from({ length: 8 }, () =>
      change({ sessionId, lookupKey: 'bloodwise_quarterly', mode: 'add', quantity: 1 }),
    );
    expect((await Promise.all(taps)).map((tap) => tap.statusCode)).toEqual(Array(8).fill(200));
    expect(await cartOf(sessionId)).toEqual([{ lookupKey: 'bloodwise_quarterly', quantity: 8 }]);
  });

  it("changes a signed-in shopper's own cart, which another browser's session never sees", async () => {
    const signup = await signUpAndConfirm(t, {
      email: 'line-change@example.com',
      name: 'Line Change',
      password: 'a-good-password-1',
    });
    const cookie = sessionCookieFrom(signup);
    const sessionId = randomUUID();
    await change(
      { sessionId, lookupKey: 'easy_draw_device', mode: 'add', quantity: 1 },
      { cookie },
    );
    expect(await cartOf(randomUUID(), { cookie })).toEqual([
      { lookupKey: 'easy_draw_device', quantity: 1 },
    ]);
    expect(await cartOf(sessionId)).toEqual([]);
  });

  it('refuses what we do not sell and hostile input with a 400 in our error shape', async () => {
    const sessionId = randomUUID();
    const bodies = [
      { sessionId, lookupKey: 'nope', mode: 'add', quantity: 1 },
      { sessionId, lookupKey: 'bloodwise_quarterly', mode: 'add', quantity: 21 },
      { sessionId, lookupKey: 'bloodwise_quarterly', mode: 'add', quantity: -1 },
      { sessionId, lookupKey: 'bloodwise_quarterly', mode: 'swap', quantity: 1 },
      { sessionId, lookupKey: 'bloodwise\u0000quarterly', mode: 'add', quantity: 1 },
      {
        sessionId,
        lookupKey: 'bloodwise_quarterly',
        mode: 'add',
        quantity: 1,
        pricing: { country: 'Mars' },
      },
    ];
    for (const body of bodies) {
      const answer = await change(body);
      expect({ body, status: answer.statusCode }).toEqual({ body, status: 400 });
      expect(answer.json().error.code).toEqual(expect.any(String));
    }
    expect(await cartOf(sessionId)).toEqual([]);
  });
});

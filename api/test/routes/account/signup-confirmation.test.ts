import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import { hashToken } from '../../../src/lib/tokens';
import { confirmationTokenFor, confirmSignup } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

describe('POST /auth2/signup/confirm: the emailed link makes the account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signup = (payload: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: { name: 'Casey Confirm', password: 'a-good-password-1', ...payload },
    });
  const login = (username: string, password = 'a-good-password-1') =>
    t.inject({ method: 'POST', url: API_PATHS.login, payload: { username, password } });

  it('creates the account, logs the shopper in, merges the cart of the sign-up and returns where to go', async () => {
    const sessionId = randomUUID();
    await t.inject({
      method: 'PUT',
      url: API_PATHS.cart,
      payload: { sessionId, items: [{ lookupKey: 'bp_monitor_tape', quantity: 1 }] },
    });
    await signup({
      email: ' Casey.Confirm@Example.COM ',
      kitID: 'KIT-123',
      sessionId,
      redirect: '/checkout?step=pay',
    });
    const token = await confirmationTokenFor(t, 'casey.confirm@example.com');
    // Only a hash of the token is kept.
    const stored = await t.app.db.selectFrom('signup_attempts').select('id_hash').execute();
    expect(stored.map((row) => row.id_hash)).toContain(hashToken(token));
    expect(stored.map((row) => row.id_hash)).not.toContain(token);

    const confirmed = await confirmSignup(t, token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      user: {
        email: 'casey.confirm@example.com',
        name: 'Casey Confirm',
        shopifyID: null,
        createdAt: expect.any(String),
      },
      redirect: '/checkout?step=pay',
    });
    const cookie = sessionCookieFrom(confirmed);
    const me = await t.inject({ method: 'GET', url: API_PATHS.cmsInfo, headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'casey.confirm@example.com' });
    const cart = await t.inject({
      method: 'GET',
      url: `${API_PATHS.cart}?sessionId=${randomUUID()}`,
      headers: { cookie },
    });
    expect(cart.json().items).toEqual([{ lookupKey: 'bp_monitor_tape', quantity: 1 }]);

    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'casey.confirm@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.kit_id).toBe('KIT-123');
    expect(row.signup_session_id).toBe(sessionId);
    // The password chosen at sign-up logs in from now on.
    expect((await login('casey.confirm@example.com')).statusCode).toBe(200);
  });

  it.each([
    ['//evil.example/phish', '/account'],
    ['https://evil.example/', '/account'],
    ['/login?redirect=%2Fcheckout', '/account'],
    [undefined, '/account'],
    ['/pricing', '/pricing'],
  ])('keeps only a same-site, non-auth redirect: %p becomes %p', async (redirect, expected) => {
    const email = `redirect-${randomUUID().slice(0, 8)}@example.com`;
    await signup({ email, redirect });
    const confirmed = await confirmSignup(t, await confirmationTokenFor(t, email));
    expect(confirmed.json().redirect).toBe(expected);
  });

  it('works once: the second use of a link is refused and sets no session', async () => {
    await signup({ email: 'once@example.com' });
    const token = await confirmationTokenFor(t, 'once@example.com');
    expect((await confirmSignup(t, token)).statusCode).toBe(200);
    const again = await confirmSignup(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('CONFIRMATION_LINK_USED');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('expires', async () => {
    await signup({ email: 'late@example.com' });
    const token = await confirmationTokenFor(t, 'late@example.com');
    await t.app.db
      .updateTable('signup_attempts')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id_hash', '=', hashToken(token))
      .execute();
    const response = await confirmSignup(t, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CONFIRMATION_LINK_EXPIRED');
    expect((await login('late@example.com')).statusCode).toBe(401);
  });

  it('refuses a made-up token', async () => {
    const response = await confirmSignup(t, 'made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CONFIRMATION_LINK_UNKNOWN');
  });

  it('with two sign-ups for one address, the first link opened wins and the other stops working', async () => {
    await signup({ email: 'twice@example.com', password: 'first-password-12' });
    const first = await confirmationTokenFor(t, 'twice@example.com');
    await signup({ email: 'twice@example.com', password: 'second-password-34' });
    const second = await confirmationTokenFor(t, 'twice@example.com');
    expect(second).not.toBe(first);
    expect((await confirmSignup(t, second)).statusCode).toBe(200);
    expect((await confirmSignup(t, first)).json().error.code).toBe('CONFIRMATION_LINK_USED');
    // Each link carries the password of its own sign-up.
    expect((await login('twice@example.com', 'second-password-34')).statusCode).toBe(200);
    expect((await login('twice@example.com', 'first-password-12')).statusCode).toBe(401);
  });

  it('validates the token', async () => {
    const response = await t.inject({ method: 'POST', url: API_PATHS.signupConfirm, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty('token');
  });
});

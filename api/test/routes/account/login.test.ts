import { API_PATHS } from '@shop/shared/contract/paths';
import { DEMO_LEGACY_USER, DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';

describe('POST /auth2/login/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('logs the demo user in with a trimmed, mixed-case email and sets a safe session cookie', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: `  ${DEMO_USER.email.toUpperCase()} `, password: DEMO_USER.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        email: DEMO_USER.email,
        name: DEMO_USER.name,
        shopifyID: 'shopify-demo-1000',
        createdAt: expect.any(String),
      },
    });
    const cookie = response.cookies.find((c) => c.name === 'bw_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    // 256 random bits, base64url.
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(cookie!.expires!).getTime()).toBeGreaterThan(
      Date.now() + 13 * 24 * 3600 * 1000,
    );
  });

  it('stores only a hash of the session token', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    const token = sessionCookieFrom(response).split('=')[1]!;
    const rows = await t.app.db.selectFrom('sessions').select('id_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.id_hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.id_hash))).toBe(true);
  });

  it('answers a wrong password and an unknown email with the same 401, never saying which was wrong', async () => {
    const wrongPassword = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: DEMO_USER.email, password: 'not-the-password-1' },
    });
    const unknownEmail = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: 'nobody@bloodwise.test', password: 'whatever-123' },
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect' },
      });
      expect(response.cookies.find((c) => c.name === 'bw_session')).toBeUndefined();
    }
  });

  it('refuses a legacy account that has no password here', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: DEMO_LEGACY_USER.email, password: 'anything-123' },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{ password: 'x' }, 'username'],
    [{ username: 'not-an-email', password: 'x' }, 'username'],
    [{ username: DEMO_USER.email }, 'password'],
    [{ username: DEMO_USER.email, password: '' }, 'password'],
    [{ username: DEMO_USER.email, password: 'x'.repeat(129) }, 'password'],
  ])('rejects %j with a field error on %s', async (payload, field) => {
    const response = await t.inject({ method: 'POST', url: API_PATHS.login, payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.error.fields)).toContain(field);
  });

  it('rejects a body that is not JSON with the standard error', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON' },
    });
  });
});

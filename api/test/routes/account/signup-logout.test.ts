import { API_PATHS } from '@shop/shared/contract/paths';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { latestMailTo } from '../../helpers/accounts';
import {
  buildTestApp,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestApp,
} from '../../helpers/build-test-app';

describe('POST /auth2/signup (validation, the pending answer) and /auth2/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const valid = {
    email: ' New.Shopper@Example.COM ',
    name: 'New Shopper',
    kitID: 'KIT-123',
    password: 'a-good-password-1',
    sessionId: 'b7d4c0a2-1111-4a5b-9c3d-000000000001',
  };

  it('answers 202 with the normalised email, sets no cookie and mails a confirmation link; no account yet', async () => {
    const response = await t.inject({ method: 'POST', url: API_PATHS.signup, payload: valid });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ email: 'new.shopper@example.com' });
    expect(response.headers['set-cookie']).toBeUndefined();
    const account = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'new.shopper@example.com')
      .executeTakeFirst();
    expect(account).toBeUndefined();
    const mail = await latestMailTo(t, 'new.shopper@example.com');
    expect(mail.subject).toBe('Confirm your email for Bloodwise');
    expect(mail.text).toContain('Hi New Shopper,');
    expect(mail.text).toContain(`${TEST_ORIGIN}/signup/confirm?token=`);
  });

  it('accepts a sign-up without a kit ID or session id', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: {
        email: 'nokit@example.com',
        name: 'No Kit',
        password: 'a-good-password-1',
        kitID: '',
      },
    });
    expect(response.statusCode).toBe(202);
  });

  it.each([
    [{ ...valid, email: 'nope' }, 'email', 'valid email'],
    [{ ...valid, name: '   ' }, 'name', 'name'],
    [{ ...valid, password: 'short1' }, 'password', 'at least 10'],
    [{ ...valid, password: 'onlyletterspassword' }, 'password', 'number'],
    [{ ...valid, password: '12345678901234' }, 'password', 'letter'],
    [{ ...valid, kitID: '<script>' }, 'kitID', 'letters, digits'],
  ])('rejects a bad field: %j', async (payload, field, message) => {
    const response = await t.inject({ method: 'POST', url: API_PATHS.signup, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.fields[field]).toEqual(expect.stringContaining(message));
  });

  it('logs out: the session is deleted server-side and the cookie cleared', async () => {
    const login = await t.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    const cookie = sessionCookieFrom(login);
    const logout = await t.inject({ method: 'POST', url: API_PATHS.logout, headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    const cleared = logout.cookies.find((c) => c.name === 'bw_session');
    expect(cleared?.value).toBe('');
    // Replaying the old cookie no longer works.
    const me = await t.inject({ method: 'GET', url: API_PATHS.cmsInfo, headers: { cookie } });
    expect(me.json()).toBeNull();
  });

  it('logs out an anonymous visitor harmlessly', async () => {
    const response = await t.inject({ method: 'POST', url: API_PATHS.logout });
    expect(response.statusCode).toBe(200);
  });
});

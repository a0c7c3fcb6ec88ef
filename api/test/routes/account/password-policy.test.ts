import { API_PATHS } from '@shop/shared/contract/paths';
import { DEMO_LEGACY_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

// The rules come from @shop/shared/rules/password-policy, which the account forms use too.
describe('the shared password policy on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const signup = (email: string, password: string) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: { email, name: 'Policy Tester', password },
    });

  it.each([
    ['Password123', 'This password is too common. Choose another one'],
    ['x'.repeat(129) + '1', 'Use at most 128 characters'],
  ])('sign-up refuses %j', async (password, message) => {
    const response = await signup('policy@example.com', password);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ password: message });
  });

  it('sign-up refuses a password built from the email name', async () => {
    const response = await signup('Grace.Hopper@Example.com', 'grace.hopper-1906');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      password: 'Do not use your email address in your password',
    });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax when the sign-up is confirmed too', async () => {
    const response = await signUpAndConfirm(t, {
      email: 'cookie.check@example.com',
      name: 'Policy Tester',
      password: 'a-good-password-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((cookie) => cookie.name === 'bw_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
  });

  it('the reset callback applies the same rules before it looks at the link', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.resetPasswordCallback,
      payload: { linkId: 'any-link', password: 'qwerty12345' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      password: 'This password is too common. Choose another one',
    });
  });

  it('old-store trims and lower-cases the email it is asked about', async () => {
    const url = `${API_PATHS.oldStore}?email=${encodeURIComponent(`  ${DEMO_LEGACY_USER.email.toUpperCase()} `)}`;
    expect((await t.inject({ method: 'GET', url })).json()).toEqual({ legacy: true });
  });
});

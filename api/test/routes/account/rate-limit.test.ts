import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

describe('per-IP rate limits on login, sign-up, its confirmation and reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' },
    });
  });
  afterAll(() => t.close());

  it.each([
    [API_PATHS.login, { username: 'someone@example.com', password: 'wrong-password-1' }],
    [API_PATHS.signup, { email: 'bad', name: 'x', password: 'x' }],
    [API_PATHS.resetPassword, { email: 'someone@example.com' }],
    [API_PATHS.resetPasswordCallback, { linkId: 'nope', password: 'whatever-pass-1' }],
    [API_PATHS.signupConfirm, { token: 'nope' }],
  ])('%s answers 429 with the standard body after 3 attempts', async (url, payload) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await t.inject({ method: 'POST', url, payload })).statusCode);
    }
    expect(statuses).not.toContain(429);
    const limited = await t.inject({ method: 'POST', url, payload });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') },
    });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('does not limit other routes', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect(
        (await t.inject({ method: 'GET', url: `${API_PATHS.oldStore}?email=a@example.com` }))
          .statusCode,
      ).toBe(200);
    }
  });
});

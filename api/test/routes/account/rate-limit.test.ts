import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { useTwoInstances } from '../../helpers/two-instances';

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

describe('per-IP rate limits across two API instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  useTwoInstances((made) => ({ a, b } = made), {
    env: { AUTH_RATE_LIMIT_MAX: '4', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' },
  });

  const reset = (t: TestApp, remoteAddress: string) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.resetPassword,
      payload: { email: 'someone@example.com' },
      remoteAddress,
    });

  it('counts one address on both instances together, each address on its own', async () => {
    expect(a.app).not.toBe(b.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await reset(attempt % 2 === 0 ? a : b, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
    for (const instance of [a, b]) {
      const limited = await reset(instance, '198.51.100.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another address, and another limited route for the same address, start their own counts.
    expect((await reset(b, '198.51.100.8')).statusCode).toBe(200);
    const login = await a.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: 'someone@example.com', password: 'wrong-password-1' },
      remoteAddress: '198.51.100.7',
    });
    expect(login.statusCode).toBe(401);
  });

  it('starts a new window once the old one has ended', async () => {
    await a.app.db
      .updateTable('rate_limit_hits')
      .set({ window_ends_at: new Date(a.app.clock.now().getTime() - 1) })
      .execute();
    expect((await reset(b, '198.51.100.7')).statusCode).toBe(200);
  });
});

import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyRequest } from 'fastify';
import { DEMO_USER } from '../../src/db/seed/demo-partners-and-discounts';
import { requestOrigin } from '../../src/plugins/infrastructure/security';
import {
  buildTestApp,
  sessionCookieFrom,
  TEST_ORIGIN,
  type TestApp,
} from '../helpers/build-test-app';

describe('CSRF origin rule', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ALLOWED_ORIGINS: 'http://localhost:3001, https://partner-preview.example' },
    });
    cookie = sessionCookieFrom(
      await t.inject({
        method: 'POST',
        url: API_PATHS.login,
        payload: { username: DEMO_USER.email, password: DEMO_USER.password },
      }),
    );
  });
  afterAll(() => t.close());

  const logoutWith = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: { cookie, ...headers } });

  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{}],
    [{ referer: 'https://evil.example/page' }],
    [{ origin: 'http://shop.test.evil.example' }],
  ])('refuses a cookie-carrying state change from %j with 403', async (headers) => {
    const response = await logoutWith(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'CSRF_ORIGIN_REJECTED', message: expect.any(String) },
    });
    // The session survived.
    expect(
      (await t.inject({ method: 'GET', url: API_PATHS.cmsInfo, headers: { cookie } })).json(),
    ).not.toBeNull();
  });

  it.each([
    [{ origin: 'http://localhost:3001' }],
    [{ origin: 'https://partner-preview.example' }],
    [{ referer: `${TEST_ORIGIN}/account` }],
  ])('accepts the public origin and ALLOWED_ORIGINS: %j', async (headers) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.shippingAddress,
      headers: { cookie, ...headers },
      payload: {
        name: 'A',
        line1: 'B',
        city: 'C',
        state: 'NY',
        postal_code: '10001',
        country: 'US',
      },
    });
    expect(response.statusCode).toBe(200);
  });

  it('does not apply to requests without a session cookie or to reads', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: API_PATHS.resetPassword,
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.com' },
    });
    expect(anonymous.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: API_PATHS.cmsInfo,
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('reads the origin from Origin, else from Referer', () => {
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    expect(requestOrigin(request({ origin: 'https://a.example' }))).toBe('https://a.example');
    expect(requestOrigin(request({ referer: 'https://b.example/x?y' }))).toBe('https://b.example');
    expect(requestOrigin(request({ referer: 'not a url' }))).toBeNull();
    expect(requestOrigin(request({}))).toBeNull();
  });
});

describe('session cookie over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://shop.example' } });
  });
  afterAll(() => t.close());

  it('is Secure, HttpOnly, SameSite=Lax and __Host- prefixed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      headers: { origin: 'https://shop.example' },
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    const cookie = response.cookies.find((c) => c.name === '__Host-bw_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie).not.toHaveProperty('domain');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    const me = await t.app.inject({
      method: 'GET',
      url: API_PATHS.cmsInfo,
      headers: { cookie: `__Host-bw_session=${cookie!.value}` },
    });
    expect(me.json()).toMatchObject({ email: DEMO_USER.email });
  });
});

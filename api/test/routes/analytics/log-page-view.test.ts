import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, TEST_PAGE_VIEW_TOKEN, type TestApp } from '../../helpers/build-test-app';

describe('POST /impact/log-page-view', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const body = {
    url: 'http://shop.test/pricing',
    ip: null,
    referringUrl: 'http://shop.test/',
    userAgent: 'jest',
    sessionId: 'session-1',
  };

  it('records the page view with the bearer token', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.logPageView,
      headers: { authorization: `Bearer ${TEST_PAGE_VIEW_TOKEN}` },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db.selectFrom('page_views').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      url: body.url,
      referring_url: body.referringUrl,
      session_id: 'session-1',
      ip: '127.0.0.1',
    });
  });

  it.each([
    undefined,
    'Bearer wrong-token-wrong-token',
    `Basic ${TEST_PAGE_VIEW_TOKEN}`,
    TEST_PAGE_VIEW_TOKEN,
  ])('refuses authorization %p with 401', async (authorization) => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.logPageView,
      headers: authorization ? { authorization } : {},
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('validates the body', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.logPageView,
      headers: { authorization: `Bearer ${TEST_PAGE_VIEW_TOKEN}` },
      payload: { ...body, url: '', ip: '1.2.3.4' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(['ip', 'url']);
  });
});

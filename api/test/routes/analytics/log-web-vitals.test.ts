// POST /impact/log-web-vitals: a sampled page load's LCP, INP and CLS, behind the page-view token.
// Stored under the route pattern (never the address), with the shop's own rating and the shop
// clock's time; hostile bodies get a 4xx in the error shape; results pages are refused.
import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, TEST_PAGE_VIEW_TOKEN, type TestApp } from '../../helpers/build-test-app';
import { advanceShopClock } from '../../helpers/clock';

const VISIT = '3b0c1d7e-59f4-4c57-9d0e-8f7a4b6c2e10';

describe('POST /impact/log-web-vitals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.db.deleteFrom('web_vitals').execute();
  });

  const body = {
    visitId: VISIT,
    route: '/pricing',
    area: 'catalog',
    metrics: [
      { name: 'LCP', value: 2100.5, rating: 'good', navigationType: 'navigate' },
      { name: 'INP', value: 320, rating: 'needs-improvement', navigationType: 'navigate' },
      { name: 'CLS', value: 0.31, rating: 'poor', navigationType: 'navigate' },
    ],
  };
  const send = (payload: unknown, authorization = `Bearer ${TEST_PAGE_VIEW_TOKEN}`) =>
    t.inject({
      method: 'POST',
      url: API_PATHS.logWebVitals,
      headers: { authorization },
      payload: payload as Record<string, unknown>,
    });
  const stored = () =>
    t.app.db
      .selectFrom('web_vitals')
      .select(['visit_id', 'route', 'area', 'metric', 'value', 'rating', 'navigation_type'])
      .orderBy('id')
      .execute();

  it('stores one row per metric, stamped by the shop clock', async () => {
    const now = await advanceShopClock(t, '3d');
    const response = await send(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await stored()).toEqual([
      {
        visit_id: VISIT,
        route: '/pricing',
        area: 'catalog',
        metric: 'LCP',
        value: 2100.5,
        rating: 'good',
        navigation_type: 'navigate',
      },
      expect.objectContaining({ metric: 'INP', value: 320, rating: 'needs-improvement' }),
      expect.objectContaining({ metric: 'CLS', value: 0.31, rating: 'poor' }),
    ]);
    const times = await t.app.db.selectFrom('web_vitals').select('recorded_at').execute();
    for (const { recorded_at } of times)
      expect(Math.abs(new Date(recorded_at).getTime() - now.getTime())).toBeLessThan(60_000);
  });

  it('files a raw address under its route pattern and rates the value itself', async () => {
    const response = await send({
      ...body,
      route:
        '/shop/acme-wellness/Orders/8f14e45f-ceea-467f-a0e6-0b2c3d4e5f60?email=ada@example.com',
      area: 'storefront',
      metrics: [{ name: 'LCP', value: 5000, rating: 'good', navigationType: 'reload' }],
    });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual([
      expect.objectContaining({
        route: '/shop/:b2bKey/orders/:id',
        area: 'storefront',
        rating: 'poor',
        navigation_type: 'reload',
      }),
    ]);
  });

  it.each([undefined, 'Bearer wrong-token-wrong-token', TEST_PAGE_VIEW_TOKEN])(
    'refuses authorization %p with 401 and stores nothing',
    async (authorization) => {
      const response = await t.inject({
        method: 'POST',
        url: API_PATHS.logWebVitals,
        headers: authorization ? { authorization } : {},
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHORIZED');
      expect(await stored()).toEqual([]);
    },
  );

  it.each([
    ['a results page', { route: '/account/results/abc' }, 'route'],
    ['a partner results page', { route: '/shop/acme/account/%72esults' }, 'route'],
    ['a visit id that is not a uuid', { visitId: 'ada@example.com' }, 'visitId'],
    ['the operator console', { area: 'ops' }, 'area'],
    ['no metrics', { metrics: [] }, 'metrics'],
    [
      'a negative value',
      { metrics: [{ name: 'LCP', value: -1, rating: 'good', navigationType: 'navigate' }] },
      'metrics.0.value',
    ],
    [
      'an LCP past two minutes',
      { metrics: [{ name: 'LCP', value: 120_001, rating: 'poor', navigationType: 'navigate' }] },
      'metrics.0.value',
    ],
    [
      'an unknown metric',
      { metrics: [{ name: 'FID', value: 10, rating: 'good', navigationType: 'navigate' }] },
      'metrics.0.name',
    ],
    [
      'a value that is a string',
      { metrics: [{ name: 'CLS', value: '0.1', rating: 'good', navigationType: 'navigate' }] },
      'metrics.0.value',
    ],
    ['too many metrics', { metrics: Array.from({ length: 13 }, () => body.metrics[0]) }, 'metrics'],
  ])('answers %s with 400 naming the field and stores nothing', async (_case, change, field) => {
    const response = await send({ ...body, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(response.json().error.fields)).toContain(field);
    expect(await stored()).toEqual([]);
  });

  it('answers a body that is not JSON with a 4xx in the error shape', async () => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.logWebVitals,
      headers: {
        authorization: `Bearer ${TEST_PAGE_VIEW_TOKEN}`,
        'content-type': 'application/json',
      },
      payload: '{"visitId":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().error.code).toEqual(expect.any(String));
  });
});

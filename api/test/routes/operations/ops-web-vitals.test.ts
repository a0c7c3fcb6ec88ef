// GET /api/v1/ops/web-vitals: the 75th percentile of shoppers' LCP, INP and CLS per area and per
// route, over the last day and the last week by the shop clock. Operators only: anyone else gets
// the 404 of an unknown path.
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { WebVitalName } from '@shop/shared/rules/web-vitals';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { advanceShopClock } from '../../helpers/clock';
import { operatorSession, shopperSession } from '../../helpers/operators';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const none = { p75: null, samples: 0 };
// 0.02 + 0.75 × (0.3 − 0.02), in floating point.
const cls = { p75: expect.closeTo(0.23, 9), samples: 2 };

describe('GET /api/v1/ops/web-vitals', () => {
  let t: TestApp;
  let operator: string;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = await operatorSession(t);
  });
  afterAll(() => t.close());

  async function measured(
    area: string,
    route: string,
    metric: WebVitalName,
    age: number,
    values: number[],
  ) {
    const at = new Date(t.app.clock.now().getTime() - age);
    await t.app.db
      .insertInto('web_vitals')
      .values(
        values.map((value) => ({
          visit_id: randomUUID(),
          route,
          area,
          metric,
          value,
          rating: 'good' as const,
          navigation_type: 'navigate',
          recorded_at: at,
        })),
      )
      .execute();
  }

  const read = (cookie = operator) =>
    t.inject({ method: 'GET', url: API_PATHS.opsWebVitals, headers: { cookie } });

  it('answers the p75 per area and route for the day and the week, and moves with the shop clock', async () => {
    await measured('catalog', '/pricing', 'LCP', HOUR, [1000, 2000, 3000, 4000]);
    await measured('catalog', '/pricing', 'LCP', 3 * DAY, [10_000]);
    await measured('catalog', '/pricing', 'INP', 2 * DAY, [150, 250]);
    await measured('catalog', '/', 'LCP', 2 * HOUR, [500]);
    await measured('checkout', '/shopping-cart', 'CLS', 5 * HOUR, [0.02, 0.3]);
    // Older than a week: left out.
    await measured('catalog', '/pricing', 'LCP', 8 * DAY, [99_999]);

    const response = await read();
    expect(response.statusCode).toBe(200);
    const { rows, now } = response.json();
    expect(Math.abs(Date.parse(now) - t.app.clock.now().getTime())).toBeLessThan(60_000);
    expect(rows).toEqual([
      {
        area: 'catalog',
        route: null,
        day: { LCP: { p75: 3000, samples: 5 }, INP: none, CLS: none },
        week: { LCP: { p75: 3750, samples: 6 }, INP: { p75: 225, samples: 2 }, CLS: none },
      },
      {
        area: 'catalog',
        route: '/',
        day: { LCP: { p75: 500, samples: 1 }, INP: none, CLS: none },
        week: { LCP: { p75: 500, samples: 1 }, INP: none, CLS: none },
      },
      {
        area: 'catalog',
        route: '/pricing',
        day: { LCP: { p75: 3250, samples: 4 }, INP: none, CLS: none },
        week: { LCP: { p75: 4000, samples: 5 }, INP: { p75: 225, samples: 2 }, CLS: none },
      },
      {
        area: 'checkout',
        route: null,
        day: { LCP: none, INP: none, CLS: cls },
        week: { LCP: none, INP: none, CLS: cls },
      },
      {
        area: 'checkout',
        route: '/shopping-cart',
        day: { LCP: none, INP: none, CLS: cls },
        week: { LCP: none, INP: none, CLS: cls },
      },
    ]);

    // Two days on by the shop clock, nothing is a day old; the week still holds all but one.
    await advanceShopClock(t, '2d');
    const later = (await read()).json().rows;
    expect(later.map((row: { day: unknown }) => row.day)).toEqual(
      later.map(() => ({ LCP: none, INP: none, CLS: none })),
    );
    expect(later[0]).toMatchObject({
      area: 'catalog',
      route: null,
      week: { LCP: { p75: 3750, samples: 6 }, INP: { p75: 225, samples: 2 } },
    });
  });

  it('answers a shopper and an anonymous visitor as an unknown path', async () => {
    const shopper = await read(await shopperSession(t));
    expect(shopper.statusCode).toBe(404);
    const anonymous = await t.inject({ method: 'GET', url: API_PATHS.opsWebVitals });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual(shopper.json());
    expect(anonymous.body).not.toContain('LCP');
  });
});

// Field data from shoppers' browsers: a sampled page load's LCP, INP and CLS are stored under the
// route pattern and area, and operators read their 75th percentiles over the last day and week.
import type { LogWebVitalsBody } from '@shop/shared/contract/impact';
import type { OpsVitalsWindow, OpsWebVitals } from '@shop/shared/contract/ops';
import { rateVital, routePatternOf } from '@shop/shared/rules/web-vitals';
import type { Executor } from '../../db/schema';
import { addCalendarSteps } from '../../lib/calendar';
import type { Clock } from '../../lib/clock';
import { insertWebVitals, webVitalPercentiles } from '../../repositories/web-vitals-repository';

/** Rows older than the week the console shows, plus a day's margin, are deleted by the clean-up. */
export const WEB_VITALS_KEPT_MS = 8 * 86_400_000;

export async function recordWebVitals(
  deps: { db: Executor; clock: Clock },
  body: LogWebVitalsBody,
): Promise<void> {
  const recordedAt = deps.clock.now();
  // The browser sends a pattern already; filing it again keeps a hostile route's ids out of the table.
  const route = routePatternOf(body.route);
  await insertWebVitals(
    deps.db,
    body.metrics.map((metric) => ({
      visitId: body.visitId,
      route,
      area: body.area,
      metric: metric.name,
      value: metric.value,
      // The shop's thresholds decide, whatever rating the browser claimed.
      rating: rateVital(metric.name, metric.value),
      navigationType: metric.navigationType,
      recordedAt,
    })),
  );
}

const emptyWindow = (): OpsVitalsWindow => ({
  LCP: { p75: null, samples: 0 },
  INP: { p75: null, samples: 0 },
  CLS: { p75: null, samples: 0 },
});

/** The 75th percentiles per area (route null) and per route, for the day and the week up to now. */
export async function webVitalsSummary(db: Executor, clock: Clock): Promise<OpsWebVitals> {
  const now = clock.now();
  const percentiles = await webVitalPercentiles(db, {
    now,
    dayStart: addCalendarSteps(now, 'day', -1),
    weekStart: addCalendarSteps(now, 'week', -1),
  });
  const rows = new Map<string, OpsWebVitals['rows'][number]>();
  for (const entry of percentiles) {
    const key = `${entry.area} ${entry.route ?? ''}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        area: entry.area as OpsWebVitals['rows'][number]['area'],
        route: entry.route,
        day: emptyWindow(),
        week: emptyWindow(),
      };
      rows.set(key, row);
    }
    row.day[entry.metric] = entry.day;
    row.week[entry.metric] = entry.week;
  }
  return { now: now.toISOString(), rows: [...rows.values()] };
}

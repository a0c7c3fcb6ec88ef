// Field data: web-vitals measurements from sampled page loads, and their 75th percentiles.
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import type { VitalRating, WebVitalName } from '@shop/shared/rules/web-vitals';

export interface NewWebVital {
  visitId: string;
  route: string;
  area: string;
  metric: WebVitalName;
  value: number;
  rating: VitalRating;
  navigationType: string;
  recordedAt: Date;
}

export async function insertWebVitals(db: Executor, vitals: readonly NewWebVital[]): Promise<void> {
  if (vitals.length === 0) return;
  await db
    .insertInto('web_vitals')
    .values(
      vitals.map((vital) => ({
        visit_id: vital.visitId,
        route: vital.route,
        area: vital.area,
        metric: vital.metric,
        value: vital.value,
        rating: vital.rating,
        navigation_type: vital.navigationType,
        recorded_at: vital.recordedAt,
      })),
    )
    .execute();
}

export interface VitalPercentiles {
  area: string;
  /** null: every route of the area together. */
  route: string | null;
  metric: WebVitalName;
  day: { p75: number | null; samples: number };
  week: { p75: number | null; samples: number };
}

interface PercentileRow {
  area: string;
  route: string | null;
  metric: WebVitalName;
  p75_day: number | string | null;
  samples_day: number | string;
  p75_week: number | string | null;
  samples_week: number | string;
}

// PostgreSQL's driver answers some numbers as strings, PGlite as numbers.
const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * The 75th percentile of each metric per route and per area (one statement, grouping sets): over
 * the week [weekStart, now] and the day [dayStart, now] within it.
 */
export async function webVitalPercentiles(
  db: Executor,
  { weekStart, dayStart, now }: { weekStart: Date; dayStart: Date; now: Date },
): Promise<VitalPercentiles[]> {
  const { rows } = await sql<PercentileRow>`
    select area, route, metric,
      percentile_cont(0.75) within group (order by value)
        filter (where recorded_at >= ${dayStart}) as p75_day,
      count(*) filter (where recorded_at >= ${dayStart}) as samples_day,
      percentile_cont(0.75) within group (order by value) as p75_week,
      count(*) as samples_week
    from web_vitals
    where recorded_at >= ${weekStart} and recorded_at <= ${now}
    group by grouping sets ((area, route, metric), (area, metric))
    order by area, route nulls first, metric`.execute(db);
  return rows.map((row) => ({
    area: row.area,
    route: row.route,
    metric: row.metric,
    day: { p75: numberOrNull(row.p75_day), samples: Number(row.samples_day) },
    week: { p75: numberOrNull(row.p75_week), samples: Number(row.samples_week) },
  }));
}

/** Deletes measurements recorded before `before`; answers how many went. */
export async function deleteWebVitalsBefore(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('web_vitals')
    .where('recorded_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

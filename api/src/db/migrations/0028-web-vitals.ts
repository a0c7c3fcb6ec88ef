import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Field data: LCP, INP and CLS from a sampled share of shoppers' page loads, filed by route pattern
// and area with a random per-load visit id, and nothing that names a visitor (no user, session,
// address or browser). Rows are read for the last week and deleted by the clean-up after that.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table web_vitals (
      id bigint generated always as identity primary key,
      visit_id uuid not null,
      route text not null,
      area text not null,
      metric text not null check (metric in ('LCP', 'INP', 'CLS')),
      value double precision not null check (value >= 0),
      rating text not null check (rating in ('good', 'needs-improvement', 'poor')),
      navigation_type text not null,
      recorded_at timestamptz not null
    )`,
    `create index web_vitals_recorded_at_idx on web_vitals (recorded_at)`,
  ]);
}

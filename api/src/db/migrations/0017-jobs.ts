import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The job queue: one row per job, claimed with a lease (`for update skip locked`), retried with
// backoff and kept as dead once its tries run out. A key makes enqueueing idempotent; a singleton
// key allows one live (queued or running) job per subject. And the persisted offset of the shop
// clock, so every instance agrees on the moved time outside production.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table jobs (
      id bigserial primary key,
      kind text not null,
      payload jsonb not null default '{}'::jsonb,
      job_key text,
      singleton_key text,
      status text not null default 'queued'
        check (status in ('queued', 'running', 'completed', 'dead')),
      run_at timestamptz not null,
      attempts integer not null default 0,
      max_attempts integer not null check (max_attempts > 0),
      locked_until timestamptz,
      locked_by text,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz
    )`,
    `create unique index jobs_job_key_idx on jobs (job_key) where job_key is not null`,
    `create unique index jobs_live_singleton_idx on jobs (singleton_key)
      where singleton_key is not null and status in ('queued', 'running')`,
    `create index jobs_due_idx on jobs (run_at) where status = 'queued'`,
    `create index jobs_leased_idx on jobs (locked_until) where status = 'running'`,
    `create index jobs_dead_idx on jobs (finished_at) where status = 'dead'`,
    `create table clock_offset (
      id boolean primary key default true check (id),
      offset_ms bigint not null,
      updated_at timestamptz not null default now()
    )`,
  ]);
}

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Uploaded lab reports are read into structured readings. An upload now says how far reading it
// got (a job reading it, columns or values waiting for the customer, read, unreadable) and keeps
// what the customer must confirm as `draft`. Readings belong to their upload: deleting the upload
// deletes them. `user_id` is repeated on readings so every query is scoped to the owner by index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table result_uploads drop constraint if exists result_uploads_detected_type_check`,
    `alter table result_uploads add constraint result_uploads_detected_type_check
      check (detected_type in ('pdf', 'png', 'jpeg', 'csv', 'fhir', 'zip'))`,
    `alter table result_uploads drop constraint if exists result_uploads_status_check`,
    `alter table result_uploads add constraint result_uploads_status_check
      check (status in ('received', 'reading', 'needs-columns', 'needs-confirmation', 'read', 'unreadable'))`,
    `alter table result_uploads add column reading_count integer not null default 0`,
    `alter table result_uploads add column collected_at timestamptz`,
    `alter table result_uploads add column progress integer check (progress between 0 and 100)`,
    `alter table result_uploads add column problem text`,
    `alter table result_uploads add column draft jsonb`,
    `alter table result_uploads add column order_id uuid references orders(id) on delete set null`,
    `alter table result_uploads add column subscription_id text references payment_subscriptions(id) on delete set null`,
    `create table result_readings (
      id uuid primary key,
      upload_id uuid not null references result_uploads(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      biomarker_key text,
      loinc text,
      name text not null check (char_length(name) between 1 and 200),
      value double precision,
      value_text text,
      unit text,
      range_low double precision,
      range_high double precision,
      range_text text,
      flag text check (flag in ('normal', 'low', 'high', 'critically-low', 'critically-high', 'abnormal')),
      collected_at timestamptz not null,
      created_at timestamptz not null default now(),
      check (value is not null or value_text is not null)
    )`,
    `create index result_readings_user_idx on result_readings (user_id, biomarker_key, collected_at)`,
    `create index result_readings_upload_idx on result_readings (upload_id)`,
  ]);
}

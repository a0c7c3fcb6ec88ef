import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The lab interface. lab_messages: every message a lab sent, once per control id (a repeat is
// answered and never applied again); one for an unknown or unactivated kit waits there with its
// text for an operator. lab_observations: every value received, a corrected one superseding the
// earlier (kept as history). lab_reports: one per kit, held for a clinician when a value is
// critical, else released into the customer's results. "clinician" is a new role.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table users drop constraint if exists users_role_check`,
    `alter table users add constraint users_role_check
      check (role in ('shopper', 'operator', 'clinician'))`,
    `create table lab_messages (
      id uuid primary key,
      control_id text not null unique check (char_length(control_id) between 1 and 80),
      channel text not null check (channel in ('mllp', 'fhir')),
      kit_code text not null check (char_length(kit_code) between 1 and 40),
      kit_id uuid references kits (id) on delete set null,
      kind text not null check (kind in ('results', 'received', 'rejected')),
      outcome text not null check (outcome in ('applied', 'queued', 'resolved')),
      ack_code text not null check (ack_code in ('AA', 'AE')),
      reason text,
      body text,
      received_at timestamptz not null
    )`,
    `create index lab_messages_queue_idx on lab_messages (received_at) where outcome = 'queued'`,
    `create table lab_observations (
      id bigint generated always as identity primary key,
      message_id uuid not null references lab_messages (id) on delete cascade,
      kit_id uuid not null references kits (id) on delete cascade,
      loinc text not null,
      name text not null,
      value double precision,
      value_text text,
      unit text,
      range_low double precision,
      range_high double precision,
      range_text text,
      flag text check (flag in ('normal', 'low', 'high', 'critically-low', 'critically-high', 'abnormal')),
      status text not null check (status in ('F', 'C', 'P')),
      received_at timestamptz not null,
      superseded_at timestamptz
    )`,
    `create index lab_observations_current_idx on lab_observations (kit_id, loinc)
      where superseded_at is null`,
    `create table lab_reports (
      kit_id uuid primary key references kits (id) on delete cascade,
      kit_code text not null,
      user_id uuid not null references users (id) on delete cascade,
      state text not null check (state in ('held', 'released')),
      upload_id uuid references result_uploads (id) on delete set null,
      collected_at timestamptz,
      held_reason text,
      reviewed_by uuid references users (id) on delete set null,
      reviewed_at timestamptz,
      updated_at timestamptz not null
    )`,
    `create index lab_reports_held_idx on lab_reports (updated_at) where state = 'held'`,
  ]);
}

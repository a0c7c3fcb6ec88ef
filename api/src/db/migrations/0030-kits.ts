import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Kits as records: one row per kit unit of a paid order (unique by order, line and unit, so the
// job that writes them can run again), its printed code, its state and, once activated, the
// person who takes the sample. kit_events is each kit's timeline: every change of state with its
// time and source. Dates of birth and sampling are calendar dates kept as written (text), so no
// time zone ever shifts them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table kits (
      id uuid primary key default gen_random_uuid(),
      code text not null unique check (code ~ '^[0-9A-HJKMNP-TV-Z]{10}[0-9A-HJKMNP-TV-Z*~$=U]$'),
      order_id uuid not null references orders (id),
      order_line_id integer,
      unit integer not null check (unit >= 1),
      replaces_kit_id uuid references kits (id),
      user_id uuid references users (id) on delete set null,
      product_key text,
      title text not null,
      state text not null check (state in ('created', 'shipped', 'delivered', 'activated',
        'sample_sent', 'received', 'resulted', 'released', 'rejected')),
      rejection_reason text check (rejection_reason in ('insufficient', 'haemolysed', 'too_old')),
      activated_by uuid references users (id) on delete set null,
      sample_taker text check (sample_taker in ('self', 'household')),
      subject_name text,
      subject_birth_date text check (subject_birth_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      subject_sex text check (subject_sex in ('female', 'male', 'intersex')),
      sample_taken_on text check (sample_taken_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      consent_lab_test_at timestamptz,
      consent_release_at timestamptz,
      activated_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`,
    // One kit per unit of a line. A replacement has no line (nulls never collide) and its own
    // key: the kit it replaces.
    `create unique index kits_order_unit_idx on kits (order_id, order_line_id, unit)`,
    `create unique index kits_replaces_idx on kits (replaces_kit_id)`,
    `create index kits_user_idx on kits (user_id, created_at)`,
    `create index kits_activated_by_idx on kits (activated_by)`,
    `create table kit_events (
      id bigint generated always as identity primary key,
      kit_id uuid not null references kits (id) on delete cascade,
      from_state text,
      to_state text not null,
      source text not null check (source in ('system', 'operator', 'carrier', 'lab', 'customer')),
      detail jsonb not null default '{}'::jsonb,
      at timestamptz not null
    )`,
    `create index kit_events_kit_idx on kit_events (kit_id, id)`,
  ]);
}

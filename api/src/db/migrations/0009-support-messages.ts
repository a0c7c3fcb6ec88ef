import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Messages visitors leave in the chat widget while no one is online: kept here and mailed to the
// support address through the outbox. Counted per email (and hashed IP) for the per-address limit.
// Discount codes can be one use per customer: each use of such a code is a row, and the unique key
// keeps two racing orders from the same email from both taking it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table support_messages (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      email text not null check (email = lower(btrim(email))),
      message text not null,
      ip_hash text,
      expected_answer_at timestamptz not null,
      created_at timestamptz not null default now()
    )`,
    `create index support_messages_email_idx on support_messages (email, created_at)`,
    `alter table discounts add column once_per_customer boolean not null default false`,
    `create table discount_redemptions (
      code text not null references discounts(code) on delete cascade,
      email text not null check (email = lower(btrim(email))),
      order_id uuid references orders(id) on delete set null,
      created_at timestamptz not null default now(),
      primary key (code, email)
    )`,
  ]);
}

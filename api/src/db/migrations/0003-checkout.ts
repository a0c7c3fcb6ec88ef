import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Checkout: the leads recorded when a shopper types their email (checkout start), and what an
// order shows on its receipt or status page (how it was paid, why a payment failed).
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table checkout_starts (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      country text not null check (country in ('US', 'CA')),
      first_name text not null,
      last_name text not null,
      event_name text not null,
      user_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`,
    `create index checkout_starts_email_idx on checkout_starts (email)`,
    `alter table orders add column payment_label text`,
    `alter table orders add column failure_message text`,
    `alter table orders add column idempotency_key text`,
    `create unique index orders_idempotency_key_idx on orders (kind, idempotency_key)`,
  ]);
}

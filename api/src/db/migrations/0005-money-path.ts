import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Orders and pay-later consents belong to whoever made them: the signed-in user, or the browser
// that holds the buyer cookie (only its hash is stored). Refunds are the provider's own records;
// the charge keeps a running refunded total that can never pass what was charged.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table orders add column buyer_token_hash text`,
    `alter table bnpl_consents add column buyer_token_hash text`,
    `alter table bnpl_consents add column user_id uuid references users(id) on delete set null`,
    `alter table payment_charges add column amount_refunded_cents integer not null default 0 check (amount_refunded_cents >= 0)`,
    `alter table payment_charges add constraint payment_charges_refund_within_amount check (amount_refunded_cents <= amount_cents)`,
    `create table payment_refunds (
      id text primary key,
      charge_id text not null references payment_charges(id),
      amount_cents integer not null check (amount_cents > 0),
      currency text not null,
      reason text,
      idempotency_key text not null unique,
      request_fingerprint text not null,
      created_at timestamptz not null default now()
    )`,
    `create index payment_refunds_charge_idx on payment_refunds (charge_id)`,
  ]);
}

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The shop's own payment records, whichever provider holds the money. An order (or upgrade)
// keeps the id of the provider's PaymentIntent, written before the intent is confirmed, so a
// crash after the provider took the money still leaves a record that reconciliation finishes.
// Provider ids are foreign to our database: they no longer reference the test provider's tables.
// Reconciliation leases the orders it checks (`payment_check_after`) so instances share the work.
// A dispute the provider reports is audited like an operator's action, by the provider.
// Each webhook event id is stored once, in the transaction that applies it, so a repeat changes
// nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table orders drop constraint if exists orders_payment_charge_id_fkey`,
    `alter table upgrades drop constraint if exists upgrades_charge_id_fkey`,
    `alter table orders add column payment_attempts integer not null default 0 check (payment_attempts >= 0)`,
    `alter table orders add column payment_intent_at timestamptz`,
    `alter table orders add column payment_check_after timestamptz`,
    `alter table orders add column refunded_cents integer not null default 0 check (refunded_cents >= 0)`,
    `alter table orders add column disputed_at timestamptz`,
    `create index orders_unsettled_payment_idx on orders (payment_intent_at)
      where status in ('pending', 'requires_action') and payment_charge_id is not null`,
    `create index orders_payment_charge_idx on orders (payment_charge_id)`,
    `alter table operator_audit_log drop constraint operator_audit_log_via_check`,
    `alter table operator_audit_log add constraint operator_audit_log_via_check
      check (via in ('console', 'cli', 'cli-direct', 'provider'))`,
    `create table payment_events (
      id text primary key,
      type text not null,
      received_at timestamptz not null default now()
    )`,
  ]);
}

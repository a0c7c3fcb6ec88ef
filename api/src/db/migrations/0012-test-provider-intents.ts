import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The built-in payment provider works like Stripe: charges are PaymentIntents created first and
// confirmed later (with a client secret only the browser holding it can act with), cards arrive
// as single-use tokens holding no number, cards are saved through setups, and every state change
// writes a signed-later event into an outbox in the same transaction.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table payment_charges drop constraint payment_charges_status_check`,
    `alter table payment_charges add constraint payment_charges_status_check check (status in ('requires_confirmation', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled'))`,
    `alter table payment_charges add column client_secret text unique`,
    `alter table payment_charges add column next_action text check (next_action in ('challenge', 'redirect'))`,
    `alter table payment_charges add column return_url text`,
    `alter table payment_charges add column save_for_future boolean not null default false`,

    `alter table payment_methods add column type text not null default 'card' check (type in ('card', 'bnpl'))`,
    `alter table payment_methods alter column last4 drop not null`,
    `alter table payment_methods alter column exp_month drop not null`,
    `alter table payment_methods alter column exp_year drop not null`,
    `alter table payment_methods add constraint payment_methods_card_details check (type = 'bnpl' or (last4 is not null and exp_month is not null and exp_year is not null))`,

    `create table payment_tokens (
      id text primary key,
      type text not null check (type in ('card', 'bnpl')),
      brand text not null,
      last4 text check (last4 ~ '^[0-9]{4}$'),
      exp_month integer check (exp_month between 1 and 12),
      exp_year integer,
      test_behaviour text not null check (test_behaviour in ('succeed', 'decline', 'insufficient_funds', 'require_action')),
      created_at timestamptz not null default now(),
      used_at timestamptz
    )`,

    `create table payment_setups (
      id text primary key,
      customer_id text not null references payment_customers(id),
      payment_method_id text references payment_methods(id),
      status text not null check (status in ('requires_action', 'succeeded', 'failed', 'canceled')),
      client_secret text not null unique,
      failure_code text,
      failure_message text,
      return_url text not null,
      idempotency_key text not null unique,
      request_fingerprint text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create index payment_setups_customer_idx on payment_setups (customer_id)`,

    `create table payment_idempotency_keys (
      key text primary key,
      request_fingerprint text not null,
      object_id text not null,
      created_at timestamptz not null default now()
    )`,

    `create table payment_provider_events (
      id text primary key,
      seq bigint generated always as identity unique,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      delivered_at timestamptz,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_error text
    )`,
    `create index payment_provider_events_due_idx on payment_provider_events (next_attempt_at) where delivered_at is null`,
  ]);
}

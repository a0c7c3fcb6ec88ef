import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A subscription is the shop's own record, whichever provider takes the money: it belongs to a
// user, starts from the order that bought it, and carries what the subscriber changed (cancel at
// the period's end, a pause, a skipped cycle) and how a failed renewal is being recovered. With
// Stripe Billing running the cycle the row names Stripe's subscription, so the provider's ids are
// no longer the built-in provider's own rows. A change of interval moves the anchor to the next
// renewal: cycle c then ends (c - anchor_cycle + 1) intervals after billing_anchor.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table payment_subscriptions drop constraint if exists payment_subscriptions_customer_id_fkey`,
    `alter table payment_subscriptions drop constraint if exists payment_subscriptions_payment_method_id_fkey`,
    `alter table payment_subscriptions drop constraint if exists payment_subscriptions_status_check`,
    `alter table payment_subscriptions add constraint payment_subscriptions_status_check
      check (status in ('active', 'past_due', 'paused', 'canceled', 'incomplete'))`,
    `alter table payment_subscriptions
      add column user_id uuid references users(id),
      add column origin_order_id uuid references orders(id),
      add column provider text not null default 'test' check (provider in ('test', 'stripe')),
      add column provider_subscription_id text unique,
      add column cancel_at_period_end boolean not null default false,
      add column cancel_reason text,
      add column cancel_requested_at timestamptz,
      add column paused_until timestamptz,
      add column skipped_cycle integer check (skipped_cycle > 0),
      add column failed_attempts integer not null default 0 check (failed_attempts >= 0),
      add column next_retry_at timestamptz,
      add column updated_at timestamptz not null default now(),
      add column anchor_cycle integer not null default 0 check (anchor_cycle >= 0)`,
    `update payment_subscriptions s set user_id = c.user_id
      from payment_customers c where c.id = s.customer_id`,
    `create unique index payment_subscriptions_origin_idx
      on payment_subscriptions (origin_order_id, price_id) where origin_order_id is not null`,
    `create index payment_subscriptions_user_idx on payment_subscriptions (user_id)`,
    `create index payment_subscriptions_retry_idx on payment_subscriptions (next_retry_at)
      where status = 'past_due'`,
    `create index payment_subscriptions_paused_idx on payment_subscriptions (paused_until)
      where status = 'paused'`,
    // A declined cycle is tried again under a new attempt number: each try has its own keys.
    `alter table subscription_renewals
      add column attempt integer not null default 1 check (attempt > 0),
      add column hard_decline boolean not null default false`,
    `alter table subscription_renewals drop constraint if exists subscription_renewals_status_check`,
    `alter table subscription_renewals add constraint subscription_renewals_status_check
      check (status in ('pending', 'succeeded', 'failed', 'skipped'))`,
    // Every change to a subscription, by whom: the account's history and the operator's log.
    `create table subscription_changes (
      id bigserial primary key,
      subscription_id text not null references payment_subscriptions(id),
      actor text not null check (actor in ('subscriber', 'operator', 'system')),
      action text not null,
      detail jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    )`,
    `create index subscription_changes_subscription_idx
      on subscription_changes (subscription_id, created_at)`,
    // Each notice is mailed once per subscription and occasion (a cycle, a year).
    `create table subscription_notices (
      subscription_id text not null references payment_subscriptions(id),
      kind text not null,
      occasion text not null,
      sent_at timestamptz not null default now(),
      primary key (subscription_id, kind, occasion)
    )`,
    // What the subscriber agreed to at checkout, word for word, kept with the order.
    `create table subscription_consents (
      id bigserial primary key,
      order_id uuid not null references orders(id),
      user_id uuid references users(id),
      email text not null,
      terms_version text not null,
      terms_text text not null,
      accepted_at timestamptz not null,
      created_at timestamptz not null default now(),
      unique (order_id)
    )`,
    // Settings the operator changes while the shop runs (how dunning ends, notice lead times).
    `create table shop_settings (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null default now()
    )`,
  ]);
}

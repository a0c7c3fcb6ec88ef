import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Renewals of the built-in provider's subscriptions. One ledger row per subscription and cycle,
// written before the card is charged: the provider's idempotency keys are derived from it, so a
// retried job or a second instance never charges a cycle twice. The subscription keeps the anchor
// its periods are counted from and how many cycles it has renewed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table payment_subscriptions
      add column billing_anchor timestamptz,
      add column renewed_cycles integer not null default 0 check (renewed_cycles >= 0)`,
    `update payment_subscriptions set billing_anchor = current_period_start`,
    `alter table payment_subscriptions alter column billing_anchor set not null`,
    `create index payment_subscriptions_due_idx on payment_subscriptions (current_period_end)
      where status = 'active'`,
    `create table subscription_renewals (
      id bigserial primary key,
      subscription_id text not null references payment_subscriptions(id),
      cycle integer not null check (cycle > 0),
      period_start timestamptz not null,
      period_end timestamptz not null,
      amount_cents integer not null check (amount_cents >= 0),
      currency text not null,
      status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
      charge_id text,
      order_id uuid references orders(id),
      failure_code text,
      failure_message text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (subscription_id, cycle)
    )`,
  ]);
}

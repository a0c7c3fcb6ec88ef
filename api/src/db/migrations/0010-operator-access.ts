import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Operators are users with a role: one account table, one log-in, one session check. Every
// operator action leaves a row in the audit log (who, what, when, before and after). Refunds an
// operator issues are rows of their own: the idempotency key makes a repeated click the same
// refund, and the order row is locked while the rest to refund is worked out.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table users add column role text not null default 'shopper' check (role in ('shopper', 'operator'))`,
    `create table operator_audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      actor_user_id uuid references users(id) on delete set null,
      actor text not null,
      via text not null check (via in ('console', 'cli', 'cli-direct')),
      action text not null,
      target text not null,
      before jsonb,
      after jsonb,
      request_id text
    )`,
    `create index operator_audit_log_at_idx on operator_audit_log (at desc, id desc)`,
    `create table order_refunds (
      id uuid primary key default gen_random_uuid(),
      order_id uuid not null references orders(id),
      order_line_id integer references order_lines(id),
      charge_id text not null,
      amount_cents integer not null check (amount_cents > 0),
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      provider_refund_id text,
      idempotency_key text not null,
      reason text,
      failure_message text,
      actor text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (idempotency_key, charge_id)
    )`,
    `create index order_refunds_order_idx on order_refunds (order_id)`,
  ]);
}

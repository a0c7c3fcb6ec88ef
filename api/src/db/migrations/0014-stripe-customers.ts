import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Which Stripe Customer is which shopper, looked up on every checkout without a call to Stripe.
// Test-mode and live-mode customers are separate objects, so a shop moving from test keys to
// live keys gets a new customer per shopper instead of ids the live account does not know.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table stripe_customers (
      user_id uuid not null references users(id) on delete cascade,
      livemode boolean not null,
      customer_id text not null unique check (customer_id ~ '^cus_'),
      email text not null,
      created_at timestamptz not null default now(),
      primary key (user_id, livemode)
    )`,
  ]);
}

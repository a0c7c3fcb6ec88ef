import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Stripe test clocks the shop made, one per test-mode customer, so moving the shop clock moves
// Stripe's time for those customers too. Test mode only: live keys never create one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table stripe_test_clocks (
      id text primary key check (id ~ '^clock_'),
      customer_id text unique,
      frozen_time timestamptz not null,
      created_at timestamptz not null default now()
    )`,
    `create index stripe_test_clocks_frozen_idx on stripe_test_clocks (frozen_time)`,
  ]);
}

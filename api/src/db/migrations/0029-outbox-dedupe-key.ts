import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A mail that must go once per subject (an order's receipt, a refund) carries a key; a second
// insert with the same key is dropped, so a job that runs again after a crash sends nothing twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table outbox add column dedupe_key text`,
    `create unique index outbox_dedupe_key_idx on outbox (dedupe_key)`,
  ]);
}

import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The test provider's delivery pass looks for processing (approved pay-later) intents before
// every batch of events; a partial index keeps that look from scanning every charge ever made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index payment_charges_processing_idx on payment_charges (created_at) where status = 'processing'`,
  ]);
}

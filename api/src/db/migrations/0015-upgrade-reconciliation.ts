import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// An upgrade's charge is finished by reconciliation like an order's: the time its current
// attempt's intent was written (cleared once the attempt is settled) and a lease, so instances
// running the job share the upgrades and a crash mid-run only delays one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table upgrades add column payment_intent_at timestamptz`,
    `alter table upgrades add column payment_check_after timestamptz`,
    `create index upgrades_unsettled_payment_idx on upgrades (payment_intent_at)
      where status = 'pending' and payment_intent_at is not null`,
  ]);
}

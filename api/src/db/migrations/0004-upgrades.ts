import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Post-purchase upgrades: at most one of each type per order, a retry counter so a declined
// charge can be tried again under a fresh provider idempotency key, and the order line each
// completed upgrade adds to its order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table upgrades add column attempts integer not null default 0 check (attempts >= 0)`,
    `alter table upgrades add column failure_message text`,
    `create unique index upgrades_order_type_idx on upgrades (order_id, type)`,
    `alter table order_lines add column upgrade_id uuid unique references upgrades(id)`,
  ]);
}

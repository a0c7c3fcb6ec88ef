import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A declined renewal is retried on a schedule counted from its first decline, so the ledger row
// keeps when that was. And the built-in provider gains a card its bank reports stolen: a hard
// decline, after which nothing is tried again automatically.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table subscription_renewals add column first_failed_at timestamptz`,
    `alter table payment_methods drop constraint if exists payment_methods_test_behaviour_check`,
    `alter table payment_methods add constraint payment_methods_test_behaviour_check
      check (test_behaviour in ('succeed', 'decline', 'insufficient_funds', 'require_action', 'stolen_card'))`,
    `alter table payment_tokens drop constraint if exists payment_tokens_test_behaviour_check`,
    `alter table payment_tokens add constraint payment_tokens_test_behaviour_check
      check (test_behaviour in ('succeed', 'decline', 'insufficient_funds', 'require_action', 'stolen_card'))`,
  ]);
}

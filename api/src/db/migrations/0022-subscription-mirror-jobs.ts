import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// A subscription's changes are mirrored to Stripe in the order they were made: each mirror job
// looks for an unfinished earlier one of the same subscription, found here without a scan.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index jobs_unfinished_mirror_idx on jobs ((payload ->> 'subscriptionId'), id)
      where kind = 'subscription.mirror' and status <> 'completed'`,
  ]);
}

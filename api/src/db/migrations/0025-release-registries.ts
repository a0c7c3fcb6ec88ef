import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The registry document of an environment when releases live in an object store: one row per
// environment, changed only by compare-and-set on `revision`, so every instance sees one
// registry and two deploys at once never lose either change.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table release_registries (
      environment text primary key,
      document text not null,
      revision integer not null,
      updated_at timestamptz not null default now()
    )`,
  ]);
}

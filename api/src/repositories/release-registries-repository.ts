import { sql } from 'kysely';
import type { Executor } from '../db/schema';

export interface RegistryRow {
  document: string;
  revision: number;
}

export async function findRegistryRow(
  db: Executor,
  environment: string,
): Promise<RegistryRow | null> {
  const row = await db
    .selectFrom('release_registries')
    .select(['document', 'revision'])
    .where('environment', '=', environment)
    .executeTakeFirst();
  return row ?? null;
}

export async function registryRevision(db: Executor, environment: string): Promise<number | null> {
  const row = await db
    .selectFrom('release_registries')
    .select('revision')
    .where('environment', '=', environment)
    .executeTakeFirst();
  return row?.revision ?? null;
}

/**
 * Writes `document` as revision `expected + 1` only if the row is still at `expected` (null: only
 * if there is no row yet). False when another writer got there first: read again and retry.
 */
export async function compareAndSetRegistry(
  db: Executor,
  environment: string,
  expected: number | null,
  document: string,
): Promise<boolean> {
  if (expected === null) {
    const inserted = await db
      .insertInto('release_registries')
      .values({ environment, document, revision: 1 })
      .onConflict((oc) => oc.column('environment').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
  }
  const updated = await db
    .updateTable('release_registries')
    .set({ document, revision: expected + 1, updated_at: sql<Date>`now()` })
    .where('environment', '=', environment)
    .where('revision', '=', expected)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

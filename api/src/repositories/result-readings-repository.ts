import type { Insertable } from 'kysely';
import type { Executor, ResultReadingRow, ResultReadingsTable } from '../db/schema';

export type NewResultReading = Omit<
  Insertable<ResultReadingsTable>,
  'created_at' | 'collected_at'
> & {
  collected_at: Date;
};

// Rows per insert: well under PostgreSQL's 65,535 bind parameters at 14 columns a row.
const INSERT_BATCH = 1_000;

/**
 * Replaces an upload's readings with `readings` (run it in the transaction that also sets the
 * upload's status, so a re-read never leaves both the old and the new readings).
 */
export async function replaceUploadReadings(
  db: Executor,
  uploadId: string,
  readings: readonly NewResultReading[],
): Promise<void> {
  await db.deleteFrom('result_readings').where('upload_id', '=', uploadId).execute();
  for (let start = 0; start < readings.length; start += INSERT_BATCH)
    await db
      .insertInto('result_readings')
      .values(readings.slice(start, start + INSERT_BATCH))
      .execute();
}

/** One owner's readings, oldest collection first. */
export async function listOwnReadings(db: Executor, userId: string): Promise<ResultReadingRow[]> {
  return db
    .selectFrom('result_readings')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('collected_at')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The readings of one upload the owner holds. */
export async function listUploadReadings(
  db: Executor,
  userId: string,
  uploadId: string,
): Promise<ResultReadingRow[]> {
  return db
    .selectFrom('result_readings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('upload_id', '=', uploadId)
    .orderBy('collected_at')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

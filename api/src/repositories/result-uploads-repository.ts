import type { Executor, ResultUploadRow, ResultUploadsTable } from '../db/schema';
import { toCount } from '../lib/count';

export interface NewResultUpload {
  id: string;
  userId: string;
  fileName: string;
  sizeBytes: number;
  detectedType: ResultUploadsTable['detected_type'];
  sha256: string;
}

export async function insertResultUpload(
  db: Executor,
  input: NewResultUpload,
): Promise<ResultUploadRow> {
  return db
    .insertInto('result_uploads')
    .values({
      id: input.id,
      user_id: input.userId,
      file_name: input.fileName,
      size_bytes: input.sizeBytes,
      detected_type: input.detectedType,
      sha256: input.sha256,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One user's uploads, newest first. */
export async function listResultUploads(db: Executor, userId: string): Promise<ResultUploadRow[]> {
  return db
    .selectFrom('result_uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countResultUploads(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('result_uploads')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return toCount(row?.count as string | number | undefined);
}

/** The upload when `userId` owns it; another user's id reads exactly like a missing one. */
export async function findOwnResultUpload(
  db: Executor,
  userId: string,
  id: string,
): Promise<ResultUploadRow | null> {
  const row = await db
    .selectFrom('result_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes the row when `userId` owns it; returns whether it did. */
export async function deleteOwnResultUpload(
  db: Executor,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('result_uploads')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

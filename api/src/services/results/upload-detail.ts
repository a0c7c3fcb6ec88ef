// One upload as its owner sees it: its state, what still needs them, and its readings.
import type { ResultUploadDetail } from '@shop/shared/contract/results';
import type { Executor, ResultUploadRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { listUploadReadings } from '../../repositories/result-readings-repository';
import { findOwnResultUpload } from '../../repositories/result-uploads-repository';
import { toResultUpload } from './result-uploads';
import { toResultReading } from './store-readings';

// A stranger's id and an unknown id get the same answer, so ids reveal nothing.
export const UPLOAD_NOT_FOUND = 'Upload not found';

export async function describeUpload(
  db: Executor,
  row: ResultUploadRow,
): Promise<ResultUploadDetail> {
  const readings = await listUploadReadings(db, row.user_id, row.id);
  return {
    upload: toResultUpload(row),
    draft: row.draft,
    readings: readings.map(toResultReading),
  };
}

export async function loadUploadDetail(
  db: Executor,
  userId: string,
  id: string,
): Promise<ResultUploadDetail> {
  const row = await findOwnResultUpload(db, userId, id);
  if (!row) throw notFound(UPLOAD_NOT_FOUND);
  return describeUpload(db, row);
}

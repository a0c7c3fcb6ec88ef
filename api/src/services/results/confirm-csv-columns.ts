// The customer's CSV column mapping turns a CSV upload into readings. Rows that do not parse are
// counted and named in the answer, never dropped in silence; no parsed row at all is a 422.
import type { ConfirmCsvColumnsBody, ConfirmCsvColumnsResult } from '@shop/shared/contract/results';
import { replaceForbiddenCharacters } from '@shop/shared/contract/text';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { lockOwnResultUpload } from '../../repositories/result-uploads-repository';
import { applyCsvMapping, readCsvTable } from './readers/csv-reader';
import { readStoredBytes } from './stored-bytes';
import { storeReadings, toNewReading } from './store-readings';
import { describeUpload, UPLOAD_NOT_FOUND } from './upload-detail';
import type { UploadStore } from './upload-store';

/** The skipped rows named in the answer; all of them are counted. */
const SHOWN_SKIPPED_ROWS = 50;

export function notWaitingFor(what: string) {
  return new AppError(409, 'CONFLICT', `This upload is not waiting for ${what}.`);
}

export async function confirmCsvColumns(
  deps: { db: Database; uploadStore: UploadStore },
  userId: string,
  id: string,
  body: ConfirmCsvColumnsBody,
): Promise<ConfirmCsvColumnsResult> {
  if (body.mapping.date === null && body.collectedOn === null)
    throw badRequest('Enter the collection date, or choose the column that holds it.', {
      collectedOn: 'Enter the collection date.',
    });
  return deps.db.transaction().execute(async (trx) => {
    const upload = await lockOwnResultUpload(trx, userId, id);
    if (!upload) throw notFound(UPLOAD_NOT_FOUND);
    if (upload.status !== 'needs-columns' || upload.detected_type !== 'csv')
      throw notWaitingFor('its columns');
    const bytes = await readStoredBytes(deps.uploadStore, upload.id);
    if (!bytes) throw notFound(UPLOAD_NOT_FOUND);
    const outcome = applyCsvMapping(readCsvTable(new TextDecoder('utf-8').decode(bytes)), {
      mapping: body.mapping,
      hasHeader: body.hasHeader,
      collectedOn: body.collectedOn,
    });
    const skipped = outcome.problems.map((problem, index) => ({
      row: Number(/\d+/.exec(problem.where)?.[0] ?? index + 1),
      reason: [...replaceForbiddenCharacters(problem.message)].slice(0, 200).join(''),
    }));
    if (outcome.readings.length === 0) {
      const message = `No row could be read with these columns (${skipped.length} tried). Check which column holds the analyte and which the value.`;
      throw new AppError(422, 'VALIDATION_ERROR', message, { mapping: message });
    }
    const fallback = new Date(upload.created_at);
    const read = await storeReadings(
      trx,
      upload,
      outcome.readings.map((reading) => toNewReading(upload, reading, fallback)),
    );
    return {
      ...(await describeUpload(trx, read)),
      skippedCount: skipped.length,
      skipped: skipped.slice(0, SHOWN_SKIPPED_ROWS),
    };
  });
}

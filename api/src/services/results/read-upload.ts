// Reading an uploaded report. Cheap structural checks run in the request and refuse a hostile
// file with a 4xx before anything is stored. A small FHIR file is read in the request; a small CSV
// waits for the customer's columns; a photo waits for typed values; everything bigger, every zip
// and every PDF is read by a `results.read` job that reports its progress on the upload.
import type { ResultUploadType } from '@shop/shared/contract/result-uploads';
import type { ResultUploadDraft } from '@shop/shared/contract/results';
import { z } from 'zod';
import type { Database, Executor, ResultUploadRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  findResultUpload,
  lockOwnResultUpload,
  markStillReadingUnreadable,
  updateResultUploadState,
} from '../../repositories/result-uploads-repository';
import { defineJobKind, type JobQueue } from '../jobs/job-queue';
import { parseJsonWithinLimits } from './readers/json-limits';
import { isFhirReport, readFhirResource } from './readers/fhir-reader';
import { csvDraft, readCsvTable } from './readers/csv-reader';
import { checkPdfSafety, readPdfDocument } from './readers/pdf-reader';
import { checkZipLimits, readZipArchive } from './readers/zip-reader';
import type { ParsedReading } from './readers/parsed-reading';
import { storeReadings, toNewReading } from './store-readings';
import { readStoredBytes } from './stored-bytes';
import type { UploadStore } from './upload-store';

/** FHIR and CSV files up to this size are read in the request; bigger ones by a job. */
export const INLINE_READ_MAX_BYTES = 1024 * 1024;

export const readUploadJob = defineJobKind({
  name: 'results.read',
  payload: z.object({ uploadId: z.uuid() }),
  maxAttempts: 3,
  backoff: { baseMs: 5_000, maxMs: 60_000 },
});

const unprocessable = (message: string) =>
  new AppError(422, 'VALIDATION_ERROR', message, { file: message });

/** What happens to a file once it has passed the checks. */
export type ReadPlan =
  | { kind: 'readings'; readings: ParsedReading[] }
  | { kind: 'draft'; status: 'needs-columns' | 'needs-confirmation'; draft: ResultUploadDraft }
  | { kind: 'job' };

const PHOTO_DRAFT: ResultUploadDraft = {
  kind: 'document',
  suggestions: [],
  suggestedCollectedOn: null,
  hasText: false,
};

const decodeText = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

const NOT_FHIR_MESSAGE =
  'This JSON file is not a FHIR R4 Bundle, DiagnosticReport or Observation. Upload the FHIR export of your lab results.';

/** The readings of a FHIR file, after the nesting and size checks; every refusal is a 4xx. */
function readFhirBytes(bytes: Uint8Array): ParsedReading[] {
  const json = parseJsonWithinLimits(decodeText(bytes));
  if (!isFhirReport(json))
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', NOT_FHIR_MESSAGE, { file: NOT_FHIR_MESSAGE });
  const read = readFhirResource(json);
  if (read.readings.length === 0)
    throw unprocessable(
      `This FHIR file holds no lab result with a value. ${read.problems[0]?.message ?? ''}`.trim(),
    );
  return read.readings;
}

const csvDraftOf = (bytes: Uint8Array): ResultUploadDraft =>
  csvDraft(readCsvTable(decodeText(bytes)));

/**
 * Checks a file in the request and says how it will be read. Throws a 4xx for a hostile or
 * malformed file (deep or huge JSON, a file that is not FHIR R4, a zip bomb, a PDF with scripts).
 */
export function planRead(bytes: Uint8Array, type: ResultUploadType): ReadPlan {
  switch (type) {
    case 'fhir': {
      const readings = readFhirBytes(bytes);
      return bytes.length <= INLINE_READ_MAX_BYTES
        ? { kind: 'readings', readings }
        : { kind: 'job' };
    }
    case 'csv':
      return bytes.length <= INLINE_READ_MAX_BYTES
        ? { kind: 'draft', status: 'needs-columns', draft: csvDraftOf(bytes) }
        : { kind: 'job' };
    case 'zip':
      checkZipLimits(bytes);
      return { kind: 'job' };
    case 'pdf':
      checkPdfSafety(bytes);
      return { kind: 'job' };
    case 'png':
    case 'jpeg':
      return { kind: 'draft', status: 'needs-confirmation', draft: PHOTO_DRAFT };
  }
}

/** Applies a plan to a freshly inserted upload, inside the transaction that inserted it. */
export async function applyReadPlan(
  trx: Executor,
  jobs: JobQueue,
  upload: ResultUploadRow,
  plan: ReadPlan,
): Promise<ResultUploadRow> {
  if (plan.kind === 'readings') {
    const at = new Date(upload.created_at);
    return storeReadings(
      trx,
      upload,
      plan.readings.map((reading) => toNewReading(upload, reading, at)),
    );
  }
  if (plan.kind === 'draft')
    return (
      (await updateResultUploadState(trx, upload.id, {
        status: plan.status,
        draft: JSON.stringify(plan.draft),
      })) ?? upload
    );
  await jobs.enqueue(
    trx,
    readUploadJob,
    { uploadId: upload.id },
    { key: `results.read:${upload.id}` },
  );
  return (
    (await updateResultUploadState(trx, upload.id, { status: 'reading', progress: 0 })) ?? upload
  );
}

export interface ReadJobDeps {
  db: Database;
  uploadStore: UploadStore;
}

/** What the job found: readings to store, a draft for the customer, or what was expected. */
async function readInJob(
  bytes: Uint8Array,
  type: ResultUploadType,
  onProgress: (percent: number) => Promise<void>,
): Promise<Exclude<ReadPlan, { kind: 'job' }> | { kind: 'unreadable'; problem: string }> {
  try {
    switch (type) {
      case 'fhir':
        return { kind: 'readings', readings: readFhirBytes(bytes) };
      case 'csv':
        return { kind: 'draft', status: 'needs-columns', draft: csvDraftOf(bytes) };
      case 'zip': {
        const read = await readZipArchive(bytes, { onProgress });
        if (read.readings.length === 0)
          return {
            kind: 'unreadable',
            problem:
              `No lab result with a value was found in this zip. ${read.problems[0]?.message ?? ''}`.trim(),
          };
        return { kind: 'readings', readings: read.readings };
      }
      case 'pdf':
        return { kind: 'draft', status: 'needs-confirmation', draft: await readPdfDocument(bytes) };
      case 'png':
      case 'jpeg':
        return { kind: 'draft', status: 'needs-confirmation', draft: PHOTO_DRAFT };
    }
  } catch (error) {
    if (error instanceof AppError) return { kind: 'unreadable', problem: error.message };
    throw error;
  }
}

/**
 * Reads one upload that is `reading`. Idempotent: an upload in any other state is left alone,
 * and the readings and the new state are written in one transaction (a re-run replaces them).
 */
export async function readStoredUpload(deps: ReadJobDeps, uploadId: string): Promise<void> {
  const upload = await findResultUpload(deps.db, uploadId);
  if (!upload || upload.status !== 'reading') return;
  const bytes = await readStoredBytes(deps.uploadStore, upload.id);
  if (!bytes) {
    await updateResultUploadState(deps.db, upload.id, {
      status: 'unreadable',
      progress: null,
      problem: 'The file could not be found. Please upload it again.',
    });
    return;
  }
  const progress = async (percent: number) => {
    await updateResultUploadState(deps.db, upload.id, { progress: Math.round(percent) });
  };
  await progress(10);
  // Reading takes the progress from 10 to 80; storing the readings the rest.
  const outcome = await readInJob(bytes, upload.detected_type, (percent) =>
    progress(10 + percent * 0.7),
  );
  await progress(80);
  await deps.db.transaction().execute(async (trx) => {
    // Still reading (not deleted, not finished by an earlier run) when the result is written.
    const current = await lockOwnResultUpload(trx, upload.user_id, upload.id);
    if (!current || current.status !== 'reading') return;
    if (outcome.kind === 'readings') {
      const at = new Date(upload.created_at);
      await storeReadings(
        trx,
        current,
        outcome.readings.map((reading) => toNewReading(current, reading, at)),
      );
    } else if (outcome.kind === 'draft')
      await updateResultUploadState(trx, upload.id, {
        status: outcome.status,
        progress: 100,
        draft: JSON.stringify(outcome.draft),
      });
    else
      await updateResultUploadState(trx, upload.id, {
        status: 'unreadable',
        progress: null,
        problem: outcome.problem,
      });
  });
}

export const READ_FAILED_PROBLEM =
  'This file could not be read. Please upload it again, or export your results in another format.';

/**
 * Registers the reading job's handler. When its last attempt fails the upload says so
 * (`unreadable`), rather than showing a progress that never ends.
 */
export function handleResultReads(jobs: JobQueue, deps: ReadJobDeps): void {
  jobs.handle(readUploadJob, async ({ uploadId }, context) => {
    try {
      await readStoredUpload(deps, uploadId);
    } catch (error) {
      if (context.attempt >= context.maxAttempts)
        await markStillReadingUnreadable(deps.db, uploadId, READ_FAILED_PROBLEM);
      throw error;
    }
  });
}

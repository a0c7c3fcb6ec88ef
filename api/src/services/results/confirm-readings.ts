// Values the customer confirmed or typed from a PDF or a photo. Nothing read from a document
// counts before this: the suggestions stay a draft until the customer sends them here.
import type {
  ConfirmReadingsBody,
  ResultUploadDetail,
  TypedReading,
} from '@shop/shared/contract/results';
import { BIOMARKERS } from '@shop/shared/results/biomarkers';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { lockOwnResultUpload } from '../../repositories/result-uploads-repository';
import { notWaitingFor } from './confirm-csv-columns';
import type { ParsedReading } from './readers/parsed-reading';
import { storeReadings, toNewReading } from './store-readings';
import { describeUpload, UPLOAD_NOT_FOUND } from './upload-detail';

const KNOWN_KEYS = new Set(BIOMARKERS.map((biomarker) => biomarker.key));
// "5.4", "5,4", "-1.2", "1e3" are numbers; "negative", "<0.5" and "5.4 H" are kept as text.
const NUMBER = /^[-+]?(\d+([.,]\d+)?|[.,]\d+)([eE][-+]?\d+)?$/;

/** A typed value: a number when it reads as one (a decimal comma is fine), else the text. */
export function typedValue(value: string): { value: number | null; valueText: string | null } {
  const trimmed = value.trim();
  if (NUMBER.test(trimmed)) {
    const number = Number(trimmed.replace(',', '.'));
    if (Number.isFinite(number)) return { value: number, valueText: null };
  }
  return { value: null, valueText: trimmed };
}

function toParsed(
  typed: TypedReading,
  collectedAt: string,
): ParsedReading & { biomarkerKey: string | null } {
  const hasRange = typed.low !== null || typed.high !== null || typed.rangeText !== null;
  return {
    name: typed.name,
    biomarkerKey:
      typed.biomarkerKey !== null && KNOWN_KEYS.has(typed.biomarkerKey) ? typed.biomarkerKey : null,
    loinc: null,
    ...typedValue(typed.value),
    unit: typed.unit || null,
    range: hasRange ? { low: typed.low, high: typed.high, text: typed.rangeText || null } : null,
    flag: typed.flag,
    collectedAt,
  };
}

export async function confirmReadings(
  db: Database,
  userId: string,
  id: string,
  body: ConfirmReadingsBody,
): Promise<ResultUploadDetail> {
  const collectedAt = new Date(`${body.collectedOn}T00:00:00.000Z`);
  if (
    Number.isNaN(collectedAt.getTime()) ||
    collectedAt.toISOString().slice(0, 10) !== body.collectedOn
  )
    throw badRequest('Enter a real date.', { collectedOn: 'Enter a real date.' });
  return db.transaction().execute(async (trx) => {
    const upload = await lockOwnResultUpload(trx, userId, id);
    if (!upload) throw notFound(UPLOAD_NOT_FOUND);
    if (upload.status !== 'needs-confirmation') throw notWaitingFor('confirmed values');
    const row = await storeReadings(
      trx,
      upload,
      body.readings.map((typed) =>
        toNewReading(upload, toParsed(typed, collectedAt.toISOString()), collectedAt),
      ),
    );
    return describeUpload(trx, row);
  });
}

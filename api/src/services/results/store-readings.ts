// Turning what a reader found (or what the customer typed) into stored readings, and the upload
// into `read`, in one transaction: a re-read replaces the upload's readings, never adds to them.
import { randomUUID } from 'node:crypto';
import type { ResultReading } from '@shop/shared/contract/results';
import { replaceForbiddenCharacters } from '@shop/shared/contract/text';
import { matchBiomarker } from '@shop/shared/results/units';
import type { Executor, ResultReadingRow, ResultUploadRow } from '../../db/schema';
import {
  replaceUploadReadings,
  type NewResultReading,
} from '../../repositories/result-readings-repository';
import {
  findKitOrderBefore,
  updateResultUploadState,
} from '../../repositories/result-uploads-repository';
import type { ParsedReading } from './readers/parsed-reading';

const MAX_NAME = 200;
const MAX_TEXT = 200;

// Text from a file is shown back as it is: cleaned of characters the contract refuses, and cut.
const cut = (text: string | null, length: number) =>
  text === null ? null : [...replaceForbiddenCharacters(text)].slice(0, length).join('');

const dateOrNull = (iso: string | null) => {
  const date = iso === null ? null : new Date(iso);
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/** The stored row of one reading; a reading without its own date takes `fallbackDate`. */
export function toNewReading(
  upload: Pick<ResultUploadRow, 'id' | 'user_id'>,
  reading: ParsedReading & { biomarkerKey?: string | null },
  fallbackDate: Date,
): NewResultReading {
  const name = cut(reading.name.trim(), MAX_NAME) || 'Unnamed';
  const value = reading.value !== null && Number.isFinite(reading.value) ? reading.value : null;
  return {
    id: randomUUID(),
    upload_id: upload.id,
    user_id: upload.user_id,
    biomarker_key:
      reading.biomarkerKey ?? matchBiomarker({ loinc: reading.loinc, name })?.key ?? null,
    loinc: cut(reading.loinc, 20),
    name,
    value,
    // The table needs a value: a reading with neither keeps an empty text.
    value_text: value === null ? (cut(reading.valueText, MAX_TEXT) ?? '') : null,
    unit: cut(reading.unit, 40),
    range_low: reading.range?.low ?? null,
    range_high: reading.range?.high ?? null,
    range_text: cut(reading.range?.text ?? null, MAX_TEXT),
    flag: reading.flag,
    collected_at: dateOrNull(reading.collectedAt) ?? fallbackDate,
  };
}

/** Stores the readings and marks the upload read, tied to the kit order it most likely came from. */
export async function storeReadings(
  trx: Executor,
  upload: ResultUploadRow,
  readings: readonly NewResultReading[],
): Promise<ResultUploadRow> {
  await replaceUploadReadings(trx, upload.id, readings);
  const latest = readings.reduce<Date | null>((found, reading) => {
    const at = reading.collected_at;
    return found && found >= at ? found : at;
  }, null);
  const match = latest ? await findKitOrderBefore(trx, upload.user_id, latest) : null;
  const row = await updateResultUploadState(trx, upload.id, {
    status: 'read',
    progress: 100,
    problem: null,
    draft: null,
    reading_count: readings.length,
    collected_at: latest,
    order_id: match?.orderId ?? null,
    subscription_id: match?.subscriptionId ?? null,
  });
  if (!row) throw new Error(`The upload ${upload.id} went away while it was read`);
  return row;
}

export function toResultReading(row: ResultReadingRow): ResultReading {
  const hasRange = row.range_low !== null || row.range_high !== null || row.range_text !== null;
  return {
    id: row.id,
    uploadId: row.upload_id,
    biomarkerKey: row.biomarker_key,
    loinc: row.loinc,
    name: row.name,
    value: row.value,
    valueText: row.value_text,
    unit: row.unit,
    range: hasRange ? { low: row.range_low, high: row.range_high, text: row.range_text } : null,
    flag: row.flag,
    collectedAt: new Date(row.collected_at).toISOString(),
  };
}

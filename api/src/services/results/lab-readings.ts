// Results from the shop's own lab land in the same readings as uploaded reports: one upload per
// kit, named as the lab's, holding a FHIR bundle of the values (what a download gives). A new
// version (a correction) is a new upload that replaces the kit's previous one in one transaction.
import { createHash, randomUUID } from 'node:crypto';
import { PRODUCT_NAME } from '@shop/shared/rules/product-name';
import type { Executor, ResultReadingRow } from '../../db/schema';
import {
  deleteOwnResultUpload,
  insertResultUpload,
} from '../../repositories/result-uploads-repository';
import type { ParsedReading } from './readers/parsed-reading';
import { readingsBundle } from './results-export';
import { storeReadings, toNewReading } from './store-readings';
import type { UploadStore } from './upload-store';

export interface LabReadingsInput {
  userId: string;
  /** The kit code as printed, shown in the source's name. */
  kitLabel: string;
  /** The kit's earlier results upload, replaced by this one. */
  previousUploadId: string | null;
  collectedAt: Date;
  readings: readonly ParsedReading[];
  now: Date;
}

/** The file name every lab result carries: how the results page tells it from an upload. */
export const labSourceName = (kitLabel: string) => `${PRODUCT_NAME} lab, kit ${kitLabel}`;

/**
 * Stores the lab's readings as the owner's results; returns the new upload's id. Run it inside
 * the transaction that releases them. The bytes go to the store first (keyed by a fresh id, so
 * a rolled-back release leaves only an unreferenced file).
 */
export async function storeLabReadings(
  trx: Executor,
  uploadStore: UploadStore,
  input: LabReadingsInput,
): Promise<string> {
  const id = randomUUID();
  const owner = { id, user_id: input.userId };
  const rows = input.readings.map((reading) => toNewReading(owner, reading, input.collectedAt));
  const bytes = Buffer.from(
    JSON.stringify(readingsBundle(rows as ResultReadingRow[], input.now), null, 2),
  );
  await uploadStore.put(id, bytes);
  if (input.previousUploadId)
    await deleteOwnResultUpload(trx, input.userId, input.previousUploadId);
  const upload = await insertResultUpload(trx, {
    id,
    userId: input.userId,
    fileName: labSourceName(input.kitLabel),
    sizeBytes: bytes.length,
    detectedType: 'fhir',
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  await storeReadings(trx, upload, rows);
  return id;
}

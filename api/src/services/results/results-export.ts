// Everything a customer gave the shop and everything it read, to take elsewhere: the readings as
// a FHIR R4 Bundle (type `collection`) of Observations and as CSV, and a zip with every uploaded
// file and both, streamed entry by entry (the archive is never held whole in memory).
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ResultFlag } from '@shop/shared/contract/results';
import type { ResultReadingRow, ResultUploadRow } from '../../db/schema';
import type { UploadStore } from './upload-store';

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const INTERPRETATION_CODES: Record<ResultFlag, string> = {
  normal: 'N',
  low: 'L',
  high: 'H',
  'critically-low': 'LL',
  'critically-high': 'HH',
  abnormal: 'A',
};

type Quantity = { value: number; unit?: string; system?: string; code?: string };

function quantity(value: number, unit: string | null): Quantity {
  return unit ? { value, unit, system: UCUM, code: unit } : { value };
}

/** One reading as a FHIR R4 Observation (US Core lab shape). */
export function toObservation(row: ResultReadingRow): Record<string, unknown> {
  const hasRange = row.range_low !== null || row.range_high !== null || row.range_text !== null;
  return {
    resourceType: 'Observation',
    id: row.id,
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
          },
        ],
      },
    ],
    code: {
      ...(row.loinc ? { coding: [{ system: LOINC, code: row.loinc }] } : {}),
      text: row.name,
    },
    effectiveDateTime: new Date(row.collected_at).toISOString(),
    ...(row.value !== null
      ? { valueQuantity: quantity(row.value, row.unit) }
      : { valueString: row.value_text ?? '' }),
    ...(hasRange
      ? {
          referenceRange: [
            {
              ...(row.range_low !== null ? { low: quantity(row.range_low, row.unit) } : {}),
              ...(row.range_high !== null ? { high: quantity(row.range_high, row.unit) } : {}),
              ...(row.range_text !== null ? { text: row.range_text } : {}),
            },
          ],
        }
      : {}),
    ...(row.flag
      ? {
          interpretation: [
            { coding: [{ system: INTERPRETATION, code: INTERPRETATION_CODES[row.flag] }] },
          ],
        }
      : {}),
  };
}

export function readingsBundle(
  rows: readonly ResultReadingRow[],
  now: Date,
): Record<string, unknown> {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: now.toISOString(),
    entry: rows.map((row) => ({ fullUrl: `urn:uuid:${row.id}`, resource: toObservation(row) })),
  };
}

const CSV_HEADER = [
  'collected_at',
  'analyte',
  'loinc',
  'value',
  'unit',
  'range_low',
  'range_high',
  'range_text',
  'flag',
  'biomarker',
  'file',
];

/** A text cell: quoted when needed, and never read as a formula by a spreadsheet. */
function textCell(text: string | null): string {
  if (text === null) return '';
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const numberCell = (value: number | null) => (value === null ? '' : String(value));

export function readingsCsv(
  rows: readonly ResultReadingRow[],
  uploads: readonly ResultUploadRow[],
): string {
  const fileNames = new Map(uploads.map((upload) => [upload.id, upload.file_name]));
  const lines = rows.map((row) =>
    [
      new Date(row.collected_at).toISOString(),
      textCell(row.name),
      textCell(row.loinc),
      row.value !== null ? numberCell(row.value) : textCell(row.value_text),
      textCell(row.unit),
      numberCell(row.range_low),
      numberCell(row.range_high),
      textCell(row.range_text),
      row.flag ?? '',
      row.biomarker_key ?? '',
      textCell(fileNames.get(row.upload_id) ?? null),
    ].join(','),
  );
  return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

/** Where an upload sits in the zip: its own folder name, so two files of one name never clash. */
export function zipEntryName(upload: Pick<ResultUploadRow, 'id' | 'file_name'>): string {
  return `uploads/${upload.id.slice(0, 8)}-${upload.file_name.replace(/[\\/]/g, '_')}`;
}

/**
 * The zip as a stream: each uploaded file is copied from the store chunk by chunk (stored, as
 * PDFs and images are compressed already), then the readings as FHIR and CSV (deflated).
 */
export function exportZip(
  store: UploadStore,
  uploads: readonly ResultUploadRow[],
  rows: readonly ResultReadingRow[],
  now: Date,
): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const addText = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
  };
  const run = async () => {
    for (const upload of uploads) {
      const stored = await store.get(upload.id);
      if (!stored) continue;
      const entry = new ZipPassThrough(zipEntryName(upload));
      entry.mtime = new Date(upload.created_at);
      zip.add(entry);
      for await (const chunk of stored.open()) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    addText('results.fhir.json', JSON.stringify(readingsBundle(rows, now), null, 2));
    addText('results.csv', readingsCsv(rows, uploads));
    zip.end();
  };
  run().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

// What an uploaded file really is, from its bytes. The name and the browser's declared type are
// the client's word; only CSV and JSON, which have no signature, need them (a .csv or .json name,
// text/csv or application/json). A JSON file is FHIR only when its root is a resource the shop
// reads (checked once it is parsed, after the nesting limits).
import type { ResultUploadType } from '@shop/shared/contract/result-uploads';

export const MEDIA_TYPES: Record<ResultUploadType, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  csv: 'text/csv; charset=utf-8',
  fhir: 'application/fhir+json',
  zip: 'application/zip',
};

export const EXTENSIONS: Record<ResultUploadType, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  csv: ['csv'],
  fhir: ['json'],
  zip: ['zip'],
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [...'%PDF-'].map((char) => char.charCodeAt(0));
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const JSON_DECLARED_TYPES = new Set(['application/json', 'application/fhir+json']);
// Spreadsheet exports put a UTF-8 byte order mark in front.
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const CSV_DECLARED_TYPES = new Set(['text/csv', 'application/csv', 'application/vnd.ms-excel']);
const MAX_CSV_LINE = 64 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

export type Detection = { ok: true; type: ResultUploadType } | { ok: false; message: string };

const REFUSED: Detection = {
  ok: false,
  message:
    'This file is not a FHIR JSON, zip, PDF, PNG, JPEG or CSV lab report. Please upload one of those.',
};

/** CSV is text: valid UTF-8, no NUL or other control characters, lines with separated values. */
function checkCsv(bytes: Uint8Array): Detection {
  let text: string;
  try {
    const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return {
      ok: false,
      message: 'This CSV file is not UTF-8 text. Export it again as CSV (UTF-8).',
    };
  }
  // Tab, line feed and carriage return are the only control characters a CSV needs.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text))
    return { ok: false, message: 'This CSV file holds characters that are not text.' };
  if (/^\s*</.test(text))
    return { ok: false, message: 'This file is a web page or markup, not a CSV export.' };
  const lines = text.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  if (lines.length === 0) return { ok: false, message: 'This CSV file has no lines.' };
  if (lines.some((line) => line.length > MAX_CSV_LINE))
    return { ok: false, message: 'This CSV file has a line too long to be a lab export.' };
  if (!/[,;\t]/.test(lines[0] ?? ''))
    return {
      ok: false,
      message: 'This CSV file has no separated columns (commas, semicolons or tabs).',
    };
  return { ok: true, type: 'csv' };
}

/** The lower-case extension of a file name, or ''. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

/** Whether the bytes start like a JSON object (after a byte order mark and white space). */
function looksLikeJsonObject(bytes: Uint8Array): boolean {
  let index = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (index < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[index] as number))
    index += 1;
  return bytes[index] === 0x7b;
}

/**
 * PDF, PNG, JPEG and zip by their signature, whatever the name says; a JSON object named or
 * declared as JSON is a FHIR candidate; anything else only as a CSV that is named or declared as
 * one and passes the text checks.
 */
export function detectFileType(
  bytes: Uint8Array,
  fileName: string,
  declaredType: string,
): Detection {
  if (startsWith(bytes, PDF)) return { ok: true, type: 'pdf' };
  if (startsWith(bytes, PNG)) return { ok: true, type: 'png' };
  if (startsWith(bytes, JPEG)) return { ok: true, type: 'jpeg' };
  if (startsWith(bytes, ZIP)) return { ok: true, type: 'zip' };
  const declared = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (
    (extensionOf(fileName) === 'json' || JSON_DECLARED_TYPES.has(declared)) &&
    looksLikeJsonObject(bytes)
  )
    return { ok: true, type: 'fhir' };
  if (extensionOf(fileName) === 'csv' || CSV_DECLARED_TYPES.has(declared)) return checkCsv(bytes);
  return REFUSED;
}

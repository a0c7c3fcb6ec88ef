// Zip archives, above all Apple Health's export: its clinical-records/*.json files are FHIR
// resources, one per file. The central directory is measured before a byte is inflated (entry
// count, total size, each entry's ratio), and inflating stops at the size an entry declared,
// so a zip bomb costs a few reads of its directory.
import { Inflate } from 'fflate';
import { readFhirFiles } from './fhir-reader';
import { parseJsonWithinLimits } from './json-limits';
import { ReportRefusedError, type ReadingProblem, type ReadResult } from './parsed-reading';

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of all entries together, as the directory declares them. */
  maxTotalBytes: number;
  /** Uncompressed over compressed size, for any entry. */
  maxRatio: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxTotalBytes: 50 * 1024 * 1024,
  maxRatio: 100,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are not read. */
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const NOT_A_ZIP =
  'This file is not a zip archive we can read. Expected an Apple Health export (zip).';
const BOMB = 'This zip archive expands to far more than a lab export does, so it was not opened.';

const refuse = (message: string) => new ReportRefusedError(422, message);

/** The entries the central directory declares, refused when they are too many or expand too far. */
export function checkZipLimits(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, or sits before a comment of up to 65,535 bytes.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) throw refuse(NOT_A_ZIP);
  const declared = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  // ZIP64 marks its counts and offsets with all ones; a 10 MB upload never needs it.
  if (declared === 0xffff || directoryOffset === 0xffffffff)
    throw refuse('This zip archive uses ZIP64, which a lab export never needs.');
  if (declared > limits.maxEntries)
    throw refuse(
      `This zip archive holds more than ${limits.maxEntries} files, more than a lab export has.`,
    );
  if (directoryOffset + directorySize > end) throw refuse(NOT_A_ZIP);
  const entries: ZipEntry[] = [];
  let total = 0;
  let at = directoryOffset;
  while (at < directoryOffset + directorySize) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw refuse(NOT_A_ZIP);
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    if (entries.push(entry) > limits.maxEntries)
      throw refuse(
        `This zip archive holds more than ${limits.maxEntries} files, more than a lab export has.`,
      );
    total += entry.size;
    if (
      total > limits.maxTotalBytes ||
      entry.size > Math.max(1, entry.compressedSize) * limits.maxRatio
    )
      throw refuse(BOMB);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** One entry's bytes, inflated no further than the size it declared. */
export function extractZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER)
    throw refuse(NOT_A_ZIP);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.slice(0, entry.size);
  if (entry.method !== 8)
    throw refuse(`${entry.name} is packed in a way we cannot read; zip it again.`);
  const out = new Uint8Array(entry.size);
  let written = 0;
  const inflate = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) throw refuse(BOMB);
    out.set(chunk, written);
    written += chunk.length;
  });
  const CHUNK = 64 * 1024;
  for (let offset = 0; offset < data.length; offset += CHUNK)
    inflate.push(data.subarray(offset, offset + CHUNK), offset + CHUNK >= data.length);
  if (data.length === 0) inflate.push(new Uint8Array(0), true);
  return out.subarray(0, written);
}

/** The FHIR JSON files in an archive: Apple Health's clinical records, or .json files anywhere. */
const isRecordFile = (name: string) =>
  name.toLowerCase().endsWith('.json') && !name.startsWith('__MACOSX/') && !name.includes('/._');

export interface ZipReadOptions {
  limits?: ZipLimits;
  /** Told 0–100 after each file read, and awaited, so a job can record its progress. */
  onProgress?: (percent: number) => void | Promise<void>;
}

/** One record file as JSON, or what is wrong with it; a bomb refuses the whole archive. */
function readRecord(
  bytes: Uint8Array,
  entry: ZipEntry,
  decoder: TextDecoder,
): { resource: unknown } | { problem: ReadingProblem } {
  let content: Uint8Array;
  try {
    content = extractZipEntry(bytes, entry);
  } catch (error) {
    if (error instanceof ReportRefusedError) throw error;
    return { problem: { where: entry.name, message: 'This file in the archive is damaged.' } };
  }
  try {
    return { resource: parseJsonWithinLimits(decoder.decode(content)) };
  } catch (error) {
    const message =
      error instanceof ReportRefusedError ? error.message : 'This file is not UTF-8 JSON.';
    return { problem: { where: entry.name, message } };
  }
}

/** Readings from every lab result in the archive; other clinical records are left alone. */
export async function readZipArchive(
  bytes: Uint8Array,
  options: ZipReadOptions = {},
): Promise<ReadResult> {
  const entries = checkZipLimits(bytes, options.limits).filter((entry) => isRecordFile(entry.name));
  const files: { name: string; resource: unknown }[] = [];
  const problems: ReadingProblem[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const [index, entry] of entries.entries()) {
    const read = readRecord(bytes, entry, decoder);
    if ('problem' in read) problems.push(read.problem);
    else files.push({ name: entry.name, resource: read.resource });
    await options.onProgress?.(Math.round(((index + 1) / entries.length) * 100));
  }
  const result = readFhirFiles(files);
  if (result.readings.length === 0 && problems.length === 0 && result.problems.length === 0)
    throw refuse(
      'This zip archive holds no lab results. Expected an Apple Health export with clinical-records/*.json (FHIR) files.',
    );
  return { readings: result.readings, problems: [...problems, ...result.problems] };
}

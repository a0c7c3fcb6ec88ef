// What every reader gives back: one value of one analyte as the report wrote it, before it is
// matched to the catalogue, converted or stored. Readers are pure: bytes or text in, readings or
// a refusal out; storing, jobs and HTTP belong to the services that call them.
import type { ReferenceRange, ResultFlag } from '@shop/shared/contract/results';
import { replaceForbiddenCharacters } from '@shop/shared/contract/text';
import { AppError } from '../../../lib/app-error';

export interface ParsedReading {
  /** The analyte's name as the report wrote it. */
  name: string;
  /** LOINC code where the report gave one. */
  loinc: string | null;
  /** A number, or null when the value is a text. */
  value: number | null;
  /** A text value ("negative", "<0.5"), or null when the value is a number. */
  valueText: string | null;
  /** The unit as written (`mg/dL`), null for a unitless value. */
  unit: string | null;
  range: ReferenceRange | null;
  /** The lab's own flag; null when it gave none. */
  flag: ResultFlag | null;
  /** ISO date-time of collection; null when the report gives none (the customer gives one). */
  collectedAt: string | null;
}

/** Something in a report that could not become a reading, said for the customer. */
export interface ReadingProblem {
  /** Where: "row 12", "Observation/abc", "clinical-records/x.json". */
  where: string;
  message: string;
}

export interface ReadResult {
  readings: ParsedReading[];
  /** Parts that were skipped, counted and reported, never silently dropped. */
  problems: ReadingProblem[];
}

/** Too big (413), not a format the shop reads (415), or a file it refuses to read (422). */
export type RefusalStatus = 413 | 415 | 422;

const CODES = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_ERROR',
} as const;

/**
 * A report the shop will not read, with a message for the customer that says what was expected.
 * It is an AppError, so a route that lets it through answers with it as it is.
 */
export class ReportRefusedError extends AppError {
  constructor(
    readonly status: RefusalStatus,
    message: string,
  ) {
    super(status, CODES[status], message);
    this.name = 'ReportRefusedError';
  }
}

const MAX_LENGTHS = { name: 200, valueText: 200, unit: 40, rangeText: 200, cell: 500 } as const;

/** Text from a report as the contract takes it: one line, no NUL or lone surrogate, bounded. */
export function cleanText(value: string | null | undefined, field: keyof typeof MAX_LENGTHS) {
  if (value === null || value === undefined) return null;
  const clean = replaceForbiddenCharacters(value).replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean.slice(0, MAX_LENGTHS[field]);
}

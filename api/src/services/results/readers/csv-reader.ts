// Lab CSV exports have no standard layout: any of three delimiters, quoted cells, a byte order
// mark, lines about the patient before the header, decimal commas. The reader splits the table
// and suggests which column holds what; nothing counts until the customer confirms a mapping.
import {
  type CsvColumnMapping,
  type CsvField,
  type ResultUploadDraft,
} from '@shop/shared/contract/results';
import { matchBiomarker } from '@shop/shared/results/units';
import { parseFlag, parseLabDate, parseLabNumber, parseRange } from './lab-values';
import {
  cleanText,
  ReportRefusedError,
  type ParsedReading,
  type ReadingProblem,
  type ReadResult,
} from './parsed-reading';

const DELIMITERS = [',', ';', '\t'] as const;
type Delimiter = (typeof DELIMITERS)[number];

export interface CsvTable {
  delimiter: Delimiter;
  /** Whether numbers use a comma as the decimal mark ("5,2"). */
  decimalComma: boolean;
  /** The rows from the header (or the first data row) on; lines before the table are dropped. */
  rows: string[][];
  /** The file's line number of each row, for problems ("row 14"). */
  lines: number[];
  /** Whether the first row looks like a header. */
  hasHeader: boolean;
  /** The mapping the customer is offered; null when no analyte and value columns are evident. */
  suggested: CsvColumnMapping | null;
}

interface CsvRecord {
  cells: string[];
  line: number;
}

/** Records split on the delimiter, honouring quotes (a quoted cell may hold the delimiter, "" or a line break). */
function splitRecords(text: string, delimiter: string, limit = Infinity): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push({ cells, line: recordLine });
    cells = [];
    cell = '';
  };
  for (let index = 0; index < text.length && records.length < limit; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (records.length < limit && (cell !== '' || cells.length > 0)) endRecord();
  return records.map((record) => ({ ...record, cells: record.cells.map((value) => value.trim()) }));
}

/** How many cells a record has, without empty cells at its end. */
const width = (cells: string[]) => {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end -= 1;
  return end;
};

/** The most common width of at least two among the records, and how many records have it. */
function modalWidth(records: CsvRecord[]): { width: number; count: number } {
  const counts = new Map<number, number>();
  for (const record of records) {
    const cells = width(record.cells);
    if (cells >= 2) counts.set(cells, (counts.get(cells) ?? 0) + 1);
  }
  let best = { width: 0, count: 0 };
  for (const [cells, count] of counts)
    if (count > best.count || (count === best.count && cells > best.width))
      best = { width: cells, count };
  return best;
}

function detectDelimiter(text: string): Delimiter {
  let best: { delimiter: Delimiter; score: number } = { delimiter: ',', score: -1 };
  for (const delimiter of DELIMITERS) {
    const { width: cells, count } = modalWidth(splitRecords(text, delimiter, 60));
    const score = count * 1000 + cells;
    if (cells >= 2 && score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

const DECIMAL_COMMA = /^-?\d+,\d+$/;
const DECIMAL_DOT = /^-?\d+\.\d+$/;

function usesDecimalComma(rows: string[][], delimiter: Delimiter): boolean {
  let commas = 0;
  let dots = 0;
  for (const row of rows.slice(0, 200))
    for (const cell of row) {
      if (DECIMAL_COMMA.test(cell)) commas += 1;
      else if (DECIMAL_DOT.test(cell)) dots += 1;
    }
  return commas > dots || (commas === dots && commas > 0 && delimiter !== ',');
}

// Header names labs and spreadsheets use, tested on the lower-cased header cell.
const HEADER_NAMES: [CsvField, RegExp][] = [
  [
    'low',
    /^(?:ref(?:erence)?\.? ?(?:range )?)?(?:low|lower(?: limit)?|min(?:imum)?)$|^(?:range )?low$/,
  ],
  [
    'high',
    /^(?:ref(?:erence)?\.? ?(?:range )?)?(?:high|upper(?: limit)?|max(?:imum)?)$|^(?:range )?high$/,
  ],
  ['range', /\b(?:range|interval|reference|ref|normal|referenz\w*|norm)\b|bereich/],
  ['date', /\b(?:date|datum|collected|collection|drawn|sampled?|specimen|fecha)\b/],
  ['flag', /^(?:flags?|abnormal(?: flag)?|abn|status|interpretation|h\/l|indicator|markierung)$/],
  ['unit', /^(?:units?|uom|einheit|unit of measure(?:ment)?|measurement unit)$/],
  [
    'value',
    /^(?:(?:your )?results?|(?:result |observation )?value|wert|ergebnis|reading|measurement|level)$/,
  ],
  [
    'analyte',
    /^(?:test(?: name| description)?|analyte|(?:bio)?marker|component|parameter|description|analysis|untersuchung|item|observation|lab test|name|test performed)$/,
  ],
];

const headerKey = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/[_.:#*()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function mappingFromHeader(header: string[]): Partial<Record<CsvField, number>> {
  const mapping: Partial<Record<CsvField, number>> = {};
  const taken = new Set<number>();
  for (const [field, pattern] of HEADER_NAMES) {
    const column = header.findIndex(
      (cell, index) => !taken.has(index) && pattern.test(headerKey(cell)),
    );
    if (column >= 0) {
      mapping[field] = column;
      taken.add(column);
    }
  }
  return mapping;
}

const UNIT_LIKE =
  /^(?:%|[a-zµμ*^0-9.[\]{}_]*\/[a-zµμ*^0-9.[\]{}_/]+|fl|pg|ratio|index|iu\/l|u\/l)$/i;
// A cell that starts with a number ("3.9 H", "<3.0") is data, never a header.
const NUMBER_FIRST = /^[<>≤≥]?=?\s*[-+]?\d/;
const DATE_LIKE = /^(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})(?:[ t]\d{1,2}:\d{2}.*)?$/i;

interface ColumnProfile {
  numeric: number;
  range: number;
  date: number;
  unit: number;
  flag: number;
  flagOrEmpty: number;
  text: number;
  catalogue: number;
}

function profileColumns(rows: string[][], columns: number, decimalComma: boolean): ColumnProfile[] {
  const sample = rows.slice(0, 50);
  return Array.from({ length: columns }, (_, column) => {
    const cells = sample.map((row) => row[column] ?? '');
    const share = (test: (cell: string) => boolean) =>
      sample.length === 0 ? 0 : cells.filter(test).length / sample.length;
    return {
      numeric: share((cell) => parseLabNumber(cell, decimalComma) !== null),
      range: share((cell) => {
        const range = parseRange(cell, decimalComma);
        return (
          parseLabNumber(cell, decimalComma) === null &&
          range !== null &&
          (range.low !== null || range.high !== null)
        );
      }),
      date: share((cell) => DATE_LIKE.test(cell)),
      unit: share((cell) => UNIT_LIKE.test(cell)),
      flag: share((cell) => cell !== '' && parseFlag(cell) !== null),
      flagOrEmpty: share((cell) => cell === '' || parseFlag(cell) !== null),
      text: share((cell) => /[a-z]{2,}/i.test(cell) && parseLabNumber(cell, decimalComma) === null),
      catalogue: share((cell) => matchBiomarker({ name: cell }) !== null),
    };
  });
}

/** Fills the fields the header did not name from what the cells look like. */
function mappingFromContent(
  mapping: Partial<Record<CsvField, number>>,
  profiles: ColumnProfile[],
): void {
  const taken = new Set(Object.values(mapping));
  const pick = (field: CsvField, score: (profile: ColumnProfile) => number, minimum: number) => {
    if (mapping[field] !== undefined) return;
    let best = -1;
    let bestScore = minimum;
    profiles.forEach((profile, column) => {
      const value = score(profile);
      if (!taken.has(column) && value >= bestScore && (best < 0 || value > bestScore)) {
        best = column;
        bestScore = value;
      }
    });
    if (best >= 0) {
      mapping[field] = best;
      taken.add(best);
    }
  };
  pick('date', (profile) => profile.date, 0.6);
  pick('range', (profile) => profile.range, 0.5);
  pick('value', (profile) => profile.numeric, 0.5);
  pick('flag', (profile) => (profile.flagOrEmpty === 1 && profile.flag > 0 ? 1 : 0), 1);
  pick('unit', (profile) => profile.unit, 0.5);
  pick('analyte', (profile) => profile.text + profile.catalogue, 0.5);
}

function suggest(
  rows: string[][],
  hasHeader: boolean,
  decimalComma: boolean,
): CsvColumnMapping | null {
  const columns = Math.max(0, ...rows.slice(0, 50).map((row) => row.length));
  const mapping = hasHeader && rows[0] ? mappingFromHeader(rows[0]) : {};
  mappingFromContent(mapping, profileColumns(rows.slice(hasHeader ? 1 : 0), columns, decimalComma));
  if (mapping.analyte === undefined || mapping.value === undefined) return null;
  return {
    analyte: mapping.analyte,
    value: mapping.value,
    unit: mapping.unit ?? null,
    range: mapping.range ?? null,
    low: mapping.low ?? null,
    high: mapping.high ?? null,
    flag: mapping.flag ?? null,
    date: mapping.date ?? null,
  };
}

/** A first row with no number in it, above rows that have some, is a header. */
function looksLikeHeader(rows: string[][], decimalComma: boolean): boolean {
  const [first, ...rest] = rows;
  if (!first || rest.length === 0) return false;
  const hasNumber = (row: string[]) =>
    row.some(
      (cell) =>
        parseLabNumber(cell, decimalComma) !== null ||
        NUMBER_FIRST.test(cell) ||
        DATE_LIKE.test(cell),
    );
  if (hasNumber(first)) return false;
  const named = HEADER_NAMES.filter(([, pattern]) =>
    first.some((cell) => pattern.test(headerKey(cell))),
  );
  return named.length >= 2 || rest.slice(0, 10).some(hasNumber);
}

/** The CSV's table, split and measured, with the suggested mapping for the customer to confirm. */
export function readCsvTable(text: string): CsvTable {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(body);
  const records = splitRecords(body, delimiter);
  const modal = modalWidth(records.slice(0, 200));
  if (modal.width < 2)
    throw new ReportRefusedError(
      422,
      'This CSV file has no table: expected a column for the test name and one for the result, separated by commas, semicolons or tabs.',
    );
  // Lines about the patient or the lab come before the table and are narrower than its rows.
  const start = Math.max(
    0,
    records.findIndex((record) => width(record.cells) >= modal.width),
  );
  const table = records.slice(start);
  const rows = table.map((record) =>
    record.cells.slice(0, Math.max(modal.width, width(record.cells))),
  );
  const decimalComma = usesDecimalComma(rows, delimiter);
  const hasHeader = looksLikeHeader(rows, decimalComma);
  return {
    delimiter,
    decimalComma,
    rows,
    lines: table.map((record) => record.line),
    hasHeader,
    suggested: suggest(rows, hasHeader, decimalComma),
  };
}

const DRAFT_ROWS = 10;
// A mapping can name columns 0–199 only; wider rows are cut there in the draft.
const DRAFT_COLUMNS = 200;

/** What the customer sees to confirm the columns: the first rows, header included. */
export function csvDraft(table: CsvTable): Extract<ResultUploadDraft, { kind: 'csv' }> {
  return {
    kind: 'csv',
    rows: table.rows
      .slice(0, DRAFT_ROWS)
      .map((row) => row.slice(0, DRAFT_COLUMNS).map((cell) => cleanText(cell, 'cell') ?? '')),
    rowCount: table.rows.length - (table.hasHeader ? 1 : 0),
    suggested: table.suggested,
    hasHeader: table.hasHeader,
  };
}

const VALUE_WITH_EXTRA = /^([-+]?\d[\d.,]*)\s+(\S+)$/;

/** A value cell: a number, a number with a flag or unit after it, or a text. */
function readValueCell(
  cell: string,
  decimalComma: boolean,
): Pick<ParsedReading, 'value' | 'valueText'> & {
  flag: ParsedReading['flag'];
  unit: string | null;
} {
  const number = parseLabNumber(cell, decimalComma);
  if (number !== null) return { value: number, valueText: null, flag: null, unit: null };
  const extra = VALUE_WITH_EXTRA.exec(cell);
  const extraNumber = extra?.[1] === undefined ? null : parseLabNumber(extra[1], decimalComma);
  if (extra?.[2] && extraNumber !== null) {
    const flag = parseFlag(extra[2]);
    return flag
      ? { value: extraNumber, valueText: null, flag, unit: null }
      : { value: extraNumber, valueText: null, flag: null, unit: cleanText(extra[2], 'unit') };
  }
  return { value: null, valueText: cleanText(cell, 'valueText'), flag: null, unit: null };
}

export interface CsvConfirmation {
  mapping: CsvColumnMapping;
  hasHeader: boolean;
  /** The collection day (YYYY-MM-DD) for rows without a date column or a readable date. */
  collectedOn: string | null;
}

/** The readings a confirmed mapping gives, with every row that did not give one reported. */
export function applyCsvMapping(table: CsvTable, confirmation: CsvConfirmation): ReadResult {
  const { mapping, hasHeader, collectedOn } = confirmation;
  const fallbackDate = collectedOn ? parseLabDate(collectedOn, false) : null;
  const dayFirst = table.decimalComma || table.delimiter === ';';
  const readings: ParsedReading[] = [];
  const problems: ReadingProblem[] = [];
  const rows = table.rows.slice(hasHeader ? 1 : 0);
  const lines = table.lines.slice(hasHeader ? 1 : 0);
  rows.forEach((row, index) => {
    const where = `row ${lines[index] ?? index + 1}`;
    const cell = (field: CsvField) => {
      const column = mapping[field as keyof CsvColumnMapping];
      return column === null ? '' : (row[column] ?? '');
    };
    const name = cleanText(cell('analyte'), 'name');
    const written = cell('value');
    if (!name || written === '') {
      problems.push({ where, message: name ? `"${name}" has no value.` : 'It has no test name.' });
      return;
    }
    const dateCell = cell('date');
    const collectedAt = (dateCell ? parseLabDate(dateCell, dayFirst) : null) ?? fallbackDate;
    if (collectedAt === null) {
      problems.push({
        where,
        message: dateCell
          ? `"${dateCell}" is not a date we can read.`
          : 'It has no collection date.',
      });
      return;
    }
    const value = readValueCell(written, table.decimalComma);
    const low = parseLabNumber(cell('low'), table.decimalComma);
    const high = parseLabNumber(cell('high'), table.decimalComma);
    const range =
      parseRange(cell('range'), table.decimalComma) ??
      (low !== null || high !== null ? { low, high, text: null } : null);
    readings.push({
      name,
      loinc: null,
      value: value.value,
      valueText: value.valueText,
      unit: cleanText(cell('unit'), 'unit') ?? value.unit,
      range,
      flag: parseFlag(cell('flag')) ?? value.flag,
      collectedAt,
    });
  });
  return { readings, problems };
}

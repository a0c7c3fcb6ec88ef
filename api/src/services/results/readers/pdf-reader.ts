// PDF lab reports: the file is kept, its text read where it has some, and lines that name a
// catalogue biomarker with a number become suggestions the customer confirms or corrects.
// Nothing read from a PDF counts before that. A PDF that carries scripts, launch actions or
// attached files is refused before any PDF code opens it.
import { Inflate } from 'fflate';
import type { ResultUploadDraft, TypedReading } from '@shop/shared/contract/results';
import { BIOMARKERS, type BiomarkerDefinition } from '@shop/shared/results/biomarkers';
import { parseFlag, parseLabDate, parseLabNumber, parseRange } from './lab-values';
import { cleanText, ReportRefusedError } from './parsed-reading';
import { extractPdfLines, type PdfTextOptions } from './pdf-text';

const FORBIDDEN_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles']);
const HOSTILE =
  'PDFs with scripts or attachments are not accepted. Save the report as a plain PDF and upload it again.';
const EXPANDS = 'This PDF expands to far more than a lab report does, so it was not opened.';
/** Object streams inflated for the check, in total: a real report's are far smaller. */
const MAX_INFLATED = 32 * 1024 * 1024;

// A PDF name is "/" and regular characters; "#xx" spells a byte in hex (/J#61vaScript).
const NAME = /\/([^\s/<>[\]()%{}]+)/g;

function hasForbiddenName(text: string): boolean {
  for (const match of text.matchAll(NAME)) {
    const raw = match[1] ?? '';
    const name = raw.includes('#')
      ? raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(parseInt(hex, 16)),
        )
      : raw;
    if (FORBIDDEN_NAMES.has(name)) return true;
  }
  return false;
}

/** An object stream's content, inflated no further than the budget left. */
function inflateBounded(data: Uint8Array, budget: { left: number }): string | null {
  const parts: string[] = [];
  const decoder = new TextDecoder('latin1');
  const inflate = new Inflate((chunk) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new ReportRefusedError(422, EXPANDS);
    parts.push(decoder.decode(chunk));
  });
  try {
    inflate.push(data, true);
  } catch (error) {
    if (error instanceof ReportRefusedError) throw error;
    // A stream that does not inflate cannot hold actions a reader would run.
    return null;
  }
  return parts.join('');
}

/**
 * Refuses a PDF with /JavaScript, /JS, /Launch or embedded files, in its plain objects or in
 * compressed object streams (where PDF 1.5 and later keep dictionaries).
 */
export function checkPdfSafety(bytes: Uint8Array, maxInflated = MAX_INFLATED): void {
  const text = new TextDecoder('latin1').decode(bytes);
  if (hasForbiddenName(text)) throw new ReportRefusedError(422, HOSTILE);
  const budget = { left: maxInflated };
  const stream = /(?<!end)stream\r?\n/g;
  for (const match of text.matchAll(stream)) {
    const start = match.index + match[0].length;
    const dictionaryStart = text.lastIndexOf('obj', match.index);
    const dictionary = dictionaryStart < 0 ? '' : text.slice(dictionaryStart, match.index);
    if (!/\/Type\s*\/ObjStm/.test(dictionary) || !/\/FlateDecode/.test(dictionary)) continue;
    const end = text.indexOf('endstream', start);
    if (end < 0) continue;
    // zlib data: skip the two-byte header, inflate the raw deflate stream.
    const content = inflateBounded(bytes.subarray(start + 2, end), budget);
    if (content !== null && hasForbiddenName(content)) throw new ReportRefusedError(422, HOSTILE);
  }
}

interface Alias {
  alias: string;
  definition: BiomarkerDefinition;
}

// Longest first, so "ldl cholesterol calc" wins over "ldl".
const ALIASES: Alias[] = BIOMARKERS.flatMap((definition) =>
  [definition.name, ...definition.aliases].map((alias) => ({
    alias: alias.toLowerCase(),
    definition,
  })),
).sort((a, b) => b.alias.length - a.alias.length);

const VALUE = /^([<>≤≥]=?\s*)?([-+]?\d+(?:[.,]\d+)*)(?=\s|$)/;
const RANGE =
  /(?:^|\s)((?:[<>≤≥]=?\s*\d+(?:[.,]\d+)?)|(?:\d+(?:[.,]\d+)?\s*(?:-|–|to)\s*\d+(?:[.,]\d+)?))(?=\s|$)/;
const UNIT = /^(?:%|[a-zA-Zµμ*^0-9.[\]{}_]*\/[a-zA-Zµμ*^0-9.[\]{}_/]+|fl|fL|pg|g\/dL|U\/L|IU\/L)$/;

/** The biomarker a line starts with, and the rest of the line. */
function lineBiomarker(line: string): { alias: Alias; name: string; rest: string } | null {
  const trimmed = line.replace(/^[\s•·*\-–\d.)]*(?=[A-Za-z])/, '');
  const lower = trimmed.toLowerCase();
  for (const alias of ALIASES)
    if (lower.startsWith(alias.alias) && !/[a-z0-9]/i.test(lower.charAt(alias.alias.length)))
      return {
        alias,
        name: trimmed.slice(0, alias.alias.length),
        rest: trimmed.slice(alias.alias.length),
      };
  return null;
}

/** A line as a suggested reading: biomarker, then a number, then a unit, flag and range in any order. */
function suggestionFrom(line: string): TypedReading | null {
  const found = lineBiomarker(line);
  if (!found) return null;
  // Words after the name that qualify it ("(calc)", ", Serum") come before the value.
  const rest = found.rest.replace(
    /^[\s,:;]*(?:\([^)]*\)\s*)*(?:,?\s*(?:serum|plasma|blood|total|direct|calc|calculated)\b\s*)*/i,
    '',
  );
  const value = VALUE.exec(rest);
  if (!value) return null;
  const written = `${value[1]?.replace(/\s+/g, '') ?? ''}${value[2] ?? ''}`;
  const after = rest.slice(value[0].length).trim();
  const decimalComma = /^\d+,\d{1,2}$/.test(value[2] ?? '');
  const range = RANGE.exec(` ${after}`);
  const parsedRange = range?.[1] ? parseRange(range[1], decimalComma) : null;
  const tokens = after
    .replace(range?.[1] ?? '\u0000', ' ')
    .split(/\s+/)
    .filter(Boolean);
  const unit = tokens.find((token) => UNIT.test(token)) ?? null;
  const flag =
    tokens.map((token) => parseFlag(token)).find((candidate) => candidate !== null) ?? null;
  return {
    name: cleanText(found.name, 'name') ?? found.alias.definition.name,
    biomarkerKey: found.alias.definition.key,
    value: written,
    unit: cleanText(unit, 'unit'),
    low: parsedRange?.low ?? null,
    high: parsedRange?.high ?? null,
    rangeText: parsedRange?.text ?? null,
    flag,
  };
}

const COLLECTED =
  /(?:collected|collection(?: date)?|date collected|drawn|specimen(?: date)?|sample(?: date)?|date of service|entnahme|abnahme)\s*[:#-]?\s*(?:date\s*[:#-]?\s*)?(.+)$/i;

/** The collection day a report states (YYYY-MM-DD), if it states one. */
function collectionDay(lines: string[]): string | null {
  for (const line of lines) {
    const match = COLLECTED.exec(line);
    const date = match?.[1] ? parseLabDate(match[1], /\d{1,2}\.\d{1,2}\./.test(match[1])) : null;
    if (date) return date.slice(0, 10);
  }
  return null;
}

const MAX_SUGGESTIONS = 300;

/** Suggestions from a report's lines: one per biomarker, the first line that names it with a value. */
export function suggestFromLines(
  lines: string[],
): Extract<ResultUploadDraft, { kind: 'document' }> {
  const suggestions: TypedReading[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const suggestion = suggestionFrom(line);
    if (!suggestion?.biomarkerKey || seen.has(suggestion.biomarkerKey)) continue;
    if (
      parseLabNumber(
        suggestion.value.replace(/^[<>≤≥]=?/, ''),
        /,\d{1,2}$/.test(suggestion.value),
      ) === null
    )
      continue;
    seen.add(suggestion.biomarkerKey);
    suggestions.push(suggestion);
    if (suggestions.length === MAX_SUGGESTIONS) break;
  }
  return {
    kind: 'document',
    suggestions,
    suggestedCollectedOn: collectionDay(lines),
    hasText: lines.some((line) => line.trim() !== ''),
  };
}

/**
 * What the customer confirms for a PDF: suggestions from its text. A PDF that pdf.js cannot
 * open (damaged, password-protected) or a scan without text gives none; the customer types.
 */
export async function readPdfDocument(
  bytes: Uint8Array,
  options: PdfTextOptions = {},
): Promise<Extract<ResultUploadDraft, { kind: 'document' }>> {
  checkPdfSafety(bytes);
  let lines: string[];
  try {
    lines = await extractPdfLines(bytes, options);
  } catch {
    lines = [];
  }
  return suggestFromLines(lines);
}

// The results page: every reading of the owner grouped into biomarkers (the catalogue's, matched
// by LOINC then by name; anything else by its code or name), each point converted to the
// biomarker's unit. A value whose unit cannot be converted keeps no number: it is listed in the
// table as the lab wrote it and never drawn on the line.
import type {
  Biomarker,
  BiomarkerPoint,
  ReferenceRange,
  ResultsPage,
  ResultSource,
  RetestPrompt,
} from '@shop/shared/contract/results';
import { BIOMARKERS, type BiomarkerDefinition } from '@shop/shared/results/biomarkers';
import { rangeFromText } from '@shop/shared/results/range-text';
import { displayUnit } from '@shop/shared/results/unit-display';
import { convert, flagFromRange, matchBiomarker, roundConverted } from '@shop/shared/results/units';
import type { Executor, ResultReadingRow, ResultUploadRow } from '../../db/schema';
import { addCalendarSteps, type CalendarUnit } from '../../lib/calendar';
import { listOwnReadings } from '../../repositories/result-readings-repository';
import { listResultUploads } from '../../repositories/result-uploads-repository';
import { listUserSubscriptions } from '../../repositories/subscriptions-repository';
import { nextKitAt } from '../subscriptions/next-kit';
import { toResultUpload } from './result-uploads';

const BY_KEY = new Map(BIOMARKERS.map((biomarker) => [biomarker.key, biomarker]));
const PENDING = new Set(['reading', 'needs-columns', 'needs-confirmation']);
/** Without a plan that sends a kit, the page suggests testing again after this long. */
const DEFAULT_RETEST = { unit: 'month', count: 3 } as const;

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100) || 'unnamed';

/** The catalogue entry of a reading: the key stored with it, else a match of its code or name. */
function definitionOf(row: ResultReadingRow): BiomarkerDefinition | null {
  return (
    (row.biomarker_key ? BY_KEY.get(row.biomarker_key) : undefined) ??
    matchBiomarker({ loinc: row.loinc, name: row.name })
  );
}

const groupKey = (row: ResultReadingRow, definition: BiomarkerDefinition | null) =>
  definition?.key ?? (row.loinc ? `loinc:${row.loinc}` : `name:${slug(row.name)}`);

function asWritten(row: ResultReadingRow): string {
  const value = row.value !== null ? String(row.value) : (row.value_text ?? '');
  return row.unit ? `${value} ${displayUnit(row.unit)}` : value;
}

function rangeOf(row: ResultReadingRow): ReferenceRange | null {
  if (row.range_low === null && row.range_high === null && row.range_text === null) return null;
  return { low: row.range_low, high: row.range_high, text: row.range_text };
}

/**
 * The range's bounds and the unit they are in: the lab's own bounds (in the value's unit), else
 * those its text states clearly ("3.9–5.5 mmol/L fasting"), in the unit the text names.
 */
function boundsOf(range: ReferenceRange, row: ResultReadingRow) {
  if (range.low !== null || range.high !== null || range.text === null)
    return { low: range.low, high: range.high, unit: row.unit };
  const fromText = rangeFromText(range.text);
  return fromText
    ? { low: fromText.low, high: fromText.high, unit: fromText.unit ?? row.unit }
    : { low: null, high: null, unit: row.unit };
}

/** Converts a number into the display unit; outside the catalogue, only the same unit passes. */
function toUnit(
  value: number | null,
  unit: string | null,
  target: string | null,
  definition: BiomarkerDefinition | null,
): number | null {
  if (value === null) return null;
  if (definition) {
    const converted = convert(value, unit, definition);
    // A value in the biomarker's own unit stays as the lab wrote it.
    return converted === null || converted === value
      ? converted
      : roundConverted(converted, definition);
  }
  return (unit ?? '') === (target ?? '') ? value : null;
}

function pointOf(
  row: ResultReadingRow,
  target: string | null,
  definition: BiomarkerDefinition | null,
): BiomarkerPoint {
  const value = toUnit(row.value, row.unit, target, definition);
  const range = rangeOf(row);
  const bounds = range && boundsOf(range, row);
  const converted = bounds && {
    low: toUnit(bounds.low, bounds.unit, target, definition),
    high: toUnit(bounds.high, bounds.unit, target, definition),
    text: range.text,
  };
  const boundsConverted =
    bounds !== null &&
    converted !== null &&
    (bounds.low === null || converted.low !== null) &&
    (bounds.high === null || converted.high !== null);
  // A range that could not be converted is kept as the lab's text only.
  const shownRange =
    converted && boundsConverted && (value !== null || row.value === null)
      ? converted
      : range && { low: null, high: null, text: range.text };
  return {
    readingId: row.id,
    uploadId: row.upload_id,
    collectedAt: new Date(row.collected_at).toISOString(),
    value,
    asWritten: asWritten(row),
    range: shownRange,
    // The lab's flag first; a range only says low or high (critical comes from the lab), compared
    // in one unit: the value's and the range's both converted, never a mmol/L bound to mg/dL.
    flag: row.flag ?? (value !== null && boundsConverted ? flagFromRange(value, shownRange) : null),
  };
}

function biomarkersOf(readings: readonly ResultReadingRow[]): Biomarker[] {
  const groups = new Map<
    string,
    { definition: BiomarkerDefinition | null; rows: ResultReadingRow[] }
  >();
  for (const row of readings) {
    const definition = definitionOf(row);
    const key = groupKey(row, definition);
    const group = groups.get(key) ?? { definition, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  const biomarkers: Biomarker[] = [];
  for (const [key, { definition, rows }] of groups) {
    const unit = definition
      ? definition.unit
      : (rows.find((row) => row.value !== null)?.unit ?? null);
    const points = rows.map((row) => pointOf(row, unit, definition));
    const numbers = points.filter((point) => point.value !== null);
    const last = numbers.at(-1)?.value ?? null;
    const previous = numbers.at(-2)?.value ?? null;
    biomarkers.push({
      key,
      name: definition?.name ?? rows.at(-1)?.name ?? key,
      system: definition?.system ?? 'other',
      unit,
      points,
      change: last !== null && previous !== null ? roundChange(last - previous) : null,
    });
  }
  const catalogueOrder = new Map(BIOMARKERS.map((biomarker, index) => [biomarker.key, index]));
  return biomarkers.sort(
    (a, b) =>
      (catalogueOrder.get(a.key) ?? Number.MAX_SAFE_INTEGER) -
        (catalogueOrder.get(b.key) ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name),
  );
}

// Differences of converted values carry float noise (0.30000000000000004).
const roundChange = (change: number) => Math.round(change * 1_000_000) / 1_000_000;

function sourceOf(upload: ResultUploadRow): ResultSource {
  return {
    uploadId: upload.id,
    fileName: upload.file_name,
    collectedAt: upload.collected_at ? new Date(upload.collected_at).toISOString() : null,
    order: upload.order_id ? { id: upload.order_id, href: '/account' } : null,
    subscription: upload.subscription_id
      ? {
          id: upload.subscription_id,
          href: `/account/subscriptions/${encodeURIComponent(upload.subscription_id)}`,
        }
      : null,
  };
}

const UNIT_WORDS: Record<CalendarUnit, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

function intervalWords(unit: CalendarUnit, count: number): string {
  return count === 1 ? `every ${UNIT_WORDS[unit]}` : `every ${count} ${UNIT_WORDS[unit]}s`;
}

/**
 * The plan's next kit when a plan sends one (the same date the subscription shows), else the
 * latest collection date plus three months, with a kit to order.
 */
async function retestOf(
  db: Executor,
  userId: string,
  readings: readonly ResultReadingRow[],
  now: Date,
): Promise<RetestPrompt | null> {
  const latest = readings.at(-1);
  if (!latest) return null;
  const plans = await listUserSubscriptions(db, userId);
  for (const plan of plans) {
    const at = nextKitAt(plan, now);
    if (!at) continue;
    return {
      dueAt: at.toISOString(),
      intervalLabel: intervalWords(plan.price.interval, plan.price.intervalCount),
      subscriptionId: plan.id,
      href: `/account/subscriptions/${encodeURIComponent(plan.id)}`,
    };
  }
  const { unit, count } = DEFAULT_RETEST;
  return {
    dueAt: addCalendarSteps(new Date(latest.collected_at), unit, count).toISOString(),
    intervalLabel: intervalWords(unit, count),
    subscriptionId: null,
    href: '/pricing',
  };
}

export async function loadResultsPage(
  db: Executor,
  userId: string,
  now: Date,
): Promise<ResultsPage> {
  const [readings, uploads] = await Promise.all([
    listOwnReadings(db, userId),
    listResultUploads(db, userId),
  ]);
  return {
    biomarkers: biomarkersOf(readings),
    sources: uploads.filter((upload) => upload.status === 'read').map(sourceOf),
    pending: uploads.filter((upload) => PENDING.has(upload.status)).map(toResultUpload),
    retest: await retestOf(db, userId, readings, now),
  };
}

// Recognising a lab's analyte in the shop's catalogue and bringing its value into the
// biomarker's unit. Labs spell units many ways (mg/dl, µmol/L, umol/l, x10^9/L, K/uL); they are
// compared by a normalised key, and units that differ only by a metric prefix scale by powers of
// ten, so a catalogue entry lists only the factors that need the analyte's molar mass.
import type { ReferenceRange, ResultFlag } from '../contract/results';
import { BIOMARKERS, type BiomarkerDefinition } from './biomarkers';

const BY_LOINC = new Map<string, BiomarkerDefinition>();
const BY_NAME = new Map<string, BiomarkerDefinition>();
// Words labs add around an analyte's name that do not change which analyte it is.
const QUALIFIERS = new Set([
  'serum',
  'plasma',
  's',
  'p',
  'ser',
  'plas',
  'ser/plas',
  'level',
  'calc',
  'calculated',
  'direct',
  'measured',
  'test',
  'result',
]);

/** Lower case, punctuation as spaces, one space between words. */
function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[,;:()[\]*"'_.]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const withoutQualifiers = (normalised: string) =>
  normalised
    .split(' ')
    .filter((word) => !QUALIFIERS.has(word))
    .join(' ');

for (const definition of BIOMARKERS) {
  for (const code of definition.loinc) BY_LOINC.set(code, definition);
  for (const alias of [definition.name, definition.key, ...definition.aliases]) {
    const normalised = normaliseName(alias);
    if (!BY_NAME.has(normalised)) BY_NAME.set(normalised, definition);
    const bare = withoutQualifiers(normalised);
    if (bare && !BY_NAME.has(bare)) BY_NAME.set(bare, definition);
  }
}

/** The catalogue biomarker a reading is: by its LOINC code first, else by its name. */
export function matchBiomarker(analyte: {
  loinc?: string | null;
  name?: string | null;
}): BiomarkerDefinition | null {
  const code = analyte.loinc?.trim();
  if (code) {
    const byCode = BY_LOINC.get(code);
    if (byCode) return byCode;
  }
  if (!analyte.name) return null;
  const normalised = normaliseName(analyte.name);
  return BY_NAME.get(normalised) ?? BY_NAME.get(withoutQualifiers(normalised)) ?? null;
}

/** The catalogue biomarker with this key. */
export function biomarkerByKey(key: string): BiomarkerDefinition | null {
  return BIOMARKERS.find((definition) => definition.key === key) ?? null;
}

// Whole spellings labs use for the same unit, after lower-casing.
const SPELLINGS: Record<string, string> = {
  'k/ul': '10*3/ul',
  'thou/ul': '10*3/ul',
  'thous/ul': '10*3/ul',
  'm/ul': '10*6/ul',
  'mil/ul': '10*6/ul',
  'mill/ul': '10*6/ul',
  'million/ul': '10*6/ul',
  'ml/min/1.73m2': 'ml/min/1.73m2',
  'ml/min/1.73': 'ml/min/1.73m2',
  'ml/min/1.73m^2': 'ml/min/1.73m2',
  'ml/min/1.73sqm': 'ml/min/1.73m2',
  percent: '%',
  mmhg: 'mm[hg]',
};

/**
 * A unit's comparison key: lower case, no spaces, micro as `u`, mcg as ug, IU as U, powers of ten
 * as `10*n`, UCUM annotations (`{1.73_m2}`) and brackets (`[IU]`) unwrapped.
 */
export function unitKey(unit: string): string {
  let key = unit
    .trim()
    .toLowerCase()
    .replace(/[µμ]/g, 'u')
    .replace(/\s+/g, '')
    .replace(/[{}[\]_]/g, '')
    .replace(/mcg/g, 'ug')
    .replace(/iu/g, 'u')
    .replace(/^x/, '')
    .replace(/10(?:\^|e|\*\*|\*)(\d+)/g, '10*$1');
  key = SPELLINGS[key] ?? key;
  return key;
}

const PREFIXES: Record<string, number> = {
  '': 1,
  k: 1e3,
  d: 1e-1,
  c: 1e-2,
  m: 1e-3,
  u: 1e-6,
  n: 1e-9,
  p: 1e-12,
  f: 1e-15,
};

interface Quantity {
  base: string;
  scale: number;
}

/** `mg/dL` as grams per litre × 1e-3 / 1e-1; null for a unit that is not amount per volume. */
function perVolume(key: string): Quantity | null {
  const match = /^(?:10\*(\d+)|([kdcmunpf]?)(g|mol|eq|u))\/([kdcmunpf]?)l$/.exec(key);
  if (!match) return null;
  const [, power, prefix, base, volumePrefix] = match;
  const volume = PREFIXES[volumePrefix ?? ''] ?? 1;
  if (power !== undefined) return { base: 'count', scale: 10 ** Number(power) / volume };
  return { base: base ?? '', scale: (PREFIXES[prefix ?? ''] ?? 1) / volume };
}

/** The factor from one unit to another when they differ only by prefixes, else null. */
function prefixFactor(fromKey: string, toKey: string): number | null {
  if (fromKey === toKey) return 1;
  const from = perVolume(fromKey);
  const to = perVolume(toKey);
  if (!from || !to || from.base !== to.base) return null;
  return from.scale / to.scale;
}

// Rounds away floating-point noise (5.2 × 38.67 = 201.08399999…) without losing lab precision.
const tidy = (value: number) => Number(value.toPrecision(12));

/**
 * A value in `fromUnit` in the biomarker's unit, or null when there is no known factor (then the
 * value is shown as written and never drawn on the biomarker's line).
 */
export function convert(
  value: number,
  fromUnit: string | null,
  definition: Pick<BiomarkerDefinition, 'unit' | 'conversions'>,
): number | null {
  if (definition.unit === null) return null;
  const target = unitKey(definition.unit);
  const from = fromUnit === null || fromUnit.trim() === '' ? target : unitKey(fromUnit);
  const direct = prefixFactor(from, target);
  if (direct !== null) return tidy(value * direct);
  for (const [unit, factor] of Object.entries(definition.conversions)) {
    const scale = prefixFactor(from, unitKey(unit));
    if (scale !== null) return tidy(value * scale * factor);
  }
  return null;
}

/**
 * A converted value at the precision labs print in the biomarker's unit (glucose 3.9 mmol/L is
 * 70 mg/dL, not 70.262): the factor's digits are not the lab's.
 */
export function roundConverted(
  value: number,
  definition: Pick<BiomarkerDefinition, 'decimals'>,
): number {
  if (definition.decimals === undefined) return Number(value.toPrecision(3));
  const scale = 10 ** definition.decimals;
  return Math.round(value * scale) / scale;
}

/** The reference range in the biomarker's unit; null when it cannot be converted. */
export function convertRange(
  range: ReferenceRange,
  fromUnit: string | null,
  definition: Pick<BiomarkerDefinition, 'unit' | 'conversions'>,
): ReferenceRange | null {
  const low = range.low === null ? null : convert(range.low, fromUnit, definition);
  const high = range.high === null ? null : convert(range.high, fromUnit, definition);
  if ((range.low !== null && low === null) || (range.high !== null && high === null)) return null;
  return { low, high, text: range.text };
}

/**
 * The flag a range gives a value: below its low bound low, above its high bound high, inside
 * normal. A range never says "critical": only the lab does.
 */
export function flagFromRange(
  value: number | null,
  range: ReferenceRange | null,
): ResultFlag | null {
  if (value === null || range === null || (range.low === null && range.high === null)) return null;
  if (range.low !== null && value < range.low) return 'low';
  if (range.high !== null && value > range.high) return 'high';
  return 'normal';
}

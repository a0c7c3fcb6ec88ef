// The mg/dL ⇄ mmol/L switch for cholesterol, triglycerides and glucose: the API sends every value
// in the catalogue's unit (mg/dL); the page shows the one the customer chose, converted with the
// catalogue's own factor, and keeps the lab's value beside any conversion.
import type { Biomarker, BiomarkerPoint, ReferenceRange } from '@shop/shared/contract/results';
import { biomarkerByKey, unitKey } from '@shop/shared/results/units';

export const UNIT_CHOICES = ['mg/dL', 'mmol/L'] as const;
export type UnitChoice = (typeof UNIT_CHOICES)[number];

/** Where the choice is remembered on this device. */
export const UNIT_CHOICE_STORAGE_KEY = 'results-unit-choice';

/** Decimals labs print in mmol/L: glucose 5.4, lipids 3.36. */
const MMOL_DECIMALS: Record<string, number> = {
  'total-cholesterol': 2,
  'ldl-cholesterol': 2,
  'hdl-cholesterol': 2,
  'non-hdl-cholesterol': 2,
  triglycerides: 2,
  glucose: 1,
};

/** mg/dL per mmol/L for a biomarker the switch applies to, else null. */
export function mmolFactor(biomarker: Pick<Biomarker, 'key' | 'unit'>): number | null {
  if (MMOL_DECIMALS[biomarker.key] === undefined || biomarker.unit !== 'mg/dL') return null;
  return biomarkerByKey(biomarker.key)?.conversions['mmol/L'] ?? null;
}

export const hasUnitChoice = (biomarkers: readonly Biomarker[]) =>
  biomarkers.some((biomarker) => mmolFactor(biomarker) !== null);

export const isUnitChoice = (value: unknown): value is UnitChoice =>
  UNIT_CHOICES.includes(value as UnitChoice);

/** The number the lab wrote when it wrote it in `unit` ("3.5 mmol/L" in mmol/L is 3.5). */
function labValueIn(point: BiomarkerPoint, unit: string): number | null {
  const written = /^(-?\d+(?:\.\d+)?)\s+(.+)$/.exec(point.asWritten.trim());
  return written && unitKey(written[2]!) === unitKey(unit) ? Number(written[1]) : null;
}

/**
 * The biomarker as the chosen unit shows it. A value the lab wrote in that unit is its own
 * number, not one converted there and back (3.5 mmol/L, never 3.49).
 */
export function inChosenUnit(biomarker: Biomarker, choice: UnitChoice): Biomarker {
  const factor = mmolFactor(biomarker);
  if (factor === null || choice === 'mg/dL') return biomarker;
  const scale = 10 ** MMOL_DECIMALS[biomarker.key]!;
  const toMmol = (value: number | null) =>
    value === null ? null : Math.round((value / factor) * scale) / scale;
  const toRange = (range: ReferenceRange | null): ReferenceRange | null =>
    range && { low: toMmol(range.low), high: toMmol(range.high), text: range.text };
  const points = biomarker.points.map((point) => ({
    ...point,
    value: point.value === null ? null : (labValueIn(point, choice) ?? toMmol(point.value)),
    range: toRange(point.range),
  }));
  const numbers = points.flatMap((point) => (point.value === null ? [] : [point.value]));
  const [previous, last] = numbers.slice(-2);
  return {
    ...biomarker,
    unit: choice,
    points,
    change:
      biomarker.change === null || previous === undefined || last === undefined
        ? null
        : Math.round((last - previous) * scale) / scale,
  };
}

/** What the lab wrote, when the value shown is a conversion of it; else null. */
export function labWordsBeside(point: BiomarkerPoint, unit: string | null): string | null {
  if (point.value === null || unit === null) return null;
  return labValueIn(point, unit) === point.value ? null : point.asWritten;
}

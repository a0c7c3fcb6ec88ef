// How a biomarker's values are put into words and onto a scale, the same on the card, the range
// bar, the chart and the table. Pure functions, so the page and its tests read them alike.
import {
  BODY_SYSTEMS,
  type Biomarker,
  type BiomarkerPoint,
  type BodySystem,
  type ReferenceRange,
  type ResultFlag,
} from '@shop/shared/contract/results';
import { formatCalendarDate, formatCalendarMonth } from '@shop/shared/format/calendar-date';
import { displayUnit } from '@shop/shared/results/unit-display';

export const SYSTEM_NAMES: Record<BodySystem, string> = {
  heart: 'Heart',
  metabolism: 'Metabolism',
  liver: 'Liver',
  kidney: 'Kidney',
  blood: 'Blood',
  hormones: 'Hormones',
  thyroid: 'Thyroid',
  nutrients: 'Nutrients',
  inflammation: 'Inflammation',
  other: 'Other results',
};

/** A flag in words: colour and icon only ever repeat these. No flag reads as "no range given". */
export const FLAG_WORDS: Record<ResultFlag | 'none', string> = {
  normal: 'In range',
  low: 'Low',
  high: 'High',
  'critically-low': 'Critically low',
  'critically-high': 'Critically high',
  abnormal: 'Outside range',
  none: 'No range given',
};

export type FlagTone = 'ok' | 'warn' | 'critical' | 'plain';

export function flagTone(flag: ResultFlag | null): FlagTone {
  if (flag === 'normal') return 'ok';
  if (flag === 'critically-low' || flag === 'critically-high') return 'critical';
  return flag ? 'warn' : 'plain';
}

export const isCritical = (flag: ResultFlag | null) => flagTone(flag) === 'critical';

// A sample's collection day has no time: the day the lab wrote, in every time zone.
export const formatDate = formatCalendarDate;
export const formatShortDate = formatCalendarMonth;

/** Fewer decimals as values grow: 5.24, 48.5, 162. `scale` sets them for a difference of such values. */
export function formatNumber(value: number, scale = value): string {
  const size = Math.abs(scale);
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : 2;
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value);
}

/** "118 mg/dL", "2.1 mIU/L": the unit as people write it, never its UCUM code. */
export const withUnit = (value: number, unit: string | null, scale = value) =>
  unit ? `${formatNumber(value, scale)} ${displayUnit(unit)}` : formatNumber(value, scale);

/** A range's bounds as labs print them: both with the same decimals (4.0 and 5.6, not 4 and 5.6). */
export function boundWords(range: ReferenceRange): { low: string | null; high: string | null } {
  const { low, high } = range;
  if (low === null || high === null)
    return {
      low: low === null ? null : formatNumber(low),
      high: high === null ? null : formatNumber(high),
    };
  const decimals = (value: number) => formatNumber(value).split('.')[1]?.length ?? 0;
  const digits = Math.max(decimals(low), decimals(high));
  const bound = (value: number) =>
    new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(value);
  return { low: bound(low), high: bound(high) };
}

/** "4.0–5.6", "under 100", "over 40", the lab's own text, or null without a range. */
export function rangeWords(range: ReferenceRange | null): string | null {
  if (!range) return null;
  const { low, high } = boundWords(range);
  if (low !== null && high !== null) return `${low}–${high}`;
  if (high !== null) return `under ${high}`;
  if (low !== null) return `over ${low}`;
  return range.text;
}

/** The point whose value the card shows: the latest reading. */
export const latestPoint = (biomarker: Biomarker): BiomarkerPoint =>
  biomarker.points[biomarker.points.length - 1]!;

/** What the latest value reads as: a number in the biomarker's unit, else as the lab wrote it. */
export function latestValueWords(biomarker: Biomarker): string {
  const point = latestPoint(biomarker);
  return point.value === null ? point.asWritten : withUnit(point.value, biomarker.unit);
}

/** The range bar's text equivalent: "5.2 mmol/L, range 4.0–5.6, high". */
export function rangeBarWords(biomarker: Biomarker): string {
  const point = latestPoint(biomarker);
  const range = rangeWords(point.range);
  return [
    latestValueWords(biomarker),
    range ? `range ${range}` : 'no range given',
    FLAG_WORDS[point.flag ?? 'none'].toLowerCase(),
  ].join(', ');
}

/** Points that can be drawn: a number in the biomarker's unit. Text and unconverted values stay in the table. */
export const chartPoints = (biomarker: Biomarker) =>
  biomarker.points.filter(
    (point): point is BiomarkerPoint & { value: number } => point.value !== null,
  );

export interface Change {
  direction: 'up' | 'down' | 'same';
  /** "Down 13 mg/dL since Sep 1, 2025". */
  words: string;
}

/** The change since the reading before the latest numeric one, or null with fewer than two. */
export function changeSincePrevious(biomarker: Biomarker): Change | null {
  const numeric = chartPoints(biomarker);
  const previous = numeric[numeric.length - 2];
  if (biomarker.change === null || !previous) return null;
  const since = `since ${formatDate(previous.collectedAt)}`;
  if (biomarker.change === 0) return { direction: 'same', words: `No change ${since}` };
  const direction = biomarker.change > 0 ? 'up' : 'down';
  // As precise as the values it compares: 118 and 131 differ by 13, not 13.1.
  const latest = numeric[numeric.length - 1]!.value;
  const amount = withUnit(Math.abs(biomarker.change), biomarker.unit, latest);
  return { direction, words: `${direction === 'up' ? 'Up' : 'Down'} ${amount} ${since}` };
}

/** Where the value and the range sit on a bar from 0 to 100 (percent), with room either side. */
export interface RangeScale {
  value: number;
  low: number | null;
  high: number | null;
}

export function rangeScale(value: number, range: ReferenceRange): RangeScale | null {
  const { low, high } = range;
  if (low === null && high === null) return null;
  const edges = [low, high].filter((edge): edge is number => edge !== null);
  const span = Math.max(...edges) - Math.min(...edges) || Math.max(...edges.map(Math.abs), 1);
  const min = Math.min(low === null ? 0 : low - span * 0.5, value);
  const max = Math.max(high === null ? (low ?? 0) + span * 1.5 : high + span * 0.5, value);
  const at = (x: number) => Math.round(((x - min) / (max - min || 1)) * 1000) / 10;
  return {
    value: at(value),
    low: low === null ? null : at(low),
    high: high === null ? null : at(high),
  };
}

export interface SystemGroup {
  system: BodySystem;
  name: string;
  biomarkers: Biomarker[];
}

/** Biomarkers under their body system, the systems in the page's fixed order, empty ones left out. */
export function groupBySystem(biomarkers: readonly Biomarker[]): SystemGroup[] {
  return BODY_SYSTEMS.map((system) => ({
    system,
    name: SYSTEM_NAMES[system],
    biomarkers: biomarkers.filter((biomarker) => biomarker.system === system),
  })).filter((group) => group.biomarkers.length > 0);
}

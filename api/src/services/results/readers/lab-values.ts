// How labs write numbers, ranges and flags in text (CSV cells, PDF lines): "5,2" with a decimal
// comma, "4.0 - 5.6", "<200", ">= 60", "H", "LL", "*".
import type { ReferenceRange, ResultFlag } from '@shop/shared/contract/results';
import { cleanText } from './parsed-reading';

const NUMBER = String.raw`[-+]?(?:\d+(?:[.,]\d+)*|[.,]\d+)`;
const WHOLE_NUMBER = new RegExp(`^${NUMBER}$`);

/**
 * A number as a lab wrote it, or null. With `decimalComma` a comma is the decimal mark
 * ("5,2" = 5.2) and a dot groups thousands; otherwise the other way round ("6,500" = 6500).
 */
export function parseLabNumber(text: string, decimalComma = false): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!WHOLE_NUMBER.test(trimmed)) return null;
  const [decimal, grouping] = decimalComma ? [',', '.'] : ['.', ','];
  const parts = trimmed.split(decimal);
  if (parts.length > 2) return null;
  const [whole = '', fraction] = parts;
  // Grouping marks split a whole number into threes ("12,500"); anything else is not a number.
  if (whole.includes(grouping) && !/^[-+]?\d{1,3}(?:[.,]\d{3})+$/.test(whole)) return null;
  const number = Number(
    whole.split(grouping).join('') + (fraction === undefined ? '' : `.${fraction}`),
  );
  return Number.isFinite(number) ? number : null;
}

const BOUND = String.raw`(-?\d+(?:[.,]\d+)*)`;
const BETWEEN = new RegExp(String.raw`^${BOUND}\s*(?:-|–|—|to|\.\.)\s*${BOUND}(?:\s|$)`, 'i');
const BELOW = new RegExp(String.raw`^(?:<=?|≤|=<|up to|below|less than)\s*${BOUND}(?:\s|$)`, 'i');
const ABOVE = new RegExp(String.raw`^(?:>=?|≥|=>|above|over|greater than)\s*${BOUND}(?:\s|$)`, 'i');

/** A reference range as written: bounds where it has numbers, the text always kept. */
export function parseRange(text: string, decimalComma = false): ReferenceRange | null {
  const written = cleanText(text, 'rangeText');
  if (written === null) return null;
  const bare = written.replace(/^[[(]|[\])]$/g, '').trim();
  // A bound that does not read one way ("4,0" in a dot-decimal file) is read the other way.
  const number = (value: string | undefined) =>
    value === undefined
      ? null
      : (parseLabNumber(value, decimalComma) ?? parseLabNumber(value, !decimalComma));
  const between = BETWEEN.exec(bare);
  if (between) return { low: number(between[1]), high: number(between[2]), text: written };
  const below = BELOW.exec(bare);
  if (below) return { low: null, high: number(below[1]), text: written };
  const above = ABOVE.exec(bare);
  if (above) return { low: number(above[1]), high: null, text: written };
  return { low: null, high: null, text: written };
}

const FLAGS: Record<string, ResultFlag> = {
  n: 'normal',
  normal: 'normal',
  l: 'low',
  low: 'low',
  lo: 'low',
  '↓': 'low',
  h: 'high',
  high: 'high',
  hi: 'high',
  '↑': 'high',
  ll: 'critically-low',
  'l*': 'critically-low',
  '*l': 'critically-low',
  'critical low': 'critically-low',
  'critically low': 'critically-low',
  'low critical': 'critically-low',
  cl: 'critically-low',
  lu: 'low',
  hh: 'critically-high',
  'h*': 'critically-high',
  '*h': 'critically-high',
  'critical high': 'critically-high',
  'critically high': 'critically-high',
  'high critical': 'critically-high',
  ch: 'critically-high',
  hu: 'high',
  a: 'abnormal',
  aa: 'abnormal',
  abn: 'abnormal',
  abnormal: 'abnormal',
  '*': 'abnormal',
  '!': 'abnormal',
  pos: 'abnormal',
  positive: 'abnormal',
};

/** A lab's flag cell or interpretation code as one of ours, or null for none or unknown. */
export function parseFlag(text: string | null | undefined): ResultFlag | null {
  if (!text) return null;
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return FLAGS[key] ?? null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const isoDay = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? date.toISOString()
    : null;
};

/**
 * A date as labs write it, as an ISO date-time (midnight UTC for a day): 2026-03-14, 14.03.2026,
 * 3/14/2026 or 14/03/2026 (day first when `dayFirst`, or when the first number cannot be a
 * month), 14 Mar 2026, Mar 14, 2026.
 */
export function parseLabDate(text: string, dayFirst: boolean): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (iso) {
    const day = isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (!day || iso[4] === undefined) return day;
    const time = Date.parse(`${iso[1]}-${iso[2]}-${iso[3]}T${iso[4]}:${iso[5]}:${iso[6] ?? '00'}Z`);
    return Number.isNaN(time) ? day : new Date(time).toISOString();
  }
  const numeric = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})\b/.exec(value);
  if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[3])];
    const year = Number(numeric[4]) + (numeric[4]?.length === 2 ? 2000 : 0);
    const dayFirstHere = numeric[2] === '.' || first > 12 || (dayFirst && second <= 12);
    return dayFirstHere ? isoDay(year, second, first) : isoDay(year, first, second);
  }
  const named =
    /^(?:(\d{1,2})[ -]([a-z]{3})[a-z]*\.?[ -,]*(\d{4})|([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4}))\b/i.exec(
      value,
    );
  if (named) {
    const month = MONTHS.indexOf((named[2] ?? named[4] ?? '').toLowerCase()) + 1;
    const day = Number(named[1] ?? named[5]);
    if (month > 0) return isoDay(Number(named[3] ?? named[6]), month, day);
  }
  return null;
}

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

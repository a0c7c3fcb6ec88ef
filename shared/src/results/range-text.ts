// Bounds from a reference range a lab gave only as text ("3.9–5.5 mmol/L fasting", "<5.2",
// "> 40 mg/dL", "70 to 99"), where the numbers are clear. Anything else stays text only.

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
// A unit after the numbers: a word with a slash or a percent sign (mmol/L, mg/dL, U/L, %).
const UNIT = String.raw`(?:\s*((?:x\s*)?(?:10[*^]\d+)?[^\s\d,;()]*[/%][^\s,;()]*|%))?`;
const BETWEEN = new RegExp(
  String.raw`^${NUMBER}\s*(?:-|–|—|to)\s*${NUMBER}${UNIT}(?:\s|$|[,;(])`,
  'i',
);
const ONE_SIDED = new RegExp(
  String.raw`^(<=?|>=?|≤|≥|under|below|over|above)\s*${NUMBER}${UNIT}(?:\s|$|[,;(])`,
  'i',
);

export interface RangeFromText {
  low: number | null;
  high: number | null;
  /** The unit the text names, or null when it names none (the value's unit, then). */
  unit: string | null;
}

const asNumber = Number;

/** The bounds a range's text states, or null when they are not clear. */
export function rangeFromText(text: string): RangeFromText | null {
  const trimmed = `${text.trim()} `;
  const between = BETWEEN.exec(trimmed);
  if (between) {
    const [, low, high, unit] = between;
    const bounds = [asNumber(low!), asNumber(high!)];
    if (bounds.some(Number.isNaN) || bounds[0]! > bounds[1]!) return null;
    return { low: bounds[0]!, high: bounds[1]!, unit: unit ?? null };
  }
  const oneSided = ONE_SIDED.exec(trimmed);
  if (oneSided) {
    const [, sign, bound, unit] = oneSided;
    const value = asNumber(bound!);
    if (Number.isNaN(value)) return null;
    const below = /^(<|≤|under|below)/i.test(sign!);
    return below
      ? { low: null, high: value, unit: unit ?? null }
      : { low: value, high: null, unit: unit ?? null };
  }
  return null;
}

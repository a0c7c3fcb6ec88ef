// Units as people write them. The catalogue and many labs use UCUM codes (`m[IU]/L`, `10*3/uL`,
// `mL/min/{1.73_m2}`), which are for machines; the page shows `mIU/L`, `×10³/µL`, `mL/min/1.73 m²`.

const WRITTEN: Record<string, string> = {
  'mL/min/{1.73_m2}': 'mL/min/1.73 m²',
  'mm[Hg]': 'mmHg',
};

const SUPERSCRIPTS: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};

/** A unit as people write it; a unit already written so comes back unchanged. */
export function displayUnit(unit: string): string {
  const trimmed = unit.trim();
  const written = WRITTEN[trimmed];
  if (written) return written;
  return (
    trimmed
      // Powers of ten: 10*3 (UCUM) and 10^3 as ×10³.
      .replace(
        /^(?:x\s*)?10(?:\*|\^)(-?\d+)/i,
        (_, power: string) =>
          `×10${[...power].map((digit) => SUPERSCRIPTS[digit] ?? digit).join('')}`,
      )
      // Square brackets mark UCUM's arbitrary units ([IU]); curly ones are annotations.
      .replace(/\[([^\]]*)\]/g, '$1')
      .replace(/\{[^}]*\}/g, '')
      // Micro as µ: u before grams, moles, litres, units and katals.
      .replace(/(^|\/)u(?=(?:g|mol|L|IU|U|kat|l)\b)/g, '$1µ')
      .replace(/(^|\/)mcg\b/g, '$1µg')
  );
}

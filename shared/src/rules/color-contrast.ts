// WCAG 2 contrast maths for partner colours: a partner picks the colours, the page keeps text readable.
import { isHexColor } from './hex-color';

export const DARK_TEXT = '#0b2428';
export const LIGHT_TEXT = '#ffffff';
/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Red, green and blue as 0-255; alpha is ignored since the sections sit on an opaque page. */
function channels(hex: string): [number, number, number] {
  let digits = hex.trim().slice(1);
  if (digits.length <= 4) digits = [...digits].map((digit) => digit + digit).join('');
  return [0, 2, 4].map((offset) => Number.parseInt(digits.slice(offset, offset + 2), 16)) as [
    number,
    number,
    number,
  ];
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** From 1 (no contrast) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** Dark or white text, whichever reads better on the background. */
export function readableTextOn(background: string): string {
  return contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background)
    ? DARK_TEXT
    : LIGHT_TEXT;
}

/**
 * The partner's text colour when it reads well enough on their background, otherwise the readable
 * one. A missing or malformed colour falls back the same way.
 */
export function textColorFor(background: string, preferred?: string | null): string {
  if (isHexColor(preferred) && contrastRatio(preferred, background) >= MIN_TEXT_CONTRAST)
    return preferred.trim();
  return readableTextOn(background);
}

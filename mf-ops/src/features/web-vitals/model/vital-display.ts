// How the console words a 75th percentile: LCP in seconds, INP in milliseconds, CLS unitless,
// each with Google's rating in words.
import { rateVital, type VitalRating, type WebVitalName } from '@shop/shared/rules/web-vitals';

export const VITAL_LABELS: Record<WebVitalName, string> = {
  LCP: 'Largest contentful paint',
  INP: 'Interaction to next paint',
  CLS: 'Cumulative layout shift',
};

const RATING_WORDS: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

/** Below this many page loads a 75th percentile says little: the console gives it no rating. */
export const MIN_RATED_SAMPLES = 20;

export function formatVital(name: WebVitalName, value: number): string {
  if (name === 'LCP') return `${(value / 1000).toFixed(2)} s`;
  if (name === 'INP') return `${Math.round(value)} ms`;
  return value.toFixed(3);
}

export function ratingWords(name: WebVitalName, value: number): string {
  return RATING_WORDS[rateVital(name, value)];
}

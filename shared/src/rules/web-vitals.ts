// Core Web Vitals measured in shoppers' browsers: the three metrics, Google's thresholds for their
// ratings, the bounds a real measurement stays within, and the route pattern a measurement is
// filed under (never the address itself, which can hold ids, a partner's key or a query).

export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** The areas a shopper lands on; the operator console and pages no area claims send nothing. */
export const FIELD_DATA_AREAS = ['account', 'catalog', 'checkout', 'storefront'] as const;
export type FieldDataArea = (typeof FIELD_DATA_AREAS)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof VITAL_RATINGS)[number];

/** Good up to the first value, poor above the second (LCP and INP in ms, CLS unitless). */
export const VITAL_THRESHOLDS: Record<WebVitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

/** Above these a value is a broken measurement (a tab left in the background), not a visit. */
export const VITAL_MAX: Record<WebVitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100 };

export function rateVital(name: WebVitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value > poor) return 'poor';
  return value > good ? 'needs-improvement' : 'good';
}

const MAX_SEGMENTS = 6;
// A fixed word of a page's address: lower-case letters and hyphens. Anything else (digits, an
// e-mail, an escape, a long token) may identify someone or something, and becomes ":id".
const ROUTE_WORD = /^[a-z][a-z-]{0,47}$/;

/**
 * The route pattern a path is filed under: query and hash dropped, a partner's key as ":b2bKey",
 * every segment that is not a plain word as ":id", at most six segments ("/*" for the rest).
 * "/shop/acme/pricing?ref=x" → "/shop/:b2bKey/pricing", "/account/orders/123" → "/account/orders/:id".
 */
export function routePatternOf(path: string): string {
  const segments = (path.split(/[?#]/, 1)[0] ?? '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.toLowerCase());
  const pattern = segments.slice(0, MAX_SEGMENTS).map((segment, index) => {
    if (index === 1 && segments[0] === 'shop') return ':b2bKey';
    return ROUTE_WORD.test(segment) ? segment : ':id';
  });
  if (segments.length > MAX_SEGMENTS) pattern.push('*');
  return `/${pattern.join('/')}`;
}

// Recurring intervals as the shop names them, derived from the
// payment provider's plain interval + count.

/** The payment provider's own billing units. */
export type ProviderInterval = 'day' | 'week' | 'month' | 'year';

/** Every interval name derived from unit x count; the contract's derivedIntervalSchema is built from it. */
export const RECURRING_INTERVALS = [
  'day',
  'week',
  'month',
  'year',
  'quarter',
  'twice-year',
  '4-weeks',
  '2-years',
  '20-days',
  '60-days',
] as const;

export type RecurringInterval = (typeof RECURRING_INTERVALS)[number];

const NAMED_INTERVALS: Partial<
  Record<ProviderInterval, Partial<Record<number, RecurringInterval>>>
> = {
  month: { 3: 'quarter', 6: 'twice-year' },
  day: { 28: '4-weeks', 20: '20-days', 60: '60-days' },
  year: { 2: '2-years' },
};

export function isRecurringInterval(value: unknown): value is RecurringInterval {
  return typeof value === 'string' && (RECURRING_INTERVALS as readonly string[]).includes(value);
}

/**
 * month x3 = quarter, month x6 = twice-year, day x28 = 4-weeks, year x2 = 2-years,
 * day x20 = 20-days, day x60 = 60-days. Any other count keeps the plain interval,
 * as the spec lists no other names.
 */
export function deriveRecurringInterval(
  interval: ProviderInterval,
  intervalCount = 1,
): RecurringInterval {
  return NAMED_INTERVALS[interval]?.[intervalCount] ?? interval;
}

/** 'every 6 months' and 'every 2 years'; any other interval gets 'ly' appended, literally. */
export function intervalLabel(interval: RecurringInterval): string {
  if (interval === 'twice-year') return 'every 6 months';
  if (interval === '2-years') return 'every 2 years';
  return `${interval}ly`;
}

const DURATIONS: Record<RecurringInterval, string> = {
  day: '1 day',
  week: '1 week',
  month: '1 month',
  quarter: '3 months',
  year: '1 year',
  'twice-year': '6 months',
  '2-years': '2 years',
  '4-weeks': '28 days',
  '20-days': '20 days',
  '60-days': '60 days',
};

/** The length of one billing period, e.g. "price per 6 months". */
export function intervalDuration(interval: RecurringInterval): string {
  return DURATIONS[interval];
}

// Nominal days per provider unit: only for ordering periods, never for dates (those step with dayjs).
const NOMINAL_DAYS: Record<ProviderInterval, number> = {
  day: 1,
  week: 7,
  month: 30.4375,
  year: 365.25,
};

/** Orders billing periods shortest first (20 days < 4 weeks < 1 month < 60 days < a quarter …). */
export function compareBillingPeriods(
  a: { interval: ProviderInterval; intervalCount: number },
  b: { interval: ProviderInterval; intervalCount: number },
): number {
  return NOMINAL_DAYS[a.interval] * a.intervalCount - NOMINAL_DAYS[b.interval] * b.intervalCount;
}

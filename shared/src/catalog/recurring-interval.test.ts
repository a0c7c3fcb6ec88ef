import {
  RECURRING_INTERVALS,
  compareBillingPeriods,
  deriveRecurringInterval,
  intervalDuration,
  intervalLabel,
  isRecurringInterval,
  type ProviderInterval,
  type RecurringInterval,
} from './recurring-interval';

describe('deriveRecurringInterval', () => {
  it.each<[ProviderInterval, number, RecurringInterval]>([
    ['month', 3, 'quarter'],
    ['month', 6, 'twice-year'],
    ['day', 28, '4-weeks'],
    ['year', 2, '2-years'],
    ['day', 20, '20-days'],
    ['day', 60, '60-days'],
  ])('names %s x%i as %s', (interval, count, expected) => {
    expect(deriveRecurringInterval(interval, count)).toBe(expected);
  });

  it.each<[ProviderInterval, number]>([
    ['month', 1],
    ['year', 1],
    ['week', 1],
    ['day', 1],
  ])('keeps the plain interval for %s x%i', (interval, count) => {
    expect(deriveRecurringInterval(interval, count)).toBe(interval);
  });

  it('treats a missing count as 1', () => {
    expect(deriveRecurringInterval('month')).toBe('month');
  });

  it.each<[ProviderInterval, number]>([
    ['month', 2],
    ['week', 4],
    ['year', 3],
    ['day', 30],
    ['week', 6],
  ])('keeps the plain interval for an unnamed combination %s x%i', (interval, count) => {
    expect(deriveRecurringInterval(interval, count)).toBe(interval);
  });
});

describe('intervalLabel', () => {
  it('says every 6 months for twice-year and every 2 years for 2-years', () => {
    expect(intervalLabel('twice-year')).toBe('every 6 months');
    expect(intervalLabel('2-years')).toBe('every 2 years');
  });

  it.each<[RecurringInterval, string]>([
    ['month', 'monthly'],
    ['quarter', 'quarterly'],
    ['year', 'yearly'],
    ['week', 'weekly'],
    ['day', 'dayly'],
    ['4-weeks', '4-weeksly'],
    ['20-days', '20-daysly'],
    ['60-days', '60-daysly'],
  ])('appends ly to %s as the spec rule says: %s', (interval, expected) => {
    expect(intervalLabel(interval)).toBe(expected);
  });
});

describe('intervalDuration', () => {
  it.each<[RecurringInterval, string]>([
    ['twice-year', '6 months'],
    ['2-years', '2 years'],
    ['4-weeks', '28 days'],
    ['20-days', '20 days'],
    ['60-days', '60 days'],
    ['month', '1 month'],
    ['quarter', '3 months'],
    ['year', '1 year'],
    ['week', '1 week'],
    ['day', '1 day'],
  ])('%s lasts %s', (interval, expected) => {
    expect(intervalDuration(interval)).toBe(expected);
  });

  it('has a duration for every interval', () => {
    for (const interval of RECURRING_INTERVALS) {
      expect(intervalDuration(interval)).toMatch(/^\d+ (day|week|month|year)s?$/);
    }
  });
});

describe('isRecurringInterval', () => {
  it('accepts every known interval', () => {
    for (const interval of RECURRING_INTERVALS) {
      expect(isRecurringInterval(interval)).toBe(true);
    }
  });

  it.each([['monthly'], ['Month'], [''], [null], [3], [undefined]])('rejects %p', (value) => {
    expect(isRecurringInterval(value)).toBe(false);
  });
});

describe('compareBillingPeriods', () => {
  it('orders periods shortest first across units', () => {
    const periods: { interval: ProviderInterval; intervalCount: number }[] = [
      { interval: 'year', intervalCount: 1 },
      { interval: 'day', intervalCount: 60 },
      { interval: 'month', intervalCount: 3 },
      { interval: 'week', intervalCount: 1 },
      { interval: 'month', intervalCount: 1 },
      { interval: 'day', intervalCount: 28 },
      { interval: 'year', intervalCount: 2 },
      { interval: 'day', intervalCount: 20 },
      { interval: 'month', intervalCount: 6 },
    ];
    expect(
      [...periods].sort(compareBillingPeriods).map((p) => `${p.interval}x${p.intervalCount}`),
    ).toEqual([
      'weekx1',
      'dayx20',
      'dayx28',
      'monthx1',
      'dayx60',
      'monthx3',
      'monthx6',
      'yearx1',
      'yearx2',
    ]);
  });
});

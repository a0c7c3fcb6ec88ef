/**
 * @jest-environment <rootDir>/../jest.environment-new-york.cjs
 */
// Runs in New York, where UTC midnight is still the evening before.
import { calendarDay, formatCalendarDate, formatCalendarMonth } from './calendar-date';

describe('a date without a time', () => {
  it('runs where UTC midnight is the day before (the case it guards against)', () => {
    expect(new Date('2026-01-10T00:00:00.000Z').getDate()).toBe(9);
  });

  it('reads as written in New York, from the day or its UTC midnight', () => {
    expect(formatCalendarDate('2026-01-10')).toBe('Jan 10, 2026');
    expect(formatCalendarDate('2026-01-10T00:00:00.000Z')).toBe('Jan 10, 2026');
    expect(formatCalendarDate(new Date('2026-01-10T00:00:00.000Z'))).toBe('Jan 10, 2026');
    expect(formatCalendarDate('2026-01-01T00:00:00.000Z')).toBe('Jan 1, 2026');
    expect(formatCalendarMonth('2026-01-01T00:00:00.000Z')).toBe("Jan '26");
    expect(calendarDay('2025-12-31')).toEqual({ year: 2025, month: 12, day: 31 });
  });

  it('gives nothing for a value that is no date', () => {
    expect(calendarDay('not a date')).toBeNull();
    expect(formatCalendarDate('not a date')).toBe('');
  });
});

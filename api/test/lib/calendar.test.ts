import { addCalendarSteps } from '../../src/lib/calendar';

const utc = (iso: string) => new Date(`${iso}T09:30:00.000Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('addCalendarSteps', () => {
  it.each([
    ['2026-01-29', '2026-02-28'],
    ['2026-01-30', '2026-02-28'],
    ['2026-01-31', '2026-02-28'],
    ['2028-01-31', '2028-02-29'],
    ['2028-02-29', '2028-03-29'],
    ['2026-03-31', '2026-04-30'],
  ])('a month from %s ends on its month’s last day at most: %s', (start, end) => {
    expect(day(addCalendarSteps(utc(start), 'month', 1))).toBe(end);
  });

  it('a quarter from Nov 30 ends on Feb 28, and a year from Feb 29 on Feb 28', () => {
    expect(day(addCalendarSteps(utc('2026-11-30'), 'month', 3))).toBe('2027-02-28');
    expect(day(addCalendarSteps(utc('2028-02-29'), 'year', 1))).toBe('2029-02-28');
    expect(day(addCalendarSteps(utc('2028-02-29'), 'year', 4))).toBe('2032-02-29');
  });

  it('counts every step from the anchor, so a short month does not shorten the later ones', () => {
    const anchor = utc('2026-01-31');
    const ends = [1, 2, 3, 4].map((steps) => day(addCalendarSteps(anchor, 'month', 1, steps)));
    expect(ends).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('steps days and weeks, keeping the time of day in UTC', () => {
    const start = new Date('2026-03-28T23:30:00.000Z');
    expect(addCalendarSteps(start, 'day', 2).toISOString()).toBe('2026-03-30T23:30:00.000Z');
    expect(addCalendarSteps(start, 'week', 1).toISOString()).toBe('2026-04-04T23:30:00.000Z');
    expect(addCalendarSteps(utc('2026-11-30'), 'month', 3).toISOString()).toBe(
      '2027-02-28T09:30:00.000Z',
    );
  });
});

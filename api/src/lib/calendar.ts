// Calendar steps in UTC (the machine's time zone never matters). A step is always counted from
// the anchor (anchor + n months), never chained from the previous step, and a month or year step
// that lands past the end of a month stops at its last day: Jan 31 + 1 month is Feb 28 (29).
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export type CalendarUnit = 'day' | 'week' | 'month' | 'year';

/** The anchor moved `steps` times `count` units on: the end of the `steps`-th period from it. */
export function addCalendarSteps(anchor: Date, unit: CalendarUnit, count: number, steps = 1): Date {
  return dayjs
    .utc(anchor)
    .add(count * steps, unit)
    .toDate();
}

// Subscription periods in UTC, always counted from the anchor (anchor + n months), so Jan 31 +
// 1 month stops at the end of February.
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

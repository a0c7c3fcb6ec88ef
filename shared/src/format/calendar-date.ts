// Dates without a time (the day a sample was taken, a birth date) are shown as written, in every
// time zone. They travel as 'YYYY-MM-DD' or as that day's UTC midnight; `new Date` and dayjs read
// either as an instant and show it in the viewer's zone, which is the day before west of Greenwich.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export interface CalendarDay {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** The day a date-only value names: 'YYYY-MM-DD' as written, else the UTC day of the instant. */
export function calendarDay(value: string | Date): CalendarDay | null {
  const written = typeof value === 'string' ? DATE_ONLY.exec(value.trim()) : null;
  if (written) {
    const [, year, month, day] = written;
    return { year: Number(year), month: Number(month), day: Number(day) };
  }
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) return null;
  return {
    year: instant.getUTCFullYear(),
    month: instant.getUTCMonth() + 1,
    day: instant.getUTCDate(),
  };
}

/** "Jan 10, 2026" for '2026-01-10' or 2026-01-10T00:00:00Z, wherever it is read. */
export function formatCalendarDate(value: string | Date): string {
  const day = calendarDay(value);
  return day ? `${MONTHS[day.month - 1]} ${day.day}, ${day.year}` : '';
}

/** "Jan '26": the month and short year of a date-only value, for a chart's axis. */
export function formatCalendarMonth(value: string | Date): string {
  const day = calendarDay(value);
  return day ? `${MONTHS[day.month - 1]} '${String(day.year).slice(-2)}` : '';
}

import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Support answers Monday to Friday, 9:00-15:00 New York time. */
export const SUPPORT_TIME_ZONE = 'America/New_York';
export const SUPPORT_OPENS_HOUR = 9;
export const SUPPORT_CLOSES_HOUR = 15;

export interface SupportStatus {
  open: boolean;
  /** When support opens next; null while it is open. */
  nextOpen: Date | null;
  /** "Open now · until 3:00 PM ET" or "Opens Mon 9:00 AM ET". */
  label: string;
}

const isWeekday = (weekday: number) => weekday >= 1 && weekday <= 5;

/** A wall-clock time on a New York calendar date, with that day's own UTC offset (EST or EDT). */
function newYorkTime(date: string, hour: number) {
  return dayjs.tz(`${date} ${String(hour).padStart(2, '0')}:00`, SUPPORT_TIME_ZONE);
}

function nextOpening(now: Date): dayjs.Dayjs {
  // Walk calendar dates in UTC, which has no DST, and only then pin 9:00 to New York.
  let date = dayjs.utc(dayjs(now).tz(SUPPORT_TIME_ZONE).format('YYYY-MM-DD'));
  for (;;) {
    if (isWeekday(date.day())) {
      const opening = newYorkTime(date.format('YYYY-MM-DD'), SUPPORT_OPENS_HOUR);
      if (opening.valueOf() > now.valueOf()) return opening;
    }
    date = date.add(1, 'day');
  }
}

export function supportStatus(now: Date): SupportStatus {
  if (Number.isNaN(now.valueOf())) {
    throw new Error('supportStatus needs a valid date');
  }
  const local = dayjs(now).tz(SUPPORT_TIME_ZONE);
  const today = local.format('YYYY-MM-DD');
  const opens = newYorkTime(today, SUPPORT_OPENS_HOUR);
  const closes = newYorkTime(today, SUPPORT_CLOSES_HOUR);
  const open =
    isWeekday(local.day()) && now.valueOf() >= opens.valueOf() && now.valueOf() < closes.valueOf();
  if (open) {
    return {
      open,
      nextOpen: null,
      label: `Open now · until ${closes.tz(SUPPORT_TIME_ZONE).format('h:mm A')} ET`,
    };
  }
  const next = nextOpening(now);
  return {
    open,
    nextOpen: next.toDate(),
    label: `Opens ${next.tz(SUPPORT_TIME_ZONE).format('ddd h:mm A')} ET`,
  };
}

/**
 * When a message left at `now` should be answered: by closing time on the day support is open,
 * today while it is open, else on the day it next opens.
 */
export function expectedAnswer(now: Date): { at: Date; label: string } {
  const status = supportStatus(now);
  const day = dayjs(status.nextOpen ?? now)
    .tz(SUPPORT_TIME_ZONE)
    .format('YYYY-MM-DD');
  const at = newYorkTime(day, SUPPORT_CLOSES_HOUR).tz(SUPPORT_TIME_ZONE);
  return {
    at: at.toDate(),
    label: status.open
      ? `today by ${at.format('h:mm A')} ET`
      : `by ${at.format('ddd, MMM D, h:mm A')} ET`,
  };
}

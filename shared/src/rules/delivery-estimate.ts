import dayjs, { type Dayjs } from 'dayjs';

/** Shipping windows in business days. */
export const DELIVERY_BUSINESS_DAYS = {
  US: { min: 3, max: 4 },
  CA: { min: 5, max: 7 },
} as const;

export type DeliveryCountry = keyof typeof DELIVERY_BUSINESS_DAYS;

export interface DeliveryEstimate {
  from: Date;
  to: Date;
  /** "Arrives Thu, Nov 26 - Fri, Nov 27" */
  label: string;
}

export function isDeliveryCountry(value: string): value is DeliveryCountry {
  return Object.hasOwn(DELIVERY_BUSINESS_DAYS, value);
}

function isWeekend(day: Dayjs): boolean {
  return day.day() === 0 || day.day() === 6;
}

/**
 * Moves forward by whole business days (Mon-Fri). Public holidays are not skipped:
 * the spec names none, and the estimate is a promise of "about", not a carrier date.
 */
export function addBusinessDays(start: Dayjs, businessDays: number): Dayjs {
  let day = start;
  let counted = 0;
  while (counted < businessDays) {
    day = day.add(1, 'day');
    if (!isWeekend(day)) counted += 1;
  }
  return day;
}

/**
 * The arrival window for an order placed at `orderDate`, counted in the runtime's local
 * calendar (the shopper's, in the browser). Days start counting the day after the order,
 * so an order from Friday to Sunday is first counted on Monday.
 */
export function deliveryEstimate(orderDate: Date, country: string): DeliveryEstimate {
  const code = country.trim().toUpperCase();
  if (!isDeliveryCountry(code)) {
    throw new Error(
      `No delivery estimate for country "${country}": only ${Object.keys(DELIVERY_BUSINESS_DAYS).join(', ')} are shipped to`,
    );
  }
  const ordered = dayjs(orderDate);
  if (!ordered.isValid()) {
    throw new Error('deliveryEstimate needs a valid order date');
  }
  const window = DELIVERY_BUSINESS_DAYS[code];
  const start = ordered.startOf('day');
  const from = addBusinessDays(start, window.min);
  const to = addBusinessDays(start, window.max);
  return {
    from: from.toDate(),
    to: to.toDate(),
    label: `Arrives ${from.format('ddd, MMM D')} - ${to.format('ddd, MMM D')}`,
  };
}

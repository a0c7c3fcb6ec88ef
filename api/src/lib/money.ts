import { MAX_CENTS } from '@shop/shared/contract/common';

/**
 * Money is integer cents. These helpers refuse anything else, so a float or a string from a
 * driver can never slip into a total.
 */
export type Cents = number;

export function assertCents(value: unknown, label = 'amount'): Cents {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_CENTS) {
    throw new RangeError(
      `${label} must be a whole number of cents between 0 and ${MAX_CENTS}, got ${String(value)}`,
    );
  }
  return value;
}

/** Reads a money column: pg may hand back a string for int8/numeric, PGlite a number. */
export function centsFromDb(value: unknown, label = 'amount'): Cents {
  if (typeof value === 'string' && /^\d+$/.test(value)) return assertCents(Number(value), label);
  if (typeof value === 'bigint') return assertCents(Number(value), label);
  return assertCents(value, label);
}

export function sumCents(values: readonly Cents[]): Cents {
  return assertCents(
    values.reduce((total, value) => total + assertCents(value), 0),
    'sum',
  );
}

export function multiplyCents(unit: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity) || quantity < 0)
    throw new RangeError(`quantity must be a whole number, got ${quantity}`);
  return assertCents(assertCents(unit) * quantity, 'line amount');
}

/** A percentage of an amount, rounded half up to the cent. */
export function percentOfCents(amount: Cents, percent: number): Cents {
  if (!(percent >= 0 && percent <= 100))
    throw new RangeError(`percent must be 0-100, got ${percent}`);
  return assertCents(Math.round((assertCents(amount) * percent) / 100));
}

/** Subtracts, never going below zero (a discount larger than the subtotal makes it free). */
export function subtractCentsFloor(amount: Cents, minus: Cents): Cents {
  return Math.max(0, assertCents(amount) - assertCents(minus));
}

/** For logs and emails: 9900 -> "$99", 9950 -> "$99.50". */
export function formatCents(amount: Cents, currency = 'usd'): string {
  const symbol = currency === 'cad' ? 'CA$' : '$';
  const whole = assertCents(amount) % 100 === 0;
  return `${symbol}${whole ? String(amount / 100) : (amount / 100).toFixed(2)}`;
}

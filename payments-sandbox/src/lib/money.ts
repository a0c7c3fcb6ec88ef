import { MAX_CENTS } from '@shop/shared/contract/common';

/** Amounts are integer cents: a float or a string never reaches a charge or a refund. */
export function assertCents(value: unknown, label = 'amount'): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_CENTS) {
    throw new RangeError(
      `${label} must be a whole number of cents between 0 and ${MAX_CENTS}, got ${String(value)}`,
    );
  }
  return value;
}

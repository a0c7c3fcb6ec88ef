// Shared by the cart display and the server's order totals, so both show the same cents.

export type Discount =
  { kind: 'percent'; percentOff: number } | { kind: 'amount'; amountOffCents: number };

function assertFinite(value: number, name: string): void {
  if (!Number.isFinite(value))
    throw new RangeError(`${name} must be a finite number, got ${value}`);
}

/**
 * How many cents a discount takes off a subtotal.
 * - percent: subtotal x percentOff / 100, rounded half up to a whole cent
 *   (1010 cents at 5% = 50.5 -> 51), the usual commercial rounding;
 * - amount: the fixed amount.
 * Either way the result is capped at the subtotal and never negative, so a total can never
 * go below zero and a bad percent (over 100, or negative) cannot pay the shopper.
 */
export function discountAmount(subtotalCents: number, discount: Discount): number {
  if (!Number.isInteger(subtotalCents)) {
    throw new RangeError(`subtotalCents must be integer cents, got ${subtotalCents}`);
  }
  if (subtotalCents <= 0) return 0;
  let off: number;
  if (discount.kind === 'percent') {
    assertFinite(discount.percentOff, 'percentOff');
    off = Math.round((subtotalCents * discount.percentOff) / 100);
  } else {
    assertFinite(discount.amountOffCents, 'amountOffCents');
    off = Math.round(discount.amountOffCents);
  }
  return Math.min(subtotalCents, Math.max(0, off));
}

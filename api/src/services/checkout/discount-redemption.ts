// A code's use is recorded in the transaction that marks its order paid, on every kind of order
// (consumer, business, employer-paid). A one-use-per-customer code the email has used already
// stops that transaction, so record-payment.ts refunds the charge: two racing orders never both keep it.
import type { DiscountRow, Executor } from '../../db/schema';
import { recordRedemption } from '../../repositories/discounts-repository';
import { DISCOUNT_MESSAGES, discountInvalid } from './pricing';

/** Refused before any charge. */
export const discountAlreadyUsed = () => discountInvalid(DISCOUNT_MESSAGES.already_used);

/**
 * Records the use of the order's code (no code: nothing to do). When this email has used it
 * already, the refusal comes after the charge, so it says the payment goes back.
 */
export async function redeemDiscount(
  trx: Executor,
  row: DiscountRow | null,
  use: { email: string; orderId: string },
): Promise<void> {
  if (row && !(await recordRedemption(trx, row, use)))
    throw discountInvalid(
      `${DISCOUNT_MESSAGES.already_used} Your payment was refunded.`,
      DISCOUNT_MESSAGES.already_used,
    );
}

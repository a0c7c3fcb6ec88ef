import { z } from 'zod';
import { safeString } from './text';
import { currencySchema, centsSchema, isoDateTimeSchema } from './common';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Raw card details typed by the shopper. They go to our API only to be tokenised by the
 * payment provider; the server keeps brand, last4 and expiry, never the number.
 */
export const cardInputSchema = z
  .object({
    number: safeString({ message: 'Please enter a card number' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        safeString()
          .regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')
          .refine(luhnValid, 'Card number is not valid'),
      ),
    expMonth: z.coerce.number().int().min(1, 'Month must be 1-12').max(12, 'Month must be 1-12'),
    expYear: z.coerce
      .number()
      .int()
      .transform((year) => (year < 100 ? 2000 + year : year))
      .pipe(z.number().min(2000).max(2100)),
    cvc: safeString()
      .trim()
      .regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
  })
  .superRefine((card, ctx) => {
    const now = new Date();
    const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
    if (card.expYear * 12 + card.expMonth < currentMonth) {
      ctx.addIssue({ code: 'custom', path: ['expYear'], message: 'Card has expired' });
    }
  });
export type CardInput = z.input<typeof cardInputSchema>;

export const cardBrandSchema = z.enum(['visa', 'mastercard', 'amex', 'discover', 'unknown']);

/** A saved card as the shopper sees it. */
export const paymentMethodViewSchema = z.object({
  id: safeString(),
  brand: cardBrandSchema,
  last4: safeString(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/** How a checkout or upgrade pays: a new card, a saved card, or buy-now-pay-later. */
export const paymentMethodInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), card: cardInputSchema, save: z.boolean().default(false) }),
  z.object({ type: z.literal('saved'), paymentMethodId: safeString().min(1).max(100) }),
  z.object({ type: z.literal('bnpl'), consentId: z.uuid() }),
]);
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;

export const paymentStatusSchema = z.enum(['succeeded', 'requires_action', 'failed', 'canceled']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The result of a charge as a client sees it; `requires_action` is followed by a confirm call. */
export const chargeViewSchema = z.object({
  id: safeString(),
  status: paymentStatusSchema,
  amount: centsSchema,
  currency: currencySchema,
  failureCode: safeString().nullable(),
  failureMessage: safeString().nullable(),
  nextAction: z.object({ type: z.literal('confirm'), message: safeString() }).nullable(),
  createdAt: isoDateTimeSchema,
});
export type ChargeView = z.infer<typeof chargeViewSchema>;

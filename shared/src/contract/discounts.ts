import { z } from 'zod';
import { safeString } from './text';
import {
  centsSchema,
  currencySchema,
  emailInputSchema,
  MAX_CENTS,
  queryListSchema,
} from './common';
import { shopKeySchema } from './customization';

export const discountCodeSchema = safeString()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'A discount code is letters, digits, - and _')
  .transform((code) => code.toUpperCase());

/** A discount as shoppers may see it (restrictions are summarised, never the email list). */
export const discountSchema = z.object({
  code: safeString(),
  kind: z.enum(['percent', 'amount']),
  percentOff: z.number().int().min(1).max(100).nullable(),
  amountOff: centsSchema.nullable(),
  currency: currencySchema,
  businessKey: safeString().nullable(),
  minSubtotal: centsSchema.nullable(),
  productLookupKeys: z.array(safeString()).nullable(),
  expiresAt: safeString().nullable(),
  emailRestricted: z.boolean(),
  /** One order per email address. */
  oncePerCustomer: z.boolean(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountParamsSchema = z.object({ code: discountCodeSchema });

/** GET /payments/stripe-subscriptions/discounts/{code}?businessKey&email: the data or null. */
export const discountLookupQuerySchema = z.object({
  businessKey: shopKeySchema.optional(),
  email: emailInputSchema.optional(),
});
export const discountLookupResponseSchema = discountSchema.nullable();

/** GET /api/v1/discounts/{code}?b2bKey&email: the storefront's lookup, same answer. */
export const storefrontDiscountQuerySchema = z.object({
  b2bKey: shopKeySchema,
  email: emailInputSchema.optional(),
});

export const DISCOUNT_INVALID_REASONS = [
  'not_found',
  'expired',
  'not_for_products',
  'not_for_email',
  'below_minimum',
  'not_for_business',
  'already_used',
] as const;
export const discountInvalidReasonSchema = z.enum(DISCOUNT_INVALID_REASONS);
export type DiscountInvalidReason = z.infer<typeof discountInvalidReasonSchema>;

/** GET …/discounts/{code}/is-valid?email&sum&priceIds: sum is the cart subtotal in cents. */
export const discountValidityQuerySchema = z.object({
  email: emailInputSchema.optional(),
  // A subtotal past MAX_CENTS is no cart of ours, and its discount would not fit the response.
  sum: z.coerce.number().int().min(0).max(MAX_CENTS),
  priceIds: queryListSchema,
  businessKey: shopKeySchema.optional(),
});
export const discountValidityResponseSchema = z.object({
  valid: z.boolean(),
  reason: discountInvalidReasonSchema.nullable(),
  message: safeString().nullable(),
  // What the code takes off `sum`, capped at the sum.
  discountAmount: centsSchema,
});
export type DiscountValidity = z.infer<typeof discountValidityResponseSchema>;

import { z } from 'zod';
import { safeString } from './text';
import { addressViewSchema, centsSchema, currencySchema, isoDateTimeSchema } from './common';
import { orderStatusSchema } from './checkout';

// The signed-in customer's own orders (API_PATHS.accountOrder*): every order placed with their
// account, on the shop, on a partner's storefront or by a renewal. Only the owner is answered;
// another user's order and an unknown id are the same 404 NOT_FOUND.

/** Where the order came from: the shop, a partner's storefront, a subscription's renewal, a business checkout. */
export const ACCOUNT_ORDER_KINDS = ['consumer', 'partner', 'renewal', 'business'] as const;
export const accountOrderKindSchema = z.enum(ACCOUNT_ORDER_KINDS);
export type AccountOrderKind = z.infer<typeof accountOrderKindSchema>;

export const accountOrderSummarySchema = z.object({
  id: safeString(),
  /** The reference the thank-you page and the receipt give: the id's first 8 characters, upper case. */
  number: safeString(),
  kind: accountOrderKindSchema,
  /** The partner's name for an order placed on its storefront. */
  partnerName: safeString().nullable(),
  status: orderStatusSchema,
  currency: currencySchema,
  total: centsSchema,
  /** Refunded so far (or on its way). */
  refunded: centsSchema,
  /** What was bought, in a few words: the first line's title, and how many more lines. */
  summary: safeString(),
  createdAt: isoDateTimeSchema,
});
export type AccountOrderSummary = z.infer<typeof accountOrderSummarySchema>;

/** Newest first. */
export const accountOrderListSchema = z.object({ orders: z.array(accountOrderSummarySchema) });
export type AccountOrderList = z.infer<typeof accountOrderListSchema>;

export const accountOrderLineSchema = z.object({
  title: safeString(),
  quantity: z.number().int(),
  unitAmount: centsSchema,
  amount: centsSchema,
});

export const accountOrderRefundSchema = z.object({
  id: safeString(),
  amount: centsSchema,
  status: z.enum(['pending', 'succeeded']),
  /** The line refunded, or null for the whole order. */
  lineTitle: safeString().nullable(),
  createdAt: isoDateTimeSchema,
});
export type AccountOrderRefund = z.infer<typeof accountOrderRefundSchema>;

export const accountOrderDetailSchema = accountOrderSummarySchema.extend({
  email: safeString(),
  lines: z.array(accountOrderLineSchema),
  subtotal: centsSchema,
  discount: centsSchema,
  discountCode: safeString().nullable(),
  shipping: centsSchema,
  /** How it was paid: "Visa •••• 4242", "Pay later", or null. */
  paymentLabel: safeString().nullable(),
  shippingAddress: addressViewSchema,
  refunds: z.array(accountOrderRefundSchema),
  /** The subscription the order started or renewed, when there is one. */
  subscriptionId: safeString().nullable(),
});
export type AccountOrderDetail = z.infer<typeof accountOrderDetailSchema>;

export const accountOrderParamsSchema = z.object({ id: safeString().min(1).max(100) });

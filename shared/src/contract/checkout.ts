import { z } from 'zod';
import { safeString } from './text';
import {
  addressSchema,
  addressViewSchema,
  centsSchema,
  countrySchema,
  currencySchema,
  DEFAULT_CURRENCY,
  emailInputSchema,
  isoDateTimeSchema,
  okSchema,
  queryListSchema,
  sessionIdSchema,
} from './common';
import { cartItemSchema, cartSchema, MAX_CART_LINE_QUANTITY, putCartBodySchema } from './cart';
import {
  chargeViewSchema,
  nextActionSchema,
  paymentMethodInputSchema,
  providerTokenSchema,
} from './payment';
import { discountCodeSchema, discountInvalidReasonSchema } from './discounts';
import { derivedIntervalSchema } from './catalog';
import { shopKeySchema } from './customization';

export const shippingCostQuerySchema = z.object({
  // Any two letters: the server answers an unsupported country with a 400 UNSUPPORTED_COUNTRY.
  country: safeString()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as US'),
  lookupKeys: queryListSchema,
  currency: z.enum(['usd', 'cad']).default(DEFAULT_CURRENCY),
  // 1: ship every kit of a subscription upfront in one parcel.
  consolidated: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
});
export const shippingCostResponseSchema = z.object({ shippingCost: centsSchema });
export type ShippingCostResponse = z.infer<typeof shippingCostResponseSchema>;

export const checkoutStartBodySchema = z.object({
  email: emailInputSchema,
  country: countrySchema,
  first_name: safeString().trim().min(1).max(100),
  last_name: safeString().trim().min(1).max(100),
  event_name: safeString().trim().min(1).max(100),
});
export type CheckoutStartBody = z.input<typeof checkoutStartBodySchema>;
export const checkoutStartResponseSchema = okSchema;

/** Orders: the server prices every line itself; a client price is never read. */
export const ORDER_STATUSES = [
  'pending',
  'requires_action',
  'paid',
  'failed',
  'fulfilled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderLineSchema = z.object({
  lookupKey: safeString(),
  priceId: safeString(),
  title: safeString(),
  quantity: z.number().int(),
  unitAmount: centsSchema,
  amount: centsSchema,
  /** The billing interval (Catalog rules), null for a one-time price. */
  interval: derivedIntervalSchema.nullable(),
});

export const ORDER_KINDS = ['consumer', 'business'] as const;

export const orderSchema = z.object({
  id: safeString(),
  kind: z.enum(ORDER_KINDS),
  status: orderStatusSchema,
  email: safeString(),
  currency: currencySchema,
  lines: z.array(orderLineSchema),
  subtotal: centsSchema,
  discount: centsSchema,
  shipping: centsSchema,
  total: centsSchema,
  discountCode: safeString().nullable(),
  shipUpfront: z.boolean(),
  bnpl: z.boolean(),
  businessKey: safeString().nullable(),
  shippingAddress: addressViewSchema,
  payment: chargeViewSchema.nullable(),
  /** How it was paid, for the receipt: "Visa •••• 4242", "Pay later", or null while unpaid. */
  paymentLabel: safeString().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Order = z.infer<typeof orderSchema>;

/** POST …/checkout/quote: the server's own pricing of a cart, the one source of every total shown. */
export const checkoutQuoteBodySchema = z.object({
  items: z.array(cartItemSchema).max(50),
  country: countrySchema.default('US'),
  shipUpfront: z.boolean().default(false),
  discountCode: discountCodeSchema.nullish(),
  email: emailInputSchema.optional(),
  businessKey: shopKeySchema.optional(),
});
export type CheckoutQuoteBody = z.input<typeof checkoutQuoteBodySchema>;
export const quoteLineSchema = orderLineSchema;
export type QuoteLine = z.infer<typeof quoteLineSchema>;
export const checkoutQuoteSchema = z.object({
  currency: currencySchema,
  lines: z.array(quoteLineSchema),
  subtotal: centsSchema,
  discount: centsSchema,
  shipping: centsSchema,
  total: centsSchema,
  discountCode: safeString().nullable(),
  /** Why a code that was sent takes nothing off; null when it applies or none was sent. */
  discountProblem: z
    .object({ reason: discountInvalidReasonSchema, message: safeString() })
    .nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;

/**
 * GET /api/v1/cart/priced: the visitor's own cart (the signed-in user's, else the one the cart
 * cookie names) priced by the server as the quote prices it, for a cart or checkout page drawn on
 * the server. `quote` is null for an empty cart. A partner's page names its `businessKey` (its
 * prices and titles) and the `lookupKeys` it sells (comma-separated): only those lines are priced.
 */
export const visitorCartQuerySchema = z.object({
  country: countrySchema.default('US'),
  discountCode: discountCodeSchema.optional(),
  businessKey: shopKeySchema.optional(),
  lookupKeys: safeString()
    .max(2_000)
    .transform((text) => text.split(',').filter(Boolean))
    .optional(),
});
export const visitorCartSchema = z.object({
  cart: cartSchema,
  quote: checkoutQuoteSchema.nullable(),
});
export type VisitorCart = z.infer<typeof visitorCartSchema>;

/**
 * PUT /api/v1/cart/priced: replaces the cart's lines like PUT /api/v1/cart and answers with the
 * saved cart and its quote (priced as POST …/checkout/quote prices it), so a cart page's change is
 * one request, not a save followed by a quote.
 */
export const putPricedCartBodySchema = putCartBodySchema.extend(
  checkoutQuoteBodySchema.omit({ items: true, shipUpfront: true }).shape,
);
export type PutPricedCartBody = z.input<typeof putPricedCartBodySchema>;

/**
 * POST /api/v1/cart/line: changes one line where the server holds the cart (`add` adds to it, `set`
 * sets it, 0 removing it), so a tap needs nothing read first and two taps never overwrite each
 * other. With `pricing` the answer carries the quote as PUT /api/v1/cart/priced does; without, null.
 */
export const cartLineChangeBodySchema = z.object({
  // Absent from a plain form post (no script keeps the browser's id): the cart cookie names the cart.
  sessionId: sessionIdSchema.optional(),
  lookupKey: cartItemSchema.shape.lookupKey,
  mode: z.enum(['add', 'set']),
  quantity: z.number().int().min(0).max(MAX_CART_LINE_QUANTITY),
  pricing: checkoutQuoteBodySchema.omit({ items: true, shipUpfront: true }).optional(),
});
export type CartLineChangeBody = z.input<typeof cartLineChangeBodySchema>;

/** The header that makes order placement idempotent (one click, one order). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: safeString().trim().min(8).max(200),
});

/**
 * The shopper's agreement to the automatic-renewal terms (shared/subscriptions/renewal-terms) of
 * the version shown. Required when the order has a recurring line: without it the API answers 422.
 */
export const subscriptionConsentSchema = z.object({
  termsVersion: safeString().min(1).max(50),
  accepted: z.literal(true, { message: 'Please agree to the automatic renewal terms' }),
});
export type SubscriptionConsent = z.infer<typeof subscriptionConsentSchema>;

/** POST /payments/stripe-subscriptions/checkout/orders: a consumer order. */
export const placeOrderBodySchema = z.object({
  email: emailInputSchema,
  name: safeString().trim().min(1).max(200),
  items: z.array(cartItemSchema).min(1, 'The cart is empty').max(50),
  shippingAddress: addressSchema,
  discountCode: discountCodeSchema.nullish(),
  shipUpfront: z.boolean().default(false),
  paymentMethod: paymentMethodInputSchema,
  sessionId: sessionIdSchema,
  marketingEnabled: z.boolean().default(false),
  subscriptionConsent: subscriptionConsentSchema.optional(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBodySchema>;

export const orderParamsSchema = z.object({ id: safeString().min(1).max(100) });

/** Business checkout payload. shippingCost is the client's figure, checked, never trusted. */
export const businessCheckoutBodySchema = z.object({
  email: emailInputSchema,
  name: safeString().trim().min(1).max(200),
  products: z.array(cartItemSchema).min(1).max(50),
  shipping: addressSchema,
  sessionId: sessionIdSchema,
  discount: discountCodeSchema.nullish(),
  shipUpfront: z.boolean().default(false),
  shippingCost: centsSchema.optional(),
  businessKey: shopKeySchema,
  paymentMethod: paymentMethodInputSchema,
  bnpl: z.boolean().default(false),
  marketingEnabled: z.boolean().default(false),
  subscriptionConsent: subscriptionConsentSchema.optional(),
});
export type BusinessCheckoutBody = z.input<typeof businessCheckoutBodySchema>;

/** pending -> paid | failed, and paid -> fulfilled once the kits ship. Every status but pending is final for the UI. */
export const BUSINESS_CHECKOUT_STATUSES = ['pending', 'paid', 'failed', 'fulfilled'] as const;
export type BusinessCheckoutState = (typeof BUSINESS_CHECKOUT_STATUSES)[number];
export function isFinalBusinessStatus(status: BusinessCheckoutState): boolean {
  return status !== 'pending';
}
export const businessCheckoutStatusSchema = z.object({
  id: safeString(),
  status: z.enum(BUSINESS_CHECKOUT_STATUSES),
  final: z.boolean(),
  /** The decline reason of a failed payment. */
  failureMessage: safeString().nullable(),
  /**
   * Set while a pending payment waits for the shopper (3-D Secure): the browser finishes it with
   * the provider's SDK, then POSTs orderConfirm with this id.
   */
  nextAction: nextActionSchema.nullable().default(null),
});
export type BusinessCheckoutStatus = z.infer<typeof businessCheckoutStatusSchema>;
export const businessCheckoutResponseSchema = businessCheckoutStatusSchema.extend({
  order: orderSchema,
});
export const businessCheckoutDetailsSchema = orderSchema;

export const businessUsersQuerySchema = z.object({ email: emailInputSchema });
export const businessUsersResponseSchema = z.object({ exists: z.boolean() });
export type BusinessUsersResponse = z.infer<typeof businessUsersResponseSchema>;

/** BNPL consent: recorded before a pay-later order; GET returns an array and the client uses [0]. */
export const BNPL_TERMS_VERSION = '2024-01';
export const bnplConsentBodySchema = z.object({
  sessionId: sessionIdSchema,
  email: emailInputSchema,
  accepted: z.literal(true, { message: 'You must accept the pay-later terms' }),
  termsVersion: safeString().min(1).max(50),
});
export const bnplConsentSchema = z.object({
  id: safeString(),
  email: safeString(),
  termsVersion: safeString(),
  acceptedAt: isoDateTimeSchema,
  orderId: safeString().nullable(),
});
export type BnplConsent = z.infer<typeof bnplConsentSchema>;
export const bnplConsentParamsSchema = z.object({ id: z.uuid() });
export const bnplConsentListSchema = z.array(bnplConsentSchema);

/**
 * The employer's view of an order an employee asked them to pay (the emailed link). While the
 * bank asks the employer to confirm, `order.payment.nextAction` is set: the browser finishes it
 * with the provider's SDK, then POSTs employerPaymentConfirm, which decides from the provider.
 */
export const employerPaymentParamsSchema = z.object({ token: safeString().min(20).max(200) });
export const employerPaymentViewSchema = z.object({
  requestId: safeString(),
  employeeName: safeString(),
  employeeEmail: safeString(),
  status: z.enum(['sent', 'paid']),
  order: orderSchema,
});
export type EmployerPaymentView = z.infer<typeof employerPaymentViewSchema>;
// An employer pays by card only; a union of one would publish a `oneOf` of one schema.
export const employerPaymentBodySchema = z.object({
  paymentMethod: z.object({
    type: z.literal('token'),
    token: providerTokenSchema,
    save: z.literal(false).default(false),
  }),
});
export type EmployerPaymentBody = z.input<typeof employerPaymentBodySchema>;

export const hasScheduledQuerySchema = z.object({ ids: queryListSchema });
export const hasScheduledResponseSchema = z.object({
  hasScheduled: z.record(safeString(), z.boolean()),
});

export const chargeConfirmResponseSchema = orderSchema;
export { chargeViewSchema };

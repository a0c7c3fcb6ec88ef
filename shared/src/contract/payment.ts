import { z } from 'zod';
import { safeString } from './text';
import { currencySchema, centsSchema, isoDateTimeSchema } from './common';

/**
 * A one-time reference to card (or pay-later) details that the payment provider's own browser
 * element collected: a Stripe ConfirmationToken (`ctoken_`) or PaymentMethod (`pm_`), or the
 * built-in provider's token (`tok_`). The shop's API never receives a card number, expiry or CVC.
 */
export const providerTokenSchema = safeString()
  .trim()
  .regex(/^(ctoken|pm|tok)_[A-Za-z0-9_]{6,200}$/, 'Please enter your card details again');

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

/**
 * How a checkout pays: details the provider's element collected (a card, to be saved when `save`),
 * a saved card, or pay-later through the provider's own method with the shopper's consent recorded
 * by us first.
 */
export const paymentMethodInputSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('token'),
    token: providerTokenSchema,
    save: z.boolean().default(false),
  }),
  z.object({ type: z.literal('saved'), paymentMethodId: safeString().min(1).max(100) }),
  z.object({ type: z.literal('bnpl'), consentId: z.uuid(), token: providerTokenSchema }),
]);
export type PaymentMethodInput = z.input<typeof paymentMethodInputSchema>;

export const paymentStatusSchema = z.enum([
  'succeeded',
  'processing',
  'requires_action',
  'failed',
  'canceled',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * What the browser hands the provider's SDK to finish a payment or a card setup the bank (3-D
 * Secure) or a pay-later redirect holds; afterwards it asks our API to confirm.
 */
export const nextActionSchema = z.object({
  type: z.literal('provider_action'),
  clientSecret: safeString(),
  message: safeString(),
});
export type NextAction = z.infer<typeof nextActionSchema>;

/**
 * The result of a charge (a PaymentIntent) as a client sees it. `requires_action` carries the
 * intent's client secret: the browser hands it to the provider's SDK (3-D Secure, a pay-later
 * redirect), then asks our API to confirm, and the API decides from the provider's own state.
 */
export const chargeViewSchema = z.object({
  id: safeString(),
  status: paymentStatusSchema,
  amount: centsSchema,
  currency: currencySchema,
  failureCode: safeString().nullable(),
  failureMessage: safeString().nullable(),
  nextAction: nextActionSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type ChargeView = z.infer<typeof chargeViewSchema>;

/**
 * GET /payments/stripe-subscriptions/config: which provider's element the browser loads. Stripe
 * needs only its publishable key; the built-in provider serves its element under its own path.
 */
export const paymentsBrowserConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), publishableKey: safeString() }),
  z.object({ provider: z.literal('test'), elementUrl: safeString() }),
]);
export type PaymentsBrowserConfig = z.infer<typeof paymentsBrowserConfigSchema>;

import { z } from 'zod';
import { safeString } from './text';
import {
  addressSchema,
  addressViewSchema,
  centsSchema,
  currencySchema,
  emailInputSchema,
  emailSchema,
  isoDateTimeSchema,
  queryBooleanSchema,
  sessionIdSchema,
} from './common';
import { paymentMethodViewSchema, providerTokenSchema } from './payment';
import { cartItemSchema } from './cart';
import { discountCodeSchema } from './discounts';
import { recurringIntervalSchema } from './catalog';
import { subscriptionStatusSchema } from './subscriptions';

export const subscriptionViewSchema = z.object({
  id: safeString(),
  status: subscriptionStatusSchema,
  lookupKey: safeString(),
  title: safeString(),
  quantity: z.number().int(),
  unitAmount: centsSchema,
  currency: currencySchema,
  interval: recurringIntervalSchema,
  intervalCount: z.number().int(),
  currentPeriodEnd: isoDateTimeSchema,
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const subscriptionInfoSchema = z.object({
  hasActiveSubscription: z.boolean(),
  subscriptions: z.array(subscriptionViewSchema),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const balanceSchema = z.object({ amount: centsSchema, currency: currencySchema });
export type Balance = z.infer<typeof balanceSchema>;

/** The current user; subscription info and balance appear only when asked for. */
export const currentUserSchema = z.object({
  email: emailSchema,
  name: safeString(),
  shopifyID: safeString().nullable(),
  createdAt: isoDateTimeSchema,
  subscriptionInfo: subscriptionInfoSchema.optional(),
  balance: balanceSchema.optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const cmsInfoQuerySchema = z.object({
  includeSubscriptionInfo: queryBooleanSchema.optional(),
  includeBalance: queryBooleanSchema.optional(),
});
/** The user, or null for an anonymous visitor (200 either way). */
export const cmsInfoResponseSchema = currentUserSchema.nullable();
export type CmsInfoResponse = z.infer<typeof cmsInfoResponseSchema>;

export const isNewCustomerQuerySchema = z.object({ email: emailInputSchema });
export const isNewCustomerResponseSchema = z.object({ isNewCustomer: z.boolean() });
export type IsNewCustomerResponse = z.infer<typeof isNewCustomerResponseSchema>;

// Account payment methods and shipping address (management portal).
export const paymentMethodsResponseSchema = z.object({
  paymentMethodsAndAddresses: z.object({
    paymentMethods: z.array(paymentMethodViewSchema),
    shippingAddress: addressViewSchema.nullable(),
  }),
  email: emailSchema,
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponseSchema>;

/** A card saved from the account page: the provider's element collected it (a SetupIntent). */
export const addPaymentMethodBodySchema = z.object({
  token: providerTokenSchema,
  makeDefault: z.boolean().default(false),
});
export type AddPaymentMethodBody = z.input<typeof addPaymentMethodBodySchema>;

export const paymentMethodIdParamsSchema = z.object({ id: safeString().min(1).max(100) });

/**
 * 202 from adding a card whose bank wants the shopper to confirm it (3-D Secure). The browser
 * hands `clientSecret` to the provider's SDK, then POSTs paymentMethodConfirmation with
 * `confirmationId` (the SetupIntent); the API saves the card only if the provider says it succeeded.
 */
export const paymentMethodConfirmationSchema = z.object({
  status: z.literal('requires_confirmation'),
  confirmationId: safeString(),
  clientSecret: safeString(),
  message: safeString(),
});
export type PaymentMethodConfirmation = z.infer<typeof paymentMethodConfirmationSchema>;

/** The confirmation carries the "make this my default card" choice the 202 interrupted. */
// A body-less POST (an older page) reaches the validator as null: it means no default change.
export const confirmPaymentMethodBodySchema = z
  .object({ makeDefault: z.boolean().default(false) })
  .nullish()
  .transform((body) => ({ makeDefault: body?.makeDefault ?? false }));
export type ConfirmPaymentMethodBody = z.input<typeof confirmPaymentMethodBodySchema>;

export const updateShippingAddressBodySchema = addressSchema;
export type UpdateShippingAddressBody = z.input<typeof updateShippingAddressBodySchema>;

// Waiting lists and referrals.
export const INVITATION_SOURCES = ['ny_waitlist', 'ca_supplements'] as const;
export const invitationSourceSchema = z.enum(INVITATION_SOURCES);
export const invitationBodySchema = z.object({
  email: emailInputSchema,
  first_name: safeString().trim().min(1, 'Please enter your first name').max(100),
  last_name: safeString().trim().min(1, 'Please enter your last name').max(100),
  source: invitationSourceSchema,
});
export type InvitationBody = z.input<typeof invitationBodySchema>;
export const invitationResponseSchema = z.object({
  ok: z.literal(true),
  alreadyOnList: z.boolean(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

export const referralBodySchema = z
  .object({ email: emailInputSchema, referred: emailInputSchema })
  .refine((body) => body.email !== body.referred, {
    path: ['referred'],
    message: 'You cannot refer yourself',
  });
export type ReferralBody = z.input<typeof referralBodySchema>;
export const referralResponseSchema = z.object({
  ok: z.literal(true),
  alreadyReferred: z.boolean(),
});
export type ReferralResponse = z.infer<typeof referralResponseSchema>;

/**
 * POST /employer-form-submit: the spec's {email, name, employerEmail}, plus what the order needs.
 * The items default to the shopper's server cart (by sessionId, or the logged-in user's cart).
 */
export const employerFormBodySchema = z
  .object({
    email: emailInputSchema,
    name: safeString().trim().min(1, 'Please enter your name').max(200),
    employerEmail: emailInputSchema,
    shippingAddress: addressSchema,
    sessionId: sessionIdSchema.optional(),
    items: z.array(cartItemSchema).min(1).max(50).optional(),
    discountCode: discountCodeSchema.nullish(),
    shipUpfront: z.boolean().default(false),
  })
  .refine((body) => body.email !== body.employerEmail, {
    path: ['employerEmail'],
    message: "Enter your employer's email, not your own",
  });
export type EmployerFormBody = z.input<typeof employerFormBodySchema>;
export const employerFormResponseSchema = z.object({
  ok: z.literal(true),
  requestId: safeString(),
  orderId: safeString(),
});
export type EmployerFormResponse = z.infer<typeof employerFormResponseSchema>;

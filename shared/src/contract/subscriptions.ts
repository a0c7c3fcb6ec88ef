import { z } from 'zod';
import { safeString } from './text';
import { centsSchema, currencySchema, isoDateTimeSchema } from './common';
import { recurringIntervalSchema } from './catalog';
import { ORDER_STATUSES } from './checkout';
import { paymentMethodViewSchema } from './payment';

// The subscriber's own subscriptions (API_PATHS.accountSubscription*): what the account area shows
// and the changes a subscriber makes online. Every route answers only the owner; another user's
// or an unknown id is the same 404 NOT_FOUND. Every change answers the subscription as it now is.

export const SUBSCRIPTION_STATUSES = [
  'active',
  'past_due',
  'paused',
  'canceled',
  'incomplete',
] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** Why a subscriber leaves (optional, one of these); free text is not asked for. */
export const CANCEL_REASONS = [
  'too-expensive',
  'too-often',
  'not-using',
  'results-not-useful',
  'switching',
  'other',
] as const;
export const cancelReasonSchema = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof cancelReasonSchema>;

/** One interval a subscriber may switch to: the plan's other recurring prices of the same product. */
export const intervalOptionSchema = z.object({
  lookupKey: safeString(),
  interval: recurringIntervalSchema,
  intervalCount: z.number().int().min(1),
  unitAmount: centsSchema,
  currency: currencySchema,
  current: z.boolean(),
});
export type IntervalOption = z.infer<typeof intervalOptionSchema>;

export const subscriptionDetailSchema = z.object({
  id: safeString(),
  status: subscriptionStatusSchema,
  lookupKey: safeString(),
  title: safeString(),
  quantity: z.number().int().min(1),
  unitAmount: centsSchema,
  currency: currencySchema,
  interval: recurringIntervalSchema,
  intervalCount: z.number().int().min(1),
  currentPeriodStart: isoDateTimeSchema,
  currentPeriodEnd: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  /** The next charge, or null when none is coming (cancelled, or ending at the period's end). */
  nextRenewal: z
    .object({
      at: isoDateTimeSchema,
      amount: centsSchema,
      currency: currencySchema,
      /** The cycle that renewal bills. */
      cycle: z.number().int().min(1),
    })
    .nullable(),
  /** Cancelled by the subscriber and running to the end of the paid period. */
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: isoDateTimeSchema.nullable(),
  /** While paused: the day renewals start again. */
  pausedUntil: isoDateTimeSchema.nullable(),
  /** The skipped renewal (its date), or null when nothing is skipped. */
  skippedRenewalAt: isoDateTimeSchema.nullable(),
  /** The card renewals are charged to; null when none is on file. */
  paymentMethod: paymentMethodViewSchema.nullable(),
  /** While past due: how many tries failed and when the next one runs (null: no more tries). */
  recovery: z
    .object({ failedAttempts: z.number().int().min(1), nextRetryAt: isoDateTimeSchema.nullable() })
    .nullable(),
  intervalOptions: z.array(intervalOptionSchema),
  /** What the subscriber may do now (the account area offers exactly these). */
  actions: z.object({
    cancel: z.boolean(),
    /** Undo a cancel at the period's end. */
    keep: z.boolean(),
    pause: z.boolean(),
    resume: z.boolean(),
    skip: z.boolean(),
    unskip: z.boolean(),
    changeInterval: z.boolean(),
    updateCard: z.boolean(),
  }),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

export const subscriptionListSchema = z.object({
  subscriptions: z.array(subscriptionDetailSchema),
});
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const subscriptionIdParamsSchema = z.object({
  id: safeString().pipe(z.string().min(1).max(64)),
});

export const cancelSubscriptionBodySchema = z.object({
  reason: cancelReasonSchema.optional(),
  /**
   * Ask to end now: honoured only when nothing is paid for the coming period (a past-due or an
   * unpaid subscription); otherwise the subscription runs to the end of what was paid.
   */
  immediately: z.boolean().optional(),
});
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;

/** A pause until a date: at least one day ahead and at most a year. */
export const pauseSubscriptionBodySchema = z.object({ until: isoDateTimeSchema });
export type PauseSubscriptionBody = z.infer<typeof pauseSubscriptionBodySchema>;

export const intervalChangeQuerySchema = z.object({ lookupKey: safeString() });
/** What a change of interval costs, shown before the subscriber confirms it. */
export const intervalChangePreviewSchema = z.object({
  lookupKey: safeString(),
  interval: recurringIntervalSchema,
  intervalCount: z.number().int().min(1),
  /** Charged now (0: the change takes effect at the next renewal, nothing is charged today). */
  dueNow: centsSchema,
  nextRenewalAt: isoDateTimeSchema,
  nextRenewalAmount: centsSchema,
  currency: currencySchema,
});
export type IntervalChangePreview = z.infer<typeof intervalChangePreviewSchema>;
/** Confirms the previewed change; a price that moved since the preview is refused with 409. */
export const intervalChangeBodySchema = z.object({
  lookupKey: safeString(),
  expectedNextRenewalAmount: centsSchema,
});
export type IntervalChangeBody = z.infer<typeof intervalChangeBodySchema>;

/** A saved card of the subscriber's (see the payment-methods routes) to charge renewals to. */
export const subscriptionCardBodySchema = z.object({ paymentMethodId: safeString() });
export type SubscriptionCardBody = z.infer<typeof subscriptionCardBodySchema>;

export const SUBSCRIPTION_HISTORY_KINDS = ['order', 'renewal', 'refund', 'change'] as const;
export const subscriptionHistoryEntrySchema = z.object({
  kind: z.enum(SUBSCRIPTION_HISTORY_KINDS),
  at: isoDateTimeSchema,
  /** What it was, in words ("Renewal 3", "Refund", "Paused until 1 March 2027"). */
  label: safeString(),
  /** Money moved, when any (a refund's amount is what came back). */
  amount: centsSchema.nullable(),
  currency: currencySchema.nullable(),
  /** An order's or renewal's status (paid, failed, refunded, skipped, …); null for a change. */
  // One enum (not a union) so the OpenAPI document gives the nullable field its type.
  status: z.enum([...ORDER_STATUSES, 'declined', 'skipped']).nullable(),
  orderId: safeString().nullable(),
});
export type SubscriptionHistoryEntry = z.infer<typeof subscriptionHistoryEntrySchema>;
/** Newest first. */
export const subscriptionHistorySchema = z.object({
  entries: z.array(subscriptionHistoryEntrySchema),
});
export type SubscriptionHistory = z.infer<typeof subscriptionHistorySchema>;

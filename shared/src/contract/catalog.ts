import { z } from 'zod';
import { safeString } from './text';
import { RECURRING_INTERVALS } from '../catalog/recurring-interval';
import { centsSchema, currencySchema, queryListSchema } from './common';

/** The provider's raw recurring interval unit. */
export const recurringIntervalSchema = z.enum(['day', 'week', 'month', 'year']);
export type RecurringInterval = z.infer<typeof recurringIntervalSchema>;

/**
 * The interval name derived from unit x count: month x3 = quarter, month x6 = twice-year,
 * day x28 = 4-weeks, year x2 = 2-years, day x20 = 20-days, day x60 = 60-days; count 1 keeps the unit.
 */
export const derivedIntervalSchema = z.enum(RECURRING_INTERVALS);
export type DerivedInterval = z.infer<typeof derivedIntervalSchema>;

export const priceTypeSchema = z.enum(['one_time', 'recurring']);
export type PriceType = z.infer<typeof priceTypeSchema>;

/** A payment-provider price, Stripe-shaped. metadata.unlimited_upgrade === 'true' marks the unlimited-upgrade price. */
export const priceSchema = z.object({
  id: safeString(),
  lookupKey: safeString(),
  productKey: safeString(),
  unitAmount: centsSchema,
  currency: currencySchema,
  type: priceTypeSchema,
  recurring: z
    .object({ interval: recurringIntervalSchema, intervalCount: z.number().int().min(1) })
    .nullable(),
  metadata: z.record(safeString(), safeString()),
});
export type Price = z.infer<typeof priceSchema>;

/**
 * A product offer. `type` is the product family ('kit', 'subscription', 'program', 'add-on'),
 * `kitType` the kit inside it ('full-panel', 'mini-panel', 'easy-draw', 'bp-monitor', 'heart-metabolic'),
 * `price` the lookup key of the provider price it sells at.
 */
export const offerSchema = z.object({
  key: safeString()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9-_]+$/, 'Keys are lower-case letters, digits, - and _'),
  type: safeString().trim().min(1).max(50),
  kitType: safeString().trim().min(1).max(50),
  title: safeString().trim().min(1).max(200),
  quantity: z.number().int().min(1).max(100),
  price: safeString().trim().min(1).max(100),
  // Copy for the catalog pages: seeded data, never hard-coded in the UI.
  description: safeString().max(2000).default(''),
  biomarkers: z.array(safeString().max(200)).max(200).default([]),
  badge: safeString().max(50).nullable().default(null),
});
export type Offer = z.output<typeof offerSchema>;
export type OfferInput = z.input<typeof offerSchema>;

/** An offer merged with its price (the shape the merge function in shared/ produces). */
export const pricedOfferSchema = offerSchema.extend({
  unitAmount: centsSchema,
  currency: currencySchema,
  priceType: z.enum(['unlimited', 'one_time', 'recurring']),
  priceRecurringInterval: derivedIntervalSchema.nullable(),
  priceId: safeString(),
  lookupKey: safeString(),
  isUnlimitedUpgrade: z.boolean(),
});
export type PricedOffer = z.output<typeof pricedOfferSchema>;

export const offersQuerySchema = z.object({ type: safeString().max(50).optional() });
export const offersResponseSchema = z.object({ offers: z.array(offerSchema) });
export type OffersResponse = z.output<typeof offersResponseSchema>;

export const pricesQuerySchema = z.object({ lookupKeys: queryListSchema.optional() });
export const pricesResponseSchema = z.object({ prices: z.array(priceSchema) });
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

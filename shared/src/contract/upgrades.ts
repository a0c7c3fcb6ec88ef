import { z } from 'zod';
import { emailInputSchema, okSchema } from './common';
import { pricedOfferSchema } from './catalog';

export const UPGRADE_TYPES = ['mini-panel', 'easy-draw', 'bp-tape'] as const;
export const upgradeTypeSchema = z.enum(UPGRADE_TYPES);
export type UpgradeType = z.infer<typeof upgradeTypeSchema>;
export const DEFAULT_UPGRADE_QUANTITY = 1;

/** A payment id is "absent" when empty or the string 'undefined' (the client then skips the call). */
export function isMissingPaymentId(paymentId: string | null | undefined): boolean {
  return !paymentId || paymentId === 'undefined';
}

/** GET /api/mini-panel-upgrade?lookupKeys=<JSON array>&paymentId */
export const miniPanelUpgradeQuerySchema = z.object({
  lookupKeys: z
    .string()
    .max(4000)
    .transform((raw, ctx) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        if (Array.isArray(parsed) && parsed.every((key) => typeof key === 'string'))
          return parsed as string[];
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'lookupKeys must be a JSON array of strings' });
      return z.NEVER;
    }),
  paymentId: z.string().max(200).optional(),
});
export const miniPanelUpgradeResponseSchema = z
  .object({
    miniPanelUpgrade: pricedOfferSchema.extend({
      // The lookup key the purchased kit becomes once upgraded.
      upgradeTo: z.string(),
      upgradable: z.string(),
    }),
  })
  .nullable();

/** GET /api/easy-draw-upgrade?lookupKey&id (id: the product reference, e.g. the order/payment id). */
export const easyDrawUpgradeQuerySchema = z.object({
  lookupKey: z.string().min(1).max(100),
  id: z.string().min(1).max(200),
});
export const easyDrawUpgradeResponseSchema = z.object({ product: pricedOfferSchema }).nullable();

export const upgradePurchasedQuerySchema = z.object({
  paymentId: z.string().min(1).max(200),
  type: upgradeTypeSchema,
});
export const upgradePurchasedResponseSchema = z.object({ isUpgraded: z.boolean() });

export const miniPanelPendingBodySchema = z.object({
  paymentId: z.string().min(1).max(200),
  upgradable: z.string().min(1).max(100),
  email: emailInputSchema,
});
export const miniPanelPendingResponseSchema = z.object({
  id: z.string(),
  status: z.literal('pending'),
});

export const UPGRADE_STATUSES = ['pending', 'completed'] as const;
export const upgradeResultSchema = z.object({
  id: z.string(),
  type: upgradeTypeSchema,
  status: z.enum(UPGRADE_STATUSES),
  chargeId: z.string().nullable(),
  amount: z.number().int(),
});
export type UpgradeResult = z.infer<typeof upgradeResultSchema>;

export const miniPanelUpgradeBodySchema = z.object({
  priceId: z.string().min(1).max(100),
  paymentId: z.string().min(1).max(200),
  email: emailInputSchema,
  quantity: z.number().int().min(1).max(10).default(DEFAULT_UPGRADE_QUANTITY),
  product: z.string().min(1).max(100),
  upgradeTo: z.string().min(1).max(100),
});
export const miniPanelUpgradeResultSchema = upgradeResultSchema;

export const easyDrawUpgradeBodySchema = z.object({
  priceId: z.string().min(1).max(100),
  paymentId: z.string().min(1).max(200),
  email: emailInputSchema,
  product: z.string().min(1).max(100),
});
export const easyDrawUpgradeResultSchema = z.object({
  product: z.string(),
  upgrade: upgradeResultSchema,
});

/** POST /payments/stripe-subscriptions/checkout/{id}/buy-bp-tape (id: the order's payment id). */
export const buyBpTapeParamsSchema = z.object({ id: z.string().min(1).max(200) });
export const buyBpTapeBodySchema = z.object({
  quantity: z.number().int().min(1).max(10).default(DEFAULT_UPGRADE_QUANTITY),
});
export const buyBpTapeResponseSchema = upgradeResultSchema;
export { okSchema };

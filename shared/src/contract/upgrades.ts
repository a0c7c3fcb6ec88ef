import { z } from 'zod';
import { safeString } from './text';
import { shouldCheckUpgradePurchased } from '../rules/upgrade-purchased';
import { centsSchema, emailInputSchema } from './common';
import { pricedOfferSchema } from './catalog';
import { nextActionSchema } from './payment';

export const UPGRADE_TYPES = ['mini-panel', 'easy-draw', 'bp-tape'] as const;
export const upgradeTypeSchema = z.enum(UPGRADE_TYPES);
export type UpgradeType = z.infer<typeof upgradeTypeSchema>;
export const DEFAULT_UPGRADE_QUANTITY = 1;

/**
 * Upgrades charge the order's card without asking for it again, so they are offered only to the
 * buyer and only for this long after the order was placed; the server enforces it.
 */
export const UPGRADE_WINDOW_MINUTES = 60;

/** The catalog price (lookup key) each upgrade sells at; the server charges its own amount for it. */
export const UPGRADE_LOOKUP_KEYS: Record<UpgradeType, string> = {
  'mini-panel': 'mini_panel_upgrade',
  'easy-draw': 'easy_draw_device',
  'bp-tape': 'bp_monitor_tape',
};

/** A payment id is "absent" when empty or the string 'undefined' (the client then skips the call). */
export function isMissingPaymentId(paymentId: string | null | undefined): boolean {
  return !shouldCheckUpgradePurchased(paymentId);
}

/**
 * What checkout's thank-you page hands the upgrades area through the shell's AreaOutlet
 * (`areaProps`): the order to upgrade, the email it was placed with, and its lines' lookup keys.
 * `paymentId` is the id of the charge that paid the order (or the order id when there was none).
 */
export const upgradesAreaPropsSchema = z.object({
  orderId: safeString().min(1),
  paymentId: safeString().nullish(),
  email: safeString().min(1),
  lookupKeys: z.array(safeString()),
});
export type UpgradesAreaProps = z.infer<typeof upgradesAreaPropsSchema>;

/** GET /api/mini-panel-upgrade?lookupKeys=<JSON array>&paymentId */
export const miniPanelUpgradeQuerySchema = z.object({
  lookupKeys: safeString()
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
  paymentId: safeString().max(200).optional(),
});
export const miniPanelUpgradeResponseSchema = z
  .object({
    miniPanelUpgrade: pricedOfferSchema.extend({
      // upgradeTo: the lookup key sold (the offer's own); upgradable: the ordered kit it upgrades.
      upgradeTo: safeString(),
      upgradable: safeString(),
    }),
  })
  .nullable();

/** GET /api/easy-draw-upgrade?lookupKey&id (id: the product reference, e.g. the order/payment id). */
export const easyDrawUpgradeQuerySchema = z.object({
  lookupKey: safeString().min(1).max(100),
  id: safeString().min(1).max(200),
});
export const easyDrawUpgradeResponseSchema = z.object({ product: pricedOfferSchema }).nullable();

export const upgradePurchasedQuerySchema = z.object({
  paymentId: safeString().min(1).max(200),
  type: upgradeTypeSchema,
});
export const upgradePurchasedResponseSchema = z.object({ isUpgraded: z.boolean() });

export const miniPanelPendingBodySchema = z.object({
  paymentId: safeString().min(1).max(200),
  upgradable: safeString().min(1).max(100),
  email: emailInputSchema,
});
export const miniPanelPendingResponseSchema = z.object({
  id: safeString(),
  status: z.literal('pending'),
});

export const UPGRADE_STATUSES = ['pending', 'completed'] as const;
export const upgradeResultSchema = z.object({
  id: safeString(),
  type: upgradeTypeSchema,
  status: z.enum(UPGRADE_STATUSES),
  chargeId: safeString().nullable(),
  amount: centsSchema,
  quantity: z.number().int().min(1),
  /** The product title of what was added, for "Added to your order: …". */
  title: safeString(),
  /**
   * Set while the bank asks the shopper again (3-D Secure on the saved card): the upgrade stays
   * pending until the browser finishes it and POSTs upgradeConfirm with this upgrade's id.
   */
  nextAction: nextActionSchema.nullable().default(null),
});
export type UpgradeResult = z.infer<typeof upgradeResultSchema>;

/**
 * POST …/checkout/mini-panel-upgrade. `product` and the pending call's `upgradable` are the lookup
 * key of the ordered kit that gets the upgrade; `upgradeTo` and `priceId` name what is sold (the
 * offer's lookupKey and priceId). The amount is always the server's price times quantity.
 */
export const miniPanelUpgradeBodySchema = z.object({
  priceId: safeString().min(1).max(100),
  paymentId: safeString().min(1).max(200),
  email: emailInputSchema,
  quantity: z.number().int().min(1).max(10).default(DEFAULT_UPGRADE_QUANTITY),
  product: safeString().min(1).max(100),
  upgradeTo: safeString().min(1).max(100),
});
export const miniPanelUpgradeResultSchema = upgradeResultSchema;

/** POST …/checkout/easy-draw-upgrade; `product` is the lookup key of the ordered kit it is for. */
export const easyDrawUpgradeBodySchema = z.object({
  priceId: safeString().min(1).max(100),
  paymentId: safeString().min(1).max(200),
  email: emailInputSchema,
  product: safeString().min(1).max(100),
});
export const easyDrawUpgradeResultSchema = z.object({
  product: safeString(),
  upgrade: upgradeResultSchema,
});

/** POST /payments/stripe-subscriptions/checkout/{id}/buy-bp-tape (id: the order's payment id). */
export const buyBpTapeParamsSchema = z.object({ id: safeString().min(1).max(200) });
export const buyBpTapeBodySchema = z.object({
  quantity: z.number().int().min(1).max(10).default(DEFAULT_UPGRADE_QUANTITY),
});
export const buyBpTapeResponseSchema = upgradeResultSchema;

/** POST …/checkout/upgrades/{id}/confirm (the upgrade's id), after the bank's step in the browser. */
export const upgradeConfirmParamsSchema = z.object({ id: z.uuid() });

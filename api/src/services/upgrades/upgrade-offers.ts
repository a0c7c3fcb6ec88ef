// What each post-purchase upgrade sells, which ordered kits it applies to, and the offers the
// content API answers with (null when there is nothing to offer or it was bought already).
import { mergeOfferWithPrice } from '@shop/shared/catalog/merge-offer';
import type { PricedOffer } from '@shop/shared/contract/catalog';
import { UPGRADE_LOOKUP_KEYS, type UpgradeType } from '@shop/shared/contract/upgrades';
import { shouldCheckUpgradePurchased } from '@shop/shared/rules/upgrade-purchased';
import type { Executor } from '../../db/schema';
import { findPriceByLookupKey, toOffer } from '../../repositories/catalog-repository';
import { findOrderByPaymentRef } from '../../repositories/orders-repository';
import { isUpgradeCompleted } from '../../repositories/upgrades-repository';

/** Product families that are a blood-test kit a mini panel or an easy-draw device can go with. */
const UPGRADABLE_PRODUCT_TYPES = ['kit', 'subscription', 'program'];

/** The priced catalog offer of a lookup key, or null when it is not on sale. */
export async function pricedOfferFor(db: Executor, lookupKey: string): Promise<PricedOffer | null> {
  const price = await findPriceByLookupKey(db, lookupKey);
  if (!price) return null;
  const product = await db
    .selectFrom('products')
    .selectAll()
    .where('key', '=', price.productKey)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!product) return null;
  const merged = mergeOfferWithPrice(toOffer(product), price);
  return { ...toOffer(product), ...merged, currency: price.currency, lookupKey: price.lookupKey };
}

/** The first of these lookup keys that sells a blood-test kit, in the order given. */
export async function firstUpgradableKit(
  db: Executor,
  lookupKeys: readonly string[],
): Promise<string | null> {
  if (lookupKeys.length === 0) return null;
  const rows = await db
    .selectFrom('prices')
    .innerJoin('products', 'products.key', 'prices.product_key')
    .select('prices.lookup_key')
    .where('prices.lookup_key', 'in', [...lookupKeys])
    .where('prices.active', '=', true)
    .where('products.type', 'in', UPGRADABLE_PRODUCT_TYPES)
    .execute();
  const upgradable = new Set(rows.map((row) => row.lookup_key));
  return lookupKeys.find((key) => upgradable.has(key)) ?? null;
}

/** Whether the order a payment id (or order id) points at already has this upgrade completed. */
export async function isUpgradePurchased(
  db: Executor,
  paymentId: string | null | undefined,
  type: UpgradeType,
): Promise<boolean> {
  if (!shouldCheckUpgradePurchased(paymentId)) return false;
  const order = await findOrderByPaymentRef(db, paymentId.trim());
  return order ? isUpgradeCompleted(db, order.row.id, type) : false;
}

/** GET /api/mini-panel-upgrade: offered for an order with a kit in it and no mini panel yet. */
export async function miniPanelUpgradeOffer(
  db: Executor,
  lookupKeys: readonly string[],
  paymentId: string | undefined,
) {
  const upgradeTo = UPGRADE_LOOKUP_KEYS['mini-panel'];
  if (lookupKeys.includes(upgradeTo)) return null;
  const upgradable = await firstUpgradableKit(db, lookupKeys);
  if (!upgradable || (await isUpgradePurchased(db, paymentId, 'mini-panel'))) return null;
  const offer = await pricedOfferFor(db, upgradeTo);
  return offer ? { miniPanelUpgrade: { ...offer, upgradeTo, upgradable } } : null;
}

/** GET /api/easy-draw-upgrade: offered for a kit of the order `id` points at, until it is bought. */
export async function easyDrawUpgradeOffer(db: Executor, lookupKey: string, id: string) {
  const order = shouldCheckUpgradePurchased(id) ? await findOrderByPaymentRef(db, id.trim()) : null;
  if (!order || !order.lines.some((line) => line.lookupKey === lookupKey)) return null;
  if ((await firstUpgradableKit(db, [lookupKey])) === null) return null;
  if (await isUpgradeCompleted(db, order.row.id, 'easy-draw')) return null;
  const product = await pricedOfferFor(db, UPGRADE_LOOKUP_KEYS['easy-draw']);
  return product ? { product } : null;
}

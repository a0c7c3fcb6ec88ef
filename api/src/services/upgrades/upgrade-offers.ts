// What each post-purchase upgrade sells, which ordered kits it applies to, and the offers the
// content API answers with (null when there is nothing to offer or it was bought already).
import { mergeOfferWithPrice } from '@shop/shared/catalog/merge-offer';
import type { PricedOffer } from '@shop/shared/contract/catalog';
import { UPGRADE_LOOKUP_KEYS, type UpgradeType } from '@shop/shared/contract/upgrades';
import { shouldCheckUpgradePurchased } from '@shop/shared/rules/upgrade-purchased';
import type { Database, Executor } from '../../db/schema';
import type { Buyer } from '../checkout/buyer';
import { findBuyersOrder, isUpgradeWindowOpen } from './upgrade-window';
import { toOffer } from '../../repositories/catalog-repository';
import { findCatalogPrice, type CatalogPriceSource } from '../catalog/provider-prices';
import { isUpgradeCompleted } from '../../repositories/upgrades-repository';

/** Product families that are a blood-test kit a mini panel or an easy-draw device can go with. */
const UPGRADABLE_PRODUCT_TYPES = ['kit', 'subscription', 'program'];

/** The priced catalog offer of a lookup key (at the amount charged), or null when it is not on sale. */
export async function pricedOfferFor(
  db: Executor,
  prices: CatalogPriceSource,
  lookupKey: string,
): Promise<PricedOffer | null> {
  const price = await findCatalogPrice(db, prices, lookupKey);
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

/** The buyer's order a payment id names, or null when none is named; 404 when it is not theirs. */
async function namedOrder(db: Database, paymentId: string | null | undefined, buyer: Buyer) {
  return shouldCheckUpgradePurchased(paymentId)
    ? findBuyersOrder({ db }, paymentId.trim(), buyer)
    : null;
}

/** Whether the buyer's order a payment id (or order id) points at already has this upgrade completed. */
export async function isUpgradePurchased(
  db: Database,
  paymentId: string | null | undefined,
  type: UpgradeType,
  buyer: Buyer,
): Promise<boolean> {
  const order = await namedOrder(db, paymentId, buyer);
  return order ? isUpgradeCompleted(db, order.row.id, type) : false;
}

/**
 * GET /api/mini-panel-upgrade: offered for an order with a kit in it and no mini panel yet. With
 * a payment id, only to that order's buyer and only while its upgrade window is open.
 */
export async function miniPanelUpgradeOffer(
  db: Database,
  prices: CatalogPriceSource,
  lookupKeys: readonly string[],
  paymentId: string | undefined,
  buyer: Buyer,
) {
  const upgradeTo = UPGRADE_LOOKUP_KEYS['mini-panel'];
  const order = await namedOrder(db, paymentId, buyer);
  if (
    order &&
    (!isUpgradeWindowOpen(order) || (await isUpgradeCompleted(db, order.row.id, 'mini-panel')))
  )
    return null;
  if (lookupKeys.includes(upgradeTo)) return null;
  const upgradable = await firstUpgradableKit(db, lookupKeys);
  if (!upgradable) return null;
  const offer = await pricedOfferFor(db, prices, upgradeTo);
  return offer ? { miniPanelUpgrade: { ...offer, upgradeTo, upgradable } } : null;
}

/** GET /api/easy-draw-upgrade: offered to the buyer for a kit of the order `id` points at, until it is bought or the window closes. */
export async function easyDrawUpgradeOffer(
  db: Database,
  prices: CatalogPriceSource,
  lookupKey: string,
  id: string,
  buyer: Buyer,
) {
  const order = await namedOrder(db, id, buyer);
  if (
    !order ||
    !isUpgradeWindowOpen(order) ||
    !order.lines.some((line) => line.lookupKey === lookupKey)
  )
    return null;
  if ((await firstUpgradableKit(db, [lookupKey])) === null) return null;
  if (await isUpgradeCompleted(db, order.row.id, 'easy-draw')) return null;
  const product = await pricedOfferFor(db, prices, UPGRADE_LOOKUP_KEYS['easy-draw']);
  return product ? { product } : null;
}

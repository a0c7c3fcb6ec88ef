// The upgrades area's calls: offers from the content API, purchase state and one-click purchases
// from the payments API. Responses are parsed with the shared contract, so a drifting server
// shows up as an error here instead of as a wrong price on screen.
import { mergeOffers } from '@shop/shared/catalog/merge-offer';
import { offersResponseSchema, pricesResponseSchema } from '@shop/shared/contract/catalog';
import { hasScheduledResponseSchema } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import {
  easyDrawUpgradeResponseSchema,
  easyDrawUpgradeResultSchema,
  miniPanelPendingResponseSchema,
  miniPanelUpgradeResponseSchema,
  UPGRADE_LOOKUP_KEYS,
  upgradePurchasedResponseSchema,
  upgradeResultSchema,
  UPGRADE_TYPES,
  type UpgradeResult,
  type UpgradeType,
} from '@shop/shared/contract/upgrades';
import { shouldCheckUpgradePurchased } from '@shop/shared/rules/upgrade-purchased';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

/** What an offer card shows and what buying it needs. */
export interface UpgradeOffer {
  type: UpgradeType;
  title: string;
  /** The benefit, from the catalog's product copy. */
  description: string;
  /** Integer cents, the server's price. */
  unitAmount: number;
  currency: string;
  priceId: string;
  /** What is sold (the offer's lookup key). */
  upgradeTo: string;
  /** The ordered kit it upgrades; null for the bp-tape add-on. */
  upgradable: string | null;
}

/** A priced catalog offer as an upgrade offer. */
function toUpgradeOffer(
  type: UpgradeType,
  offer: {
    title: string;
    description?: unknown;
    unitAmount: number;
    currency: string;
    priceId: string;
  },
  upgradable: string | null,
): UpgradeOffer {
  const { title, unitAmount, currency, priceId } = offer;
  const description = typeof offer.description === 'string' ? offer.description : '';
  return {
    type,
    title,
    description,
    unitAmount,
    currency,
    priceId,
    upgradeTo: UPGRADE_LOOKUP_KEYS[type],
    upgradable,
  };
}

/** `GET …/checkout/upgrade-purchased`: skipped, and false, for an empty or 'undefined' payment id. */
export async function fetchUpgradePurchased(
  api: ApiClients,
  paymentId: string | null | undefined,
  type: UpgradeType,
): Promise<boolean> {
  if (!shouldCheckUpgradePurchased(paymentId)) return false;
  const { data } = await api.payments.get(API_PATHS.upgradePurchased, {
    params: { paymentId, type },
  });
  return upgradePurchasedResponseSchema.parse(data).isUpgraded;
}

/**
 * `GET /kits/products/has-scheduled?ids`: the upgrades (by lookup key) the shopper already has kits
 * scheduled for. Always none for a visitor who is not logged in.
 */
export async function fetchScheduledUpgrades(api: ApiClients): Promise<string[]> {
  const ids = UPGRADE_TYPES.map((type) => UPGRADE_LOOKUP_KEYS[type]);
  const { data } = await api.connect.get(API_PATHS.kitsHasScheduled, {
    params: { ids: ids.join(',') },
  });
  const { hasScheduled } = hasScheduledResponseSchema.parse(data);
  // A list, not a Set: a server-rendered page hands its data to the browser as JSON.
  return ids.filter((id) => hasScheduled[id] === true);
}

/** `GET /api/mini-panel-upgrade`: null when there is no offer or the order has it already. */
export async function fetchMiniPanelOffer(
  api: ApiClients,
  lookupKeys: readonly string[],
  paymentId: string | null | undefined,
): Promise<UpgradeOffer | null> {
  const params: Record<string, string> = { lookupKeys: JSON.stringify(lookupKeys) };
  if (shouldCheckUpgradePurchased(paymentId)) params.paymentId = paymentId;
  const { data } = await api.content.get(API_PATHS.miniPanelUpgrade, { params });
  const offer = miniPanelUpgradeResponseSchema.parse(data)?.miniPanelUpgrade;
  return offer
    ? { ...toUpgradeOffer('mini-panel', offer, offer.upgradable), upgradeTo: offer.upgradeTo }
    : null;
}

/** `GET /api/easy-draw-upgrade?lookupKey&id`: null once the order has it. */
export async function fetchEasyDrawOffer(
  api: ApiClients,
  lookupKey: string,
  id: string,
): Promise<UpgradeOffer | null> {
  const { data } = await api.content.get(API_PATHS.easyDrawUpgrade, { params: { lookupKey, id } });
  const product = easyDrawUpgradeResponseSchema.parse(data)?.product;
  return product ? toUpgradeOffer('easy-draw', product, lookupKey) : null;
}

/**
 * The three upgrades as catalog products (title, copy, price), keyed by type: the bp-tape offer
 * has no content endpoint of its own, and "Added to your order" names what was bought after a reload.
 */
export async function fetchUpgradeProducts(
  api: ApiClients,
): Promise<Partial<Record<UpgradeType, UpgradeOffer>>> {
  const lookupKeys = UPGRADE_TYPES.map((type) => UPGRADE_LOOKUP_KEYS[type]);
  const [offers, prices] = await Promise.all([
    api.content.get(API_PATHS.catalogOffers, { params: { type: 'add-on' } }),
    api.content.get(API_PATHS.catalogPrices, { params: { lookupKeys: lookupKeys.join(',') } }),
  ]);
  const merged = mergeOffers(
    offersResponseSchema.parse(offers.data).offers,
    pricesResponseSchema.parse(prices.data).prices,
  );
  const products: Partial<Record<UpgradeType, UpgradeOffer>> = {};
  for (const type of UPGRADE_TYPES) {
    // The merge keeps the catalog copy (description) that its ProductOffer type leaves out.
    const product = merged.find((offer) => offer.lookupKey === UPGRADE_LOOKUP_KEYS[type]);
    if (product) products[type] = toUpgradeOffer(type, product, null);
  }
  return products;
}

export interface PurchaseContext {
  /** The payment id, or the order id when the order has none (the server takes either). */
  paymentRef: string;
  email: string;
}

/**
 * Buys one upgrade with the order's saved card. The mini panel is first recorded as pending
 *; repeating that step on a retry is harmless, the server keeps one pending row.
 */
export async function purchaseUpgrade(
  api: ApiClients,
  offer: UpgradeOffer,
  { paymentRef, email }: PurchaseContext,
): Promise<UpgradeResult> {
  if (offer.type === 'mini-panel') {
    const pending = await api.payments.post(API_PATHS.miniPanelUpgradePending, {
      paymentId: paymentRef,
      upgradable: offer.upgradable,
      email,
    });
    miniPanelPendingResponseSchema.parse(pending.data);
    const { data } = await api.payments.post(API_PATHS.miniPanelUpgradePurchase, {
      priceId: offer.priceId,
      paymentId: paymentRef,
      email,
      quantity: 1,
      product: offer.upgradable,
      upgradeTo: offer.upgradeTo,
    });
    return upgradeResultSchema.parse(data);
  }
  if (offer.type === 'easy-draw') {
    const { data } = await api.payments.post(API_PATHS.easyDrawUpgradePurchase, {
      priceId: offer.priceId,
      paymentId: paymentRef,
      email,
      product: offer.upgradable,
    });
    return easyDrawUpgradeResultSchema.parse(data).upgrade;
  }
  const { data } = await api.payments.post(buildPath(API_PATHS.buyBpTape, { id: paymentRef }), {
    quantity: 1,
  });
  return upgradeResultSchema.parse(data);
}

/**
 * POST …/checkout/upgrades/{id}/confirm, after the bank's step on the saved card: the API asks the
 * provider whether the charge went through and answers with the upgrade, completed or not.
 */
export async function confirmUpgrade(api: ApiClients, upgradeId: string): Promise<UpgradeResult> {
  const { data } = await api.payments.post(buildPath(API_PATHS.upgradeConfirm, { id: upgradeId }));
  return upgradeResultSchema.parse(data);
}

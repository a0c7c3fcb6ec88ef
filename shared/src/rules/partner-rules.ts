// Rules for white-label partner storefronts (spec §1, §2, §9).
import type { MergedOffer } from '../catalog/merge-offer';
import { isHttpUrl } from './safe-redirect';

/** The shop's own product and brand name, replaced by a partner's businessName on storefronts. */
export const PRODUCT_NAME = 'Bloodwise';

const PRODUCT_NAME_WORD = new RegExp(`\\b${PRODUCT_NAME}\\b`, 'g');

/**
 * Replaces every whole-word, case-sensitive "Bloodwise" with the partner's name
 * ("Bloodwise's kit" -> "Acme's kit"; "Bloodwiser" and "bloodwise" stay). A blank name keeps the text.
 */
export function replaceProductName(text: string, businessName: string | null | undefined): string {
  const name = businessName?.trim();
  if (!name) return text;
  // A function replacer, so a name such as "A$&B" is inserted literally rather than as a pattern.
  return text.replace(PRODUCT_NAME_WORD, () => name);
}

/** The partner whose product list picks products but never changes their prices (spec §9). */
export const YOUR_HEALTH_BUSINESS_KEY = 'your-health-business';

/**
 * One entry of a partner customization's `products` list. `key` picks a default offer by its
 * product key; `title` renames it. The price fields replace the default price: `lookupKey` (what
 * the cart stores and the server charges), `priceId` (what discount checks send) and `unitAmount`
 * (integer cents, for display). A partner that changes the price sets all three; each absent
 * field keeps the default's value.
 */
export interface PartnerProduct {
  key: string;
  title?: string;
  lookupKey?: string;
  priceId?: string;
  unitAmount?: number;
}

/**
 * The offers a storefront sells. With no partner list, the defaults. Otherwise the partner's list,
 * in its order, each entry laid over the default offer with the same key; keys the shop does not
 * sell are left out, since there is nothing to ship for them. Prices are overridden for every
 * partner except your-health-business, whose list only selects and renames.
 */
export function applyPartnerProducts(
  shopKey: string,
  defaultOffers: readonly MergedOffer[],
  partnerProducts: readonly PartnerProduct[] | null | undefined,
): MergedOffer[] {
  if (!partnerProducts || partnerProducts.length === 0) return [...defaultOffers];
  const keepPrices = shopKey === YOUR_HEALTH_BUSINESS_KEY;
  const byKey = new Map(defaultOffers.map((offer) => [offer.key, offer]));
  const seen = new Set<string>();
  const offers: MergedOffer[] = [];
  for (const product of partnerProducts) {
    const base = byKey.get(product.key);
    if (!base || seen.has(product.key)) continue;
    seen.add(product.key);
    const offer: MergedOffer = { ...base, title: product.title ?? base.title };
    if (!keepPrices) {
      offer.lookupKey = product.lookupKey ?? base.lookupKey;
      offer.priceId = product.priceId ?? base.priceId;
      offer.unitAmount = product.unitAmount ?? base.unitAmount;
    }
    offers.push(offer);
  }
  return offers;
}

export type StorefrontRouteKind = 'main' | 'pricing' | 'checkout' | 'thank-you' | 'cart';

/**
 * Where a storefront visitor is sent instead of the page (spec §2): the partner's redirectLink,
 * but only from the main and pricing pages, never mid-purchase, and only when it is http(s).
 * Returns the parsed URL's href, or null to stay.
 */
export function partnerRedirectTarget(
  routeKind: StorefrontRouteKind,
  redirectLink: string | null | undefined,
): string | null {
  if (routeKind !== 'main' && routeKind !== 'pricing') return null;
  if (!isHttpUrl(redirectLink)) return null;
  return new URL(redirectLink).href;
}

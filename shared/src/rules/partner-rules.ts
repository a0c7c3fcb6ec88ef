// Rules for white-label partner storefronts.
import type { MergedOffer } from '../catalog/merge-offer';
import { PRODUCT_NAME } from './product-name';
import { isHttpUrl } from './safe-redirect';

export { PRODUCT_NAME } from './product-name';

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

/**
 * The one name a partner sells a product under, wherever it shows (storefront, cart, checkout,
 * thank-you, e-mails, analytics): the title in the partner's product list, else the shop's title,
 * with the product name replaced by the partner's either way.
 */
export function partnerProductTitle(
  product: { key: string; title: string },
  partner: {
    businessName: string | null | undefined;
    products?: readonly { key: string; title?: string | null }[] | null;
  },
): string {
  const listed = partner.products?.find((entry) => entry.key === product.key)?.title;
  return replaceProductName(listed || product.title, partner.businessName);
}

/** The partner whose product list picks products but never changes their prices. */
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
 * Where a storefront visitor is sent instead of the page: the partner's redirectLink,
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

/**
 * The meta tag names a partner may set. Only `name`/`content` pairs are ever
 * written, so `http-equiv` (refresh, set-cookie, content-security-policy) cannot be reached.
 */
export const PARTNER_META_NAMES = [
  'description',
  'keywords',
  'author',
  'robots',
  'theme-color',
  'application-name',
  'og:title',
  'og:description',
  'og:image',
  'og:site_name',
  'og:type',
  'og:url',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
] as const;
export type PartnerMetaName = (typeof PARTNER_META_NAMES)[number];

export function isPartnerMetaName(value: unknown): value is PartnerMetaName {
  return typeof value === 'string' && (PARTNER_META_NAMES as readonly string[]).includes(value);
}

/** Meta tags whose content a crawler or browser follows as a link. */
const LINK_META_NAMES = new Set<string>(['og:image', 'og:url', 'twitter:image']);

/**
 * The partner's meta tags that may be written to the page: allowlisted names, link-valued ones
 * only when http(s), the first of each name, and at most 30.
 */
export function safePartnerMetaTags(tags: unknown): { name: PartnerMetaName; content: string }[] {
  if (!Array.isArray(tags)) return [];
  const seen = new Set<string>();
  const safe: { name: PartnerMetaName; content: string }[] = [];
  for (const tag of tags as unknown[]) {
    if (!tag || typeof tag !== 'object') continue;
    const { name, content } = tag as { name?: unknown; content?: unknown };
    if (!isPartnerMetaName(name) || typeof content !== 'string' || seen.has(name)) continue;
    if (LINK_META_NAMES.has(name) && !isHttpUrl(content)) continue;
    seen.add(name);
    safe.push({ name, content: content.slice(0, 1000) });
    if (safe.length === 30) break;
  }
  return safe;
}

const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+$/;

/**
 * True for an image source a partner may use (logo, favicon, section images): an http(s) URL, a
 * same-origin /path, or a base64 raster/SVG data URL (an SVG in <img> or a favicon runs no script).
 */
export function isSafeImageSrc(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const src = value.trim();
  if (src.startsWith('/')) return !src.startsWith('//') && !src.startsWith('/\\');
  return IMAGE_DATA_URL.test(src) || isHttpUrl(src);
}

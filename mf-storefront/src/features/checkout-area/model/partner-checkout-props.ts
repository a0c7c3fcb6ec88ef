// What the checkout area needs to know of this partner: its key and name, its offers under its own
// titles, and its after-purchase pages resolved from product keys to the lookup keys orders carry.
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';
import { isHttpUrl } from '@shop/shared/rules/safe-redirect';
import type { StorefrontOffer } from '../../offers/model/storefront-offers';

export function partnerCheckoutProps({
  shopKey,
  businessName,
  offers,
  redirectAfterPurchase,
}: {
  shopKey: string;
  businessName: string;
  offers: readonly StorefrontOffer[];
  redirectAfterPurchase: unknown;
}): PartnerCheckout {
  const lookupKeyOf = new Map(
    offers.flatMap((offer) => (offer.lookupKey ? [[offer.key, offer.lookupKey] as const] : [])),
  );
  const entries = Array.isArray(redirectAfterPurchase) ? (redirectAfterPurchase as unknown[]) : [];
  const afterPurchase = entries.flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [];
    const { url, productKeys } = entry as { url?: unknown; productKeys?: unknown };
    // Anything malformed is skipped, never followed.
    if (!isHttpUrl(url)) return [];
    const keys = Array.isArray(productKeys)
      ? productKeys.filter((key): key is string => typeof key === 'string')
      : [];
    // A key the partner no longer sells cannot match an order, but keeps the rule from matching "any".
    return [
      {
        url,
        lookupKeys:
          keys.length === 0 ? [] : keys.map((key) => lookupKeyOf.get(key) ?? `product:${key}`),
      },
    ];
  });
  return {
    businessKey: shopKey,
    businessName,
    offers: offers.flatMap((offer) =>
      offer.lookupKey ? [{ lookupKey: offer.lookupKey, title: offer.title }] : [],
    ),
    afterPurchase,
  };
}

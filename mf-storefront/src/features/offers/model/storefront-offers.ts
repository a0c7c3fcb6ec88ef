// The offers a storefront sells: the shop's priced offers, overridden by the
// partner's product list through the shared rule (your-health-business keeps the default prices),
// with the product name replaced by the partner's.
import {
  mergeOffers,
  type MergedOffer,
  type ProductOffer,
  type ProviderPrice,
} from '@shop/shared/catalog/merge-offer';
import {
  applyPartnerProducts,
  partnerProductTitle,
  replaceProductName,
  type PartnerProduct,
} from '@shop/shared/rules/partner-rules';

export type StorefrontOffer = MergedOffer & { description: string };

export interface StorefrontOffersInput {
  shopKey: string;
  businessName: string;
  catalogOffers: readonly (ProductOffer & { description?: string })[];
  prices: readonly ProviderPrice[];
  /** The customization's `products`: offers whose `price` is a lookup key. */
  partnerProducts: readonly ProductOffer[] | null | undefined;
}

export function storefrontOffers({
  shopKey,
  businessName,
  catalogOffers,
  prices,
  partnerProducts,
}: StorefrontOffersInput): StorefrontOffer[] {
  const descriptions = new Map(catalogOffers.map((offer) => [offer.key, offer.description ?? '']));
  const defaults = mergeOffers(catalogOffers, prices);
  const priceByLookupKey = new Map(prices.map((price) => [price.lookupKey, price]));
  const overrides: PartnerProduct[] | null = partnerProducts
    ? partnerProducts.map((product) => {
        const price = priceByLookupKey.get(product.price);
        // A price the API does not list leaves the default price (the write path refuses it anyway).
        return price
          ? {
              key: product.key,
              title: product.title,
              lookupKey: product.price,
              priceId: price.id,
              unitAmount: price.unitAmount,
            }
          : { key: product.key, title: product.title };
      })
    : null;
  const partner = { businessName, products: partnerProducts };
  return applyPartnerProducts(shopKey, defaults, overrides).map((offer) => ({
    ...offer,
    // The same rule titles the partner's cart lines, orders and e-mails on the server.
    title: partnerProductTitle(offer, partner),
    description: replaceProductName(descriptions.get(offer.key) ?? '', businessName),
  }));
}

// What a storefront sells: the partner's products over the shop's priced catalog.
import { useQuery } from '@tanstack/react-query';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ProductOffer } from '@shop/shared/catalog/merge-offer';
import { customizationQueryOptions } from '@shop/shared/storefront/customization-query';
import type { Partner } from '@shop/shared/storefront/partner-view';
import { useStorefrontCatalog, type StorefrontCatalog } from '../api/storefront-catalog';
import { usePartner } from '../../partner/hooks/use-partner';
import { storefrontOffers, type StorefrontOffer } from '../model/storefront-offers';

/** What the storefront sells, from the partner's products and the shop's catalog (the hook and the server render). */
export function storefrontOffersOf(
  partner: Pick<Partner, 'shopKey' | 'businessName'>,
  products: unknown,
  catalog: StorefrontCatalog,
): StorefrontOffer[] {
  return storefrontOffers({
    shopKey: partner.shopKey,
    businessName: partner.businessName,
    catalogOffers: catalog.offers,
    prices: catalog.prices,
    partnerProducts: Array.isArray(products) ? (products as ProductOffer[]) : null,
  });
}

export interface StorefrontOffersState {
  offers: StorefrontOffer[] | undefined;
  isError: boolean;
  retry(): void;
}

/**
 * What this storefront sells. The shell's copy of the customization leaves the products out to
 * stay small; the pages that sell read the full one (same 10-minute cache).
 */
export function useStorefrontOffers(): StorefrontOffersState {
  const { api } = useShell();
  const partner = usePartner();
  const full = useQuery(
    customizationQueryOptions(api, partner.shopKey, { excludeProducts: false }),
  );
  const catalog = useStorefrontCatalog();
  const offers =
    catalog.data && full.isSuccess
      ? storefrontOffersOf(partner, full.data?.products, catalog.data)
      : undefined;
  return {
    offers,
    isError: full.isError || catalog.isError,
    retry: () => {
      if (full.isError) void full.refetch();
      if (catalog.isError) void catalog.refetch();
    },
  };
}

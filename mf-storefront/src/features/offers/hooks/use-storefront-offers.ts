import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffersResponse, PricesResponse } from '@shop/shared/contract/catalog';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import type { ProductOffer } from '@shop/shared/catalog/merge-offer';
import { customizationQueryOptions } from '@shop/shared/storefront/customization-query';
import type { Partner } from '@shop/shared/storefront/partner-view';
import { usePartner } from '../partner/use-partner';
import { storefrontOffers, type StorefrontOffer } from './storefront-offers';

// Prices change rarely; the catalog area keeps them five minutes too.
const CATALOG_STALE_MS = 5 * 60_000;

/** The shop's offers and prices, for the storefront to lay the partner's list over (the server render reads it too). */
export function storefrontCatalogQuery(api: Pick<ApiClients, 'content'>) {
  return queryOptions({
    queryKey: ['storefront', 'catalog'],
    staleTime: CATALOG_STALE_MS,
    queryFn: async ({ signal }) => {
      const [offers, prices] = await Promise.all([
        api.content.get<OffersResponse>(API_PATHS.catalogOffers, { signal }),
        api.content.get<PricesResponse>(API_PATHS.catalogPrices, { signal }),
      ]);
      return { offers: offers.data.offers, prices: prices.data.prices };
    },
  });
}

function useCatalog() {
  return useQuery(storefrontCatalogQuery(useShell().api));
}

/** What the storefront sells, from the partner's products and the shop's catalog (the hook and the server render). */
export function storefrontOffersOf(
  partner: Pick<Partner, 'shopKey' | 'businessName'>,
  products: unknown,
  catalog: { offers: OffersResponse['offers']; prices: PricesResponse['prices'] },
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
  const catalog = useCatalog();
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

// GET the shop's offers and prices, for the storefront to lay the partner's list over (the server
// render reads it too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffersResponse, PricesResponse } from '@shop/shared/contract/catalog';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

// Prices change rarely; the catalog area keeps them five minutes too.
const CATALOG_STALE_MS = 5 * 60_000;

export interface StorefrontCatalog {
  offers: OffersResponse['offers'];
  prices: PricesResponse['prices'];
}

export async function fetchStorefrontCatalog(
  api: Pick<ApiClients, 'content'>,
  signal?: AbortSignal,
): Promise<StorefrontCatalog> {
  const [offers, prices] = await Promise.all([
    api.content.get<OffersResponse>(API_PATHS.catalogOffers, { signal }),
    api.content.get<PricesResponse>(API_PATHS.catalogPrices, { signal }),
  ]);
  return { offers: offers.data.offers, prices: prices.data.prices };
}

export function storefrontCatalogQuery(api: Pick<ApiClients, 'content'>) {
  return queryOptions({
    queryKey: ['storefront', 'catalog'],
    staleTime: CATALOG_STALE_MS,
    queryFn: ({ signal }) => fetchStorefrontCatalog(api, signal),
  });
}

export function useStorefrontCatalog() {
  return useQuery(storefrontCatalogQuery(useShell().api));
}

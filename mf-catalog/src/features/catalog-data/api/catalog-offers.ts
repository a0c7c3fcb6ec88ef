// GET the catalog's offers and their prices (two reads, merged): every offer with its price.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffersResponse, PricesResponse } from '@shop/shared/contract/catalog';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { mergeCatalog, type CatalogOffer } from '../model/catalog-offer';
import { CATALOG_STALE_MS } from './catalog-stale-time';

export const CATALOG_OFFERS_QUERY_KEY = ['catalog', 'priced-offers'] as const;

export async function fetchCatalogOffers(
  api: Pick<ApiClients, 'content'>,
  signal?: AbortSignal,
): Promise<CatalogOffer[]> {
  const [offers, prices] = await Promise.all([
    api.content.get<OffersResponse>(FIRST_VIEW_PATHS.catalogOffers, { signal }),
    api.content.get<PricesResponse>(FIRST_VIEW_PATHS.catalogPrices, { signal }),
  ]);
  return mergeCatalog(offers.data.offers, prices.data.prices);
}

/** Every offer with its price, merged by the shared pure function. */
export function catalogOffersQuery(api: Pick<ApiClients, 'content'>) {
  return queryOptions({
    queryKey: CATALOG_OFFERS_QUERY_KEY,
    staleTime: CATALOG_STALE_MS,
    queryFn: ({ signal }) => fetchCatalogOffers(api, signal),
  });
}

export function useCatalogOffers() {
  return useQuery(catalogOffersQuery(useShell().api));
}

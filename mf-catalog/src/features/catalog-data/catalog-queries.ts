import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogContent } from '@shop/shared/contract/catalog-content';
import type { OffersResponse, PricesResponse } from '@shop/shared/contract/catalog';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { mergeCatalog } from './catalog-offer';

export const CATALOG_OFFERS_QUERY_KEY = ['catalog', 'priced-offers'] as const;
export const CATALOG_CONTENT_QUERY_KEY = ['catalog', 'content'] as const;

// Prices change rarely and the server caches for a minute; five minutes here avoids refetching on every page.
const STALE_TIME = 5 * 60_000;

/** Every offer with its price, merged by the shared pure function. */
export function catalogOffersQuery(api: Pick<ApiClients, 'content'>) {
  return queryOptions({
    queryKey: CATALOG_OFFERS_QUERY_KEY,
    staleTime: STALE_TIME,
    queryFn: async ({ signal }) => {
      const [offers, prices] = await Promise.all([
        api.content.get<OffersResponse>(FIRST_VIEW_PATHS.catalogOffers, { signal }),
        api.content.get<PricesResponse>(FIRST_VIEW_PATHS.catalogPrices, { signal }),
      ]);
      return mergeCatalog(offers.data.offers, prices.data.prices);
    },
  });
}

/** The seeded page copy: main page, landing pages and the quiz. */
export function catalogContentQuery(api: Pick<ApiClients, 'content'>) {
  return queryOptions({
    queryKey: CATALOG_CONTENT_QUERY_KEY,
    staleTime: STALE_TIME,
    queryFn: async ({ signal }) =>
      (await api.content.get<CatalogContent>(FIRST_VIEW_PATHS.catalogContent, { signal })).data,
  });
}

export function useCatalogOffers() {
  return useQuery(catalogOffersQuery(useShell().api));
}

export function useCatalogContent() {
  return useQuery(catalogContentQuery(useShell().api));
}

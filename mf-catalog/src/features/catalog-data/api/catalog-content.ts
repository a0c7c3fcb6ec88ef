// GET the catalog's seeded page copy: main page, landing pages and the quiz.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogContent } from '@shop/shared/contract/catalog-content';
import { FIRST_VIEW_PATHS } from '@shop/shared/contract/first-view-paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { CATALOG_STALE_MS } from './catalog-stale-time';

export const CATALOG_CONTENT_QUERY_KEY = ['catalog', 'content'] as const;

export async function fetchCatalogContent(
  api: Pick<ApiClients, 'content'>,
  signal?: AbortSignal,
): Promise<CatalogContent> {
  return (await api.content.get<CatalogContent>(FIRST_VIEW_PATHS.catalogContent, { signal })).data;
}

export function catalogContentQuery(api: Pick<ApiClients, 'content'>) {
  return queryOptions({
    queryKey: CATALOG_CONTENT_QUERY_KEY,
    staleTime: CATALOG_STALE_MS,
    queryFn: ({ signal }) => fetchCatalogContent(api, signal),
  });
}

export function useCatalogContent() {
  return useQuery(catalogContentQuery(useShell().api));
}

import { useQuery } from '@tanstack/react-query';
import type { CatalogContent } from '@shop/shared/contract/catalog-content';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';

/**
 * The shop's own main-page copy (steps, biomarker groups): a partner page uses it where the
 * customization has no field of its own. The hero never waits for it.
 */
export function useMainPageCopy() {
  const { api } = useShell();
  return useQuery({
    queryKey: ['storefront', 'catalog-content'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (await api.content.get<CatalogContent>(API_PATHS.catalogContent, { signal })).data.mainPage,
  });
}

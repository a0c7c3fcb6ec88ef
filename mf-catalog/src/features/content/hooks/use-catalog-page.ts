import type { ContentPageKey } from '@shop/shared/contract/catalog-content';
import { useCatalogOffers } from '../../catalog-data/api/catalog-offers';
import { useCatalogContent } from '../../catalog-data/api/catalog-content';
import { useDocumentTitle } from '../../shared/components/page-states';

/** A page's copy and the priced offers, loaded together; `ready` once both are there. */
export function useCatalogPage(pageKey: ContentPageKey) {
  const content = useCatalogContent();
  const offers = useCatalogOffers();
  const page = content.data?.pages[pageKey];
  useDocumentTitle(page?.title);
  return {
    page,
    offers: offers.data,
    failed: content.isError || offers.isError,
    retry: () => {
      if (content.isError) void content.refetch();
      if (offers.isError) void offers.refetch();
    },
  };
}

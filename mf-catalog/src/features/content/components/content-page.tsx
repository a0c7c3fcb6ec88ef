import type { ContentPageKey } from '@shop/shared/contract/catalog-content';
import { CatalogPageFrame } from '../../shared/components/page-states';
import { PageSections } from './page-sections';
import { useCatalogPage } from '../hooks/use-catalog-page';
import { PageHead } from './page-head';

/** Programs, landing and guide pages: their whole body is seeded copy. */
export function ContentPage({ pageKey }: { pageKey: ContentPageKey }) {
  const { page, offers, failed, retry } = useCatalogPage(pageKey);
  return (
    <CatalogPageFrame failed={failed} retry={retry} ready={Boolean(page && offers)}>
      {() => (
        <>
          <PageHead page={page!} />
          <PageSections sections={page!.sections} offers={offers!} idPrefix={pageKey} />
        </>
      )}
    </CatalogPageFrame>
  );
}

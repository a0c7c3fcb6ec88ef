// The catalog's server render (built to dist/ssr/render.cjs): the first view of its public pages,
// so a shopper sees the main page and prices before the browser has run any script.
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type { AreaRenderRequest, AreaServerRenderer } from '@shop/shared/ssr/server-render';
import { CatalogRoot } from '../app/parcel';
import { catalogOffersQuery } from '../features/catalog-data/api/catalog-offers';
import { catalogContentQuery } from '../features/catalog-data/api/catalog-content';

/**
 * Pages whose first view is the same for every visitor. The quiz is left out: it is interactive
 * from its first frame and draws with antd, whose styles are made in the browser.
 */
export const SERVER_RENDERED_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/pricing',
  '/products',
  '/pricing/heart-and-metabolic-program',
  '/programs',
  '/programs/heart-health',
  '/understand-your-health',
  '/advanced-cholesterol',
  '/upload-results',
  '/upload-results/how-to-export',
]);

export const renderArea: AreaServerRenderer['renderArea'] = async (request: AreaRenderRequest) => {
  // A storefront mounted this area for a partner's main page (its props, under its basename).
  if (request.areaProps?.partnerMainPage !== undefined) {
    return renderAreaToString(
      {
        area: 'catalog',
        AreaRoot: CatalogRoot,
        // The partner's page reads only the copy (offers are not on it).
        prefetch: async (queryClient, api) => {
          await queryClient.prefetchQuery(catalogContentQuery(api));
        },
      },
      request,
    );
  }
  if (request.basename !== '' || !SERVER_RENDERED_PATHS.has(request.pathname)) return null;
  return renderAreaToString(
    {
      area: 'catalog',
      AreaRoot: CatalogRoot,
      // Every catalog page reads the copy and the priced offers, and nothing else.
      prefetch: async (queryClient, api) => {
        await Promise.all([
          queryClient.prefetchQuery(catalogContentQuery(api)),
          queryClient.prefetchQuery(catalogOffersQuery(api)),
        ]);
      },
    },
    request,
  );
};

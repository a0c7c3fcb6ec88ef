// The catalog's server render (built to dist/ssr/render.cjs): the first view of its public pages,
// so a shopper sees the main page and prices before the browser has run any script.
import { antdServerStyles } from '@shop/shared/federation/antd-server-styles';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
} from '@shop/shared/ssr/server-render';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import type { QueryClient } from '@tanstack/react-query';
import { CatalogRoot } from '../app/parcel';
import { catalogOffersQuery } from '../features/catalog-data/api/catalog-offers';
import { catalogContentQuery } from '../features/catalog-data/api/catalog-content';

/** The quiz: its first question is drawn with antd. */
const QUIZ_PATH = '/quiz/which-test-is-right-for-me';

/** Pages whose first view is the same for every visitor. */
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
  QUIZ_PATH,
]);

// Every catalog page reads the copy and the priced offers, and nothing else.
async function prefetchPage(queryClient: QueryClient, api: ApiClients): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(catalogContentQuery(api)),
    queryClient.prefetchQuery(catalogOffersQuery(api)),
  ]);
}

/**
 * Every page the catalog draws is complete for anyone, its links plain links, so it goes live at
 * the visitor's first interaction, or when a spot only the live page fills (a below-the-fold form)
 * is scrolled near. antd's styles, made while rendering the quiz, go to <head> so nothing moves
 * when it takes over; an answer chosen or "Next" pressed on its first question is carried over.
 */
async function renderPage(request: AreaRenderRequest): Promise<AreaRenderResult | null> {
  const antd = request.pathname === QUIZ_PATH ? antdServerStyles() : null;
  const result = await renderAreaToString(
    {
      area: 'catalog',
      AreaRoot: antd ? antd.wrap(CatalogRoot) : CatalogRoot,
      prefetch: prefetchPage,
    },
    request,
  );
  if (!result) return null;
  return {
    ...result,
    head: antd ? result.head + antd.styles() : result.head,
    takeover: 'on-interaction',
  };
}

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
  return renderPage(request);
};

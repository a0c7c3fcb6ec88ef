// The catalog's server render (built to dist/ssr/render.cjs): the first view of its public pages,
// so a shopper sees the main page and prices before the browser has run any script.
import { antdServerStyles } from '@shop/shared/federation/antd-server-styles';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
} from '@shop/shared/ssr/server-render';
import type { CatalogContent } from '@shop/shared/contract/catalog-content';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import type { QueryClient } from '@tanstack/react-query';
import { CatalogRoot } from '../app/parcel';
import { catalogOffersQuery } from '../features/catalog-data/api/catalog-offers';
import {
  CATALOG_CONTENT_QUERY_KEY,
  catalogContentQuery,
} from '../features/catalog-data/api/catalog-content';
import { documentTitleOf } from '../features/shared/components/page-states';

/** The quiz: its first question is drawn with antd, and the page goes live at the first interaction. */
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

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The quiz's first question. antd's styles, made while rendering, go to <head> so nothing moves
 * when the live quiz takes over; that happens at the visitor's first interaction (the page needs
 * nothing before it), and an answer chosen or "Next" pressed on this page is carried to the live one.
 */
async function renderQuiz(request: AreaRenderRequest): Promise<AreaRenderResult | null> {
  const antd = antdServerStyles();
  let title: string | null = null;
  const result = await renderAreaToString(
    {
      area: 'catalog',
      AreaRoot: antd.wrap(CatalogRoot),
      prefetch: prefetchPage,
      shellProps: (queryClient) => {
        const quiz = queryClient.getQueryData<CatalogContent>(CATALOG_CONTENT_QUERY_KEY)?.quiz;
        title = quiz ? documentTitleOf(quiz.title) : null;
        return {};
      },
    },
    request,
  );
  if (!result) return null;
  // The tab's title, which the live page sets once it runs: the site puts it in place of the shell's.
  const titleTag = title === null ? '' : `<title>${escapeText(title)}</title>`;
  return { ...result, head: titleTag + result.head + antd.styles(), takeover: 'on-interaction' };
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
  if (request.pathname === QUIZ_PATH) return renderQuiz(request);
  return renderAreaToString(
    { area: 'catalog', AreaRoot: CatalogRoot, prefetch: prefetchPage },
    request,
  );
};

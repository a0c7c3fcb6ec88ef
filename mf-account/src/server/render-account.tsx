// The account area's server render (built to dist/ssr/render.cjs): the first view of the log-in,
// sign-up and password-reset pages and of the signed-in customer's account and results, drawn by the
// live pages themselves. antd renders here too and its styles go to <head>, so the page looks as it will once
// live. The area's code loads on the visitor's first interaction ('on-interaction'): until then the
// page is the server's, and what is typed into a form is carried over to the live one by the shell.
import { cmsInfoResponseSchema } from '@shop/shared/contract/user';
import { RESULTS_QUERY_KEY } from '@shop/shared/contract/results';
import { antdServerStyles } from '@shop/shared/federation/antd-server-styles';
import { API_PATHS } from '@shop/shared/contract/paths';
import { renderAreaToString, type AreaServerRenderOptions } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT } from '@shop/shared/ssr/server-shell';
import { seedRefusedForm } from './handle-form';
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { AccountRoot } from '../app/parcel';
import { paymentMethodsQueryOptions } from '../features/account-overview/api/payment-methods';
import { scheduledKitsQueryOptions } from '../features/account-overview/api/scheduled-kits';
import { resultUploadsQueryOptions } from '../features/result-uploads/api/result-uploads';
import { subscriptionsQueryOptions } from '../features/subscriptions/api/subscriptions';
import { biomarkerGuideQueryOptions } from '../features/results/api/biomarker-guide';
import { resultsQueryOptions } from '../features/results/api/results';
// Registers the trend chart's lazy chunk before the render preloads lazy pages, so the first view
// draws every chart rather than its placeholder.
import '../features/results/components/biomarker-card';

type Page = 'login' | 'signup' | 'reset-password' | 'results' | 'account';

const SERVER_RENDERED_PAGES: Readonly<Record<string, Page>> = {
  '/login': 'login',
  '/signup': 'signup',
  '/reset-password': 'reset-password',
  '/account/results': 'results',
  // Not /account/uploads, the same page opened at the lab results to upload one: it focuses the
  // panel as it opens and its upload button opens the file chooser, which a press replayed after
  // the takeover may not do. It starts in the browser.
  '/account': 'account',
};

/** Pages drawn as their visitor: rendered with their reads only, and none without a visitor. */
const PERSONAL_PAGES: ReadonlySet<Page> = new Set(['results', 'account']);

/**
 * A customer's results are drawn as them (their session cookie), so the page is theirs alone: the
 * site never caches or shares a render that read as its visitor. The guide is public content.
 */
async function prefetchResults(queryClient: QueryClient, api: ApiClients): Promise<void> {
  await Promise.all([
    // Kept in this render's cache until it is read (the page's own option drops it at once).
    queryClient.prefetchQuery({ ...resultsQueryOptions(api), gcTime: Infinity }),
    queryClient.prefetchQuery(biomarkerGuideQueryOptions(api)),
  ]);
}

/**
 * The account page's panels as the visitor: cards, address and e-mail, memberships (and which have
 * a kit scheduled) and lab reports. Kept in this render's cache until read (the page's own options
 * drop the visitor's cards and reports at once).
 */
async function prefetchAccount(queryClient: QueryClient, api: ApiClients): Promise<void> {
  const kept = { gcTime: Infinity };
  const [, subscriptions] = await Promise.all([
    queryClient.prefetchQuery({ ...paymentMethodsQueryOptions(api), ...kept }),
    queryClient.fetchQuery({ ...subscriptionsQueryOptions(api), ...kept }).catch(() => null),
    queryClient.prefetchQuery({ ...resultUploadsQueryOptions(api), ...kept }),
  ]);
  const ids = subscriptions?.subscriptions.map((subscription) => subscription.lookupKey) ?? [];
  if (ids.length > 0)
    await queryClient.prefetchQuery({ ...scheduledKitsQueryOptions(api, ids), ...kept });
}

const PREFETCH: Partial<Record<Page, AreaServerRenderOptions['prefetch']>> = {
  results: prefetchResults,
  account: prefetchAccount,
};

/** The API's 401, as the site's read words it (an Error, or the ApiError a page's query made of it). */
const isResultsQuery = (queryKey: readonly unknown[]) =>
  JSON.stringify(queryKey) === JSON.stringify(RESULTS_QUERY_KEY);

const isUnauthorized = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /answered 401\b/.test(message);
};

/**
 * The log-in page tells a signed-in visitor so: it is drawn as the visitor (their session cookie),
 * and is then theirs alone (never cached or shared). Anonymous is the API's 401.
 */
async function visitorOf(request: AreaRenderRequest): Promise<CurrentUser | null> {
  if (!request.fetchPersonalJson) throw new Error('The log-in page is drawn as its visitor');
  try {
    return cmsInfoResponseSchema.parse(await request.fetchPersonalJson(API_PATHS.cmsInfo));
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export { handleForm } from './handle-form';

export const renderArea: AreaServerRenderer['renderArea'] = async (
  request: AreaRenderRequest,
): Promise<AreaRenderResult | null> => {
  const page = SERVER_RENDERED_PAGES[request.pathname.replace(/(.)\/+$/, '$1')];
  if (!page || request.basename !== '') return null;
  // A reset link's page (?linkId=) holds a token: it starts in the browser, as before.
  if (page === 'reset-password' && new URLSearchParams(request.search).has('linkId')) return null;
  const user = page === 'login' ? await visitorOf(request) : null;
  const personal = PERSONAL_PAGES.has(page);
  if (personal && !request.fetchPersonalJson) return null;

  // antd's styles, made while rendering, go to <head>.
  const antd = antdServerStyles();
  let result: AreaRenderResult | null;
  try {
    result = await renderAreaToString(
      {
        area: 'account',
        AreaRoot: antd.wrap(AccountRoot),
        prefetch: async (queryClient, api) => {
          await PREFETCH[page]?.(queryClient, api);
          // A log-in the API refused a moment ago (a plain post): the form starts from its answer.
          if (request.formFlash) seedRefusedForm(queryClient, request.formFlash);
        },
        shellProps: () =>
          page === 'login'
            ? { userContext: { ...FIRST_VIEW_USER_CONTEXT, user, loading: false } }
            : {},
      },
      // Every read of a personal page is the visitor's (the results' guide beside them too).
      personal ? { ...request, fetchJson: request.fetchPersonalJson! } : request,
    );
  } catch (error) {
    // Signed out: the browser's page sends the visitor to log in, as without a first view.
    if (personal && isUnauthorized(error)) return null;
    throw error;
  }
  if (!result) return null;
  // The page has the results drawn: not a second copy as data (the live page reads them afresh).
  const queries =
    page === 'results'
      ? result.queries.filter((query) => !isResultsQuery(query.queryKey))
      : result.queries;
  return { ...result, queries, head: result.head + antd.styles(), takeover: 'on-interaction' };
};

// The shell's server render (built to dist/ssr/render.cjs): which area a page belongs to, by the
// registry's prefixes, and its frame (header, <main>, footer) around an area's server-rendered HTML,
// as the browser draws it before the visitor is known: anonymous, empty cart. On a storefront page
// the frame carries the partner's look (logo, name, colours, footer), read from the API, and the
// head the partner's icon and meta tags.
import { renderToString } from 'react-dom/server';
import type { Navigator } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { createApiClients } from '@shop/shared/http/api-clients';
import type {
  CurrentUser,
  PartnerCustomizationProp,
} from '@shop/shared/shell-contract/shell-props';
import { cartQueryKey } from '@shop/shared/cart/cart-client';
import type { Cart } from '@shop/shared/contract/cart';
import {
  FIRST_VIEW_AREA_ATTRIBUTE,
  type FirstViewQuery,
  type FrameRenderRequest,
  type ShellServerRenderer,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT, SERVER_NAVIGATOR } from '@shop/shared/ssr/server-shell';
import { routeOf, wantsBalance } from '../app/route-table';
import { toUser, userQueryKey } from '../features/user/user-query';
import { ShellFrame } from '../app/shell-frame';
import { Footer } from '../features/layout/footer';
import { Header } from '../features/layout/header';
import {
  preloadStorefrontChrome,
  StorefrontFooter,
  StorefrontShellStyles,
} from '../features/storefront/storefront-chrome-lazy';
import { shellTheme } from '../features/theme/shell-theme';
import { partnerHead, partnerHeadHtml } from '../features/storefront/partner-head';

export const areaOf: ShellServerRenderer['areaOf'] = (pathname, areas) => {
  const route = routeOf(pathname, areas);
  if (!route) return null;
  return { area: route.area, basename: route.basename, b2bKey: route.b2bKey };
};

/** The partner's customization as the browser shell reads it (without products); null when unknown. */
async function partnerOf({
  b2bKey,
  fetchJson,
}: FrameRenderRequest): Promise<PartnerCustomizationProp | null> {
  if (!b2bKey || !fetchJson) return null;
  const path = `${buildPath(API_PATHS.customization, { shopKey: b2bKey })}?excludeProducts=true`;
  const data = await fetchJson(path);
  return data && typeof data === 'object' ? { ...(data as object), shopKey: b2bKey } : null;
}

const isUnauthorized = (error: unknown) =>
  /answered 401\b/.test(String((error as { message?: unknown } | null)?.message));

/**
 * The visitor as the browser's header reads them (their account and their cart), when the page is
 * drawn as its visitor; null when it is drawn for anyone. The reads are the browser's own queries,
 * so its first render starts from the same data.
 */
async function visitorOf({
  pathname,
  b2bKey,
  fetchPersonalJson,
}: FrameRenderRequest): Promise<{ user: CurrentUser | null; queries: FirstViewQuery[] } | null> {
  if (!fetchPersonalJson) return null;
  const includeBalance = wantsBalance(pathname);
  const userPath = `${API_PATHS.cmsInfo}?includeSubscriptionInfo=true${includeBalance ? '&includeBalance=true' : ''}`;
  // On a partner's page its own prices are in the cart: only its business checkout can price them.
  const cartPath = b2bKey
    ? `${API_PATHS.cartPriced}?${new URLSearchParams({ businessKey: b2bKey })}`
    : API_PATHS.cartPriced;
  const [user, priced] = await Promise.all([
    fetchPersonalJson(userPath).then(toUser, (error: unknown) => {
      if (isUnauthorized(error)) return null;
      throw error;
    }),
    fetchPersonalJson(cartPath) as Promise<{ cart: Cart }>,
  ]);
  const dataUpdatedAt = Date.now();
  return {
    user,
    queries: [
      { queryKey: userQueryKey(includeBalance), data: user, dataUpdatedAt },
      { queryKey: cartQueryKey(user?.email ?? null), data: priced.cart, dataUpdatedAt },
    ],
  };
}

export const renderFrame: ShellServerRenderer['renderFrame'] = async (request) => {
  const { pathname, area, areaHtml, basename = '' } = request;
  const customization = await partnerOf(request);
  if (request.b2bKey && !customization)
    throw new Error(`No partner ${request.b2bKey} for its frame`);
  const storefront = customization ? { basename, customization } : null;
  // The chrome is its own chunk in the browser; here it is in the bundle, but still behind a promise.
  if (storefront) await preloadStorefrontChrome();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, enabled: false } },
  });
  const visitor = await visitorOf(request);
  for (const query of visitor?.queries ?? [])
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.dataUpdatedAt });
  const userContext = visitor
    ? { ...FIRST_VIEW_USER_CONTEXT, user: visitor.user, loading: false }
    : FIRST_VIEW_USER_CONTEXT;
  const api = createApiClients({ onUnauthorized: () => undefined });
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <ShellFrame
        theme={shellTheme(customization)}
        storefront={storefront}
        location={{ pathname, search: '', hash: '', state: null, key: 'default' }}
        navigator={SERVER_NAVIGATOR as Navigator}
        top={storefront && <StorefrontShellStyles />}
        header={
          <Header pathname={pathname} userContext={userContext} api={api} storefront={storefront} />
        }
        footer={storefront ? <StorefrontFooter {...storefront} /> : <Footer businessName={null} />}
      >
        <div
          className="area-root"
          data-area={area}
          {...{ [FIRST_VIEW_AREA_ATTRIBUTE]: area }}
          dangerouslySetInnerHTML={{ __html: areaHtml }}
        />
      </ShellFrame>
    </QueryClientProvider>,
  );
  queryClient.clear();
  // A partner's icon and meta tags are in the server's head, as the live shell would set them.
  const head = partnerHead(customization);
  const partner = head ? { partnerHead: partnerHeadHtml(head) } : {};
  if (visitor) return { html, frame: 'visitor', queries: visitor.queries, ...partner };
  return head ? { html, frame: 'anonymous', queries: [], ...partner } : html;
};

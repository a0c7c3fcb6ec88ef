// The shell's server render (built to dist/ssr/render.cjs): which area a page belongs to, by the
// registry's prefixes, and its frame (header, <main>, footer) around an area's server-rendered HTML,
// as the browser draws it before the visitor is known: anonymous, empty cart. On a storefront page
// the frame carries the partner's look (logo, name, colours, footer), read from the API.
import { renderToString } from 'react-dom/server';
import type { Navigator } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { createApiClients } from '@shop/shared/http/api-clients';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';
import {
  FIRST_VIEW_AREA_ATTRIBUTE,
  type FrameRenderRequest,
  type ShellServerRenderer,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT, SERVER_NAVIGATOR } from '@shop/shared/ssr/server-shell';
import { routeOf } from '../app/route-table';
import { ShellFrame } from '../app/shell-frame';
import { Footer } from '../features/layout/footer';
import { Header } from '../features/layout/header';
import {
  preloadStorefrontChrome,
  StorefrontFooter,
  StorefrontShellStyles,
} from '../features/storefront/storefront-chrome-lazy';
import { shellTheme } from '../features/theme/shell-theme';

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
          <Header
            pathname={pathname}
            userContext={FIRST_VIEW_USER_CONTEXT}
            api={api}
            storefront={storefront}
          />
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
  return html;
};

// The shell's server render (built to dist/ssr/render.cjs): which area a page belongs to, by the
// registry's prefixes, and its frame (header, <main>, footer) around an area's server-rendered HTML,
// as the browser draws it before the visitor is known: anonymous, empty cart.
import { renderToString } from 'react-dom/server';
import type { Navigator } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createApiClients } from '@shop/shared/http/api-clients';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';
import {
  FIRST_VIEW_AREA_ATTRIBUTE,
  type ShellServerRenderer,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT, SERVER_NAVIGATOR } from '@shop/shared/ssr/server-shell';
import { routeOf } from '../app/route-table';
import { ShellFrame } from '../app/shell-frame';
import { Footer } from '../features/layout/footer';
import { Header } from '../features/layout/header';

export const areaOf: ShellServerRenderer['areaOf'] = (pathname, areas) => {
  const route = routeOf(pathname, areas);
  // Storefront pages carry a partner's look, which the browser shell loads; they start in the browser.
  if (!route || route.b2bKey) return null;
  return { area: route.area, basename: route.basename };
};

export const renderFrame: ShellServerRenderer['renderFrame'] = ({ pathname, area, areaHtml }) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, enabled: false } },
  });
  const api = createApiClients({ onUnauthorized: () => undefined });
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <ShellFrame
        theme={defaultThemeTokens()}
        storefront={null}
        location={{ pathname, search: '', hash: '', state: null, key: 'default' }}
        navigator={SERVER_NAVIGATOR as Navigator}
        header={
          <Header
            pathname={pathname}
            userContext={FIRST_VIEW_USER_CONTEXT}
            api={api}
            storefront={null}
          />
        }
        footer={<Footer businessName={null} />}
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

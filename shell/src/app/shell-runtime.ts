// Everything else the shell creates once per page load before React renders, around the basics
// started at the first paint (shell-basics.ts).
import { QueryClient } from '@tanstack/react-query';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import type { ShopRuntimeConfig } from '@shop/shared/shell-contract/runtime-config';
import {
  createBrowserNavigationStore,
  type NavigationStore,
} from '@shop/shared/shell-contract/navigation-store';
import { createApiClients } from '@shop/shared/http/api-clients';
import { captureEmailVisitor, captureUrlDiscount } from '@shop/shared/client-state/client-storage';
import {
  createAreaLoader,
  remainingLoadBudget,
  remoteSourcesFrom,
  type AreaLoader,
  type FederationApi,
} from '../federation/area-loader';
import { prefetchAreaCode } from '../federation/area-code-prefetch';
import { createContractGuard } from '../federation/contract-guard';
import { createShopRuntimePlugin } from '../federation/shop-runtime-plugin';
import type { ShellAnalytics } from '../features/analytics/analytics';
import { endOpenEventsOnNavigation } from '../features/analytics/first-view-events';
import type { PageViewLog } from '../features/analytics/page-view-logger';
import type { ShellDevOverrides } from '../features/dev-override/dev-overrides';
import { loadShellDevOverrides } from '../features/dev-override/dev-override-loader';
import { readFirstView, type FirstView } from '../federation/first-view';
import { firstInteractionTime, setFirstViewNavigator } from '../federation/first-view-interactions';
import type { RegistrySource } from './registry-source';
import type { ShellBasics } from './shell-basics';

export interface ShellRuntime {
  config: ShopRuntimeConfig;
  store: NavigationStore;
  queryClient: QueryClient;
  api: ApiClients;
  /** The live remotes: their manifests for the loader, their path prefixes for the router. */
  registry: RegistrySource;
  loader: AreaLoader;
  analytics: ShellAnalytics;
  logPageView: PageViewLog;
  sessionId: string;
  isEmailVisitor: boolean;
  /** Remotes a developer loads from their own server, and refused override values. */
  devOverrides: Promise<ShellDevOverrides>;
  /** The server-rendered first view of this page load, if the server sent one. */
  firstView: FirstView;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 60_000 } },
  });
}

/** The rest of the runtime, around what `basics` started at the first paint. */
export function createShellRuntime(basics: ShellBasics, win: Window = window): ShellRuntime {
  const { config, registry, analytics, logPageView, sessionId } = basics;
  // Before the history is created: it drops ?override= from the address bar.
  const devOverrides = loadShellDevOverrides(win, config.overrideOrigins);
  const store = createBrowserNavigationStore();
  setFirstViewNavigator((href) => store.navigator.push(href));
  basics.location.follow(store);
  const queryClient = createQueryClient();
  const firstView = readFirstView(win.document, queryClient);
  const api = createApiClients({
    connectBaseUrl: config.connectBaseUrl,
    paymentsBaseUrl: config.paymentsBaseUrl,
    contentBaseUrl: config.contentBaseUrl,
    onUnauthorized: () => {
      const { pathname, search } = store.getLocation();
      if (pathname === '/login') return;
      store.navigator.push(`/login?redirect=${encodeURIComponent(pathname + search)}`);
    },
  });

  const guard = createContractGuard();
  registerPlugins([createShopRuntimePlugin(guard)]);
  const federation: FederationApi = { registerRemotes, loadRemote };
  // The first area load of a page started when the page did (performance.now() is time since
  // navigation start); later ones start at the click that asked for them.
  let firstLoad = true;
  const loader = createAreaLoader({
    federation,
    guard,
    fetchSources: async () => {
      const [live, { overrides }] = await Promise.all([registry.read(), devOverrides]);
      return remoteSourcesFrom(live, overrides);
    },
    deadlineMs: () => {
      // A first view that waited for the visitor's first interaction started its area's load then.
      const startedAt = firstView.takeover === 'on-interaction' ? (firstInteractionTime() ?? 0) : 0;
      const elapsed = firstLoad ? win.performance.now() - startedAt : 0;
      firstLoad = false;
      return remainingLoadBudget(elapsed);
    },
    prefetchCode: (manifestUrl) => prefetchAreaCode(win.document, manifestUrl),
  });

  const { search } = store.getLocation();
  captureUrlDiscount(search, win.sessionStorage);
  const isEmailVisitor = captureEmailVisitor(search, win.localStorage);

  endOpenEventsOnNavigation({ firstView, analytics, store });

  return {
    config,
    store,
    queryClient,
    api,
    registry,
    loader,
    analytics,
    logPageView,
    sessionId,
    isEmailVisitor,
    devOverrides,
    firstView,
  };
}

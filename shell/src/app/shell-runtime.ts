// Everything the shell creates once per page load, before React renders.
import { QueryClient } from '@tanstack/react-query';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import { areaTableOf } from '@shop/shared/shell-contract/area-routes';
import {
  resolveRuntimeConfig,
  type ShopRuntimeConfig,
} from '@shop/shared/shell-contract/runtime-config';
import {
  createBrowserNavigationStore,
  type NavigationStore,
} from '@shop/shared/shell-contract/navigation-store';
import { createApiClients } from '@shop/shared/http/api-clients';
import {
  captureEmailVisitor,
  captureUrlDiscount,
  getOrCreateSessionId,
} from '@shop/shared/client-state/client-storage';
import {
  createAreaLoader,
  remainingLoadBudget,
  remoteSourcesFrom,
  type AreaLoader,
  type FederationApi,
} from '../federation/area-loader';
import { prefetchAreaCode, prefetchFirstViewArea } from '../federation/area-code-prefetch';
import { createContractGuard } from '../federation/contract-guard';
import { createShopRuntimePlugin } from '../federation/shop-runtime-plugin';
import { createAnalytics, type ShellAnalytics } from '../features/analytics/analytics';
import {
  createQueueProductAnalytics,
  disabledProductAnalytics,
} from '../features/analytics/product-analytics';
import { sendFirstViewOpenEvents } from '../features/analytics/first-view-events';
import { createPageViewLogger } from '../features/analytics/page-view-logger';
import { startFieldVitals, vitalsSampleRate } from '../features/analytics/field-vitals';
import type { ShellDevOverrides } from '../features/dev-override/dev-overrides';
import { loadShellDevOverrides } from '../features/dev-override/dev-override-loader';
import { readFirstView, type FirstView } from '../federation/first-view';
import { firstInteractionTime, setFirstViewNavigator } from '../federation/first-view-interactions';
import { createRegistrySource, type RegistrySource } from './registry-source';
import { routeOf } from './route-table';

export interface ShellRuntime {
  config: ShopRuntimeConfig;
  store: NavigationStore;
  queryClient: QueryClient;
  api: ApiClients;
  /** The live remotes: their manifests for the loader, their path prefixes for the router. */
  registry: RegistrySource;
  loader: AreaLoader;
  analytics: ShellAnalytics;
  logPageView: (url: string, referringUrl: string) => Promise<void>;
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

/** A hung read ends after `timeoutMs`; a slow one shows the fallback sooner (the registry source) and still counts when it arrives. */
async function fetchRegistry(url: string, timeoutMs: number): Promise<RegistryDocument> {
  const response = await fetch(url, {
    cache: 'no-cache',
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const registry = (await response.json()) as RegistryDocument;
  if (!registry || typeof registry.remotes !== 'object')
    throw new Error(`${url} is not a registry document`);
  return registry;
}

/** A registry read that has not answered by now never will. */
const REGISTRY_HANG_MS = 30_000;

export function createShellRuntime(win: Window = window): ShellRuntime {
  const config = resolveRuntimeConfig(win.__SHOP_CONFIG__);
  // Before the history is created: it drops ?override= from the address bar.
  const devOverrides = loadShellDevOverrides(win, config.overrideOrigins);
  const store = createBrowserNavigationStore();
  setFirstViewNavigator((href) => store.navigator.push(href));
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

  // Read at once: routing the page to its area waits for it.
  const registry = createRegistrySource(
    () => fetchRegistry(config.registryUrl, REGISTRY_HANG_MS),
    () => remainingLoadBudget(win.performance.now()),
  );
  registry.load();

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
  prefetchFirstViewArea(win, firstView, loader);

  const sessionId = getOrCreateSessionId(win.localStorage);
  const { search } = store.getLocation();
  captureUrlDiscount(search, win.sessionStorage);
  const isEmailVisitor = captureEmailVisitor(search, win.localStorage);

  const analytics = createAnalytics({
    win,
    product: config.productAnalytics.enabled
      ? createQueueProductAnalytics(win)
      : disabledProductAnalytics,
  });
  sendFirstViewOpenEvents({ firstView, analytics, store });
  const logPageView = createPageViewLogger({
    client: api.connect,
    token: config.pageViewToken,
    sessionId,
    userAgent: win.navigator.userAgent,
  });
  void startFieldVitals({
    win,
    sampleRate: vitalsSampleRate(config.webVitalsSampleRate),
    location: store,
    areaOf: async (pathname) => routeOf(pathname, areaTableOf(await registry.read()))?.area ?? null,
    apiBaseUrl: config.connectBaseUrl,
    token: config.pageViewToken,
  });

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

// What the shell does from the first paint on, before its React part and without its libraries:
// the page is counted, its code is fetched and field data is measured even when the visitor never
// interacts and the shell's React part therefore never starts (see render-gate.ts).
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import { areaTableOf } from '@shop/shared/shell-contract/area-routes';
import {
  resolveRuntimeConfig,
  type ShopRuntimeConfig,
} from '@shop/shared/shell-contract/runtime-config';
import { getOrCreateSessionId } from '@shop/shared/client-state/client-storage';
import { FIRST_VIEW_STATE_ID, parseFirstViewState } from '@shop/shared/ssr/server-render';
import { REMOTE_NAMES } from '@shop/shared/shell-contract/shell-props';
import { remainingLoadBudget, remoteSourcesFrom } from '../federation/area-loader';
import {
  addPrefetchLinks,
  afterPaintWhenIdle,
  prefetchAreaCode,
  prefetchFirstViewArea,
} from '../federation/area-code-prefetch';
import { createAnalytics, type ShellAnalytics } from '../features/analytics/analytics';
import {
  createQueueProductAnalytics,
  disabledProductAnalytics,
} from '../features/analytics/product-analytics';
import { createPageViewLogger, type PageViewLog } from '../features/analytics/page-view-logger';
import { sendFirstViewOpenEvents } from '../features/analytics/first-view-events';
import { startFieldVitals, vitalsSampleRate } from '../features/analytics/field-vitals';
import {
  createFirstViewActionContext,
  openFirstViewActions,
} from '../federation/first-view-actions';
import '../federation/first-view-cart-actions';
import '../federation/first-view-discount-action';
import '../federation/first-view-auth-actions';
import { createRegistrySource, type RegistrySource } from './registry-source';
import { rendersOnFirstInteraction } from './render-gate';
import { routeOf } from './route-table';

export interface ShellBasics {
  config: ShopRuntimeConfig;
  /** The live remotes, read at once: routing the page to its area and prefetching its code wait for it. */
  registry: RegistrySource;
  analytics: ShellAnalytics;
  logPageView: PageViewLog;
  sessionId: string;
  /** Where field data reads the location: the address bar until the shell's store takes over. */
  location: LocationRelay;
  /** The shell's React part waits for the visitor's first interaction (render-gate.ts). */
  waitsForInteraction: boolean;
  /** Logs this page's view now (the shell's React part would log it later); returns the page. */
  logOpenedPage(): string;
}

interface Location {
  getLocation(): { pathname: string };
  subscribe(listener: () => void): () => void;
}

export interface LocationRelay extends Location {
  /** From now on the location is the shell's (its history changes it without a page load). */
  follow(store: Location): void;
}

/** The address bar until `follow`; only the shell's history moves without a page load. */
export function createLocationRelay(win: Pick<Window, 'location'>): LocationRelay {
  let source: Location | null = null;
  const listeners = new Set<() => void>();
  return {
    getLocation: () => source?.getLocation() ?? { pathname: win.location.pathname },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    follow(store) {
      source = store;
      store.subscribe(() => {
        for (const listener of [...listeners]) listener();
      });
    },
  };
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

/** The files the shell's start loads, listed by its build (webpack.config.mjs). */
const START_FILES_URL = '/shell-start-files.json';

/** Adds a prefetch link for each of the shell's start files (its code loads only when it starts). */
export async function prefetchShellStart(
  doc: Document,
  fetchJson: (url: string) => Promise<unknown> = async (url) => (await fetch(url)).json(),
): Promise<void> {
  const files = await fetchJson(START_FILES_URL).catch(() => null);
  if (!Array.isArray(files)) return;
  await addPrefetchLinks(
    doc,
    files
      .filter((file): file is string => typeof file === 'string')
      // Beside the list, not beside the page: on /shop/<partner>/pricing a bare name would be a page.
      .map((file) => new URL(file, new URL(START_FILES_URL, doc.baseURI)).href),
  );
}

/** A registry read that has not answered by now never will. */
const REGISTRY_HANG_MS = 30_000;

/** A JSON POST through fetch: the shell's HTTP clients are not loaded yet. */
function postJson(baseUrl: string) {
  return {
    async post(path: string, body: unknown, config: { headers: Record<string, string> }) {
      const response = await fetch(new URL(path, new URL(baseUrl, document.baseURI)), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...config.headers },
        body: JSON.stringify(body),
        keepalive: true,
      });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    },
  };
}

// eslint-disable-next-line max-lines-per-function -- a factory whose returned methods share its closure state; splitting it is still to do
export function createShellBasics(win: Window = window): ShellBasics {
  const config = resolveRuntimeConfig(win.__SHOP_CONFIG__);
  const registry = createRegistrySource(
    () => fetchRegistry(config.registryUrl, REGISTRY_HANG_MS),
    () => remainingLoadBudget(win.performance.now()),
  );
  registry.load();
  const sessionId = getOrCreateSessionId(win.localStorage);
  const analytics = createAnalytics({
    win,
    product: config.productAnalytics.enabled
      ? createQueueProductAnalytics(win)
      : disabledProductAnalytics,
  });
  const logPageView = createPageViewLogger({
    client: postJson(config.connectBaseUrl),
    token: config.pageViewToken,
    sessionId,
    userAgent: win.navigator.userAgent,
  });
  const location = createLocationRelay(win);
  void startFieldVitals({
    win,
    sampleRate: vitalsSampleRate(config.webVitalsSampleRate),
    location,
    areaOf: async (pathname) => routeOf(pathname, areaTableOf(await registry.read()))?.area ?? null,
    apiBaseUrl: config.connectBaseUrl,
    token: config.pageViewToken,
  });

  // A first view that waits for the visitor: its area's code is fetched once the page is idle, and
  // its page-open events are sent now (the live area's repeat of them is dropped).
  const state = parseFirstViewState(win.document.getElementById(FIRST_VIEW_STATE_ID)?.textContent);
  if (state) {
    prefetchFirstViewArea(
      win,
      {
        takeover: state.takeover ?? 'eager',
        pathname: state.pathname,
        routeFor: (pathname) => (pathname === state.pathname ? { area: state.area } : undefined),
      },
      {
        prefetch: async (area) => {
          const live = await registry.read();
          const source = remoteSourcesFrom(live).find(({ name }) => name === REMOTE_NAMES[area]);
          if (source)
            await prefetchAreaCode(win.document, source.manifestUrl, { pages: state.pages ?? [] });
        },
      },
    );
    // The first view's commonest taps are done from here on, before the shell (bootstrap.tsx).
    openFirstViewActions(
      createFirstViewActionContext({
        doc: win.document,
        sessionId,
        baseUrls: {
          content: config.contentBaseUrl,
          connect: config.connectBaseUrl,
          payments: config.paymentsBaseUrl,
        },
        track: (event, params) => analytics.track(event, params),
      }),
    );
    sendFirstViewOpenEvents(
      {
        takeover: state.takeover ?? 'eager',
        openEvents: state.openEvents ?? [],
        pathname: state.pathname,
      },
      analytics,
    );
  }
  const waitsForInteraction = rendersOnFirstInteraction(
    {
      takeover: state?.takeover ?? 'eager',
      frame: state?.frame ?? 'anonymous',
      b2bKey: state?.b2bKey ?? null,
      partnerHead: state?.partnerHead ?? false,
    },
    win.localStorage,
  );
  // Its files are fetched ahead, at idle, never run: the first interaction then waits for no download.
  if (waitsForInteraction) afterPaintWhenIdle(win, () => void prefetchShellStart(win.document));
  const logOpenedPage = () => {
    const { pathname, search, hash } = win.location;
    const page = `${pathname}${search}${hash}`;
    void logPageView(page, win.document.referrer);
    return page;
  };
  return {
    config,
    registry,
    analytics,
    logPageView,
    sessionId,
    location,
    waitsForInteraction,
    logOpenedPage,
  };
}

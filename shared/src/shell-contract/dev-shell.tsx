// A development and test implementation of the shell contract. Remotes use it in their standalone
// harness (src/bootstrap.tsx) and their component tests; the real shell never imports it.
import { type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import axios from 'axios';
import { QueryClient } from '@tanstack/react-query';
import { defaultThemeTokens } from '../federation/antd-theme';
import type { NavigationStore } from './navigation-store';
import { createBrowserNavigationStore, useNavigationLocation } from './navigation-store';
import {
  SHELL_CONTRACT_VERSION,
  type AnalyticsEventName,
  type AreaOutletProps,
  type CurrentUser,
  type PartnerCustomizationProp,
  type ShellProps,
} from './shell-props';

export interface DevShellRecord {
  notifications: { level: 'error' | 'success' | 'info'; message: string; description?: string }[];
  tracked: { event: AnalyticsEventName; params?: Record<string, unknown> }[];
  preloaded: string[];
}

export interface DevShellOptions {
  store: NavigationStore;
  basename?: string;
  user?: CurrentUser | null;
  customization?: PartnerCustomizationProp | null;
  /** API origin for the harness, e.g. http://localhost:8080; '' for same origin. */
  apiBaseUrl?: string;
  /** Tests pass a QueryClient without retries. */
  queryClient?: QueryClient;
  /** Logs to the console as well; the harness wants it, tests do not. */
  log?: boolean;
}

function DevAreaOutlet({ area }: AreaOutletProps) {
  return (
    <section aria-label={`${area} area (provided by the shell)`} data-area-outlet={area}>
      The shell mounts the {area} area here.
    </section>
  );
}

export function createDevShell(options: DevShellOptions): {
  props: Omit<ShellProps, 'navigation'>;
  record: DevShellRecord;
} {
  const record: DevShellRecord = { notifications: [], tracked: [], preloaded: [] };
  const log = options.log ? console.info : () => undefined;
  const queryClient =
    options.queryClient ??
    new QueryClient({
      defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 5 * 60_000 } },
    });
  const client = () =>
    axios.create({
      baseURL: options.apiBaseUrl ?? '',
      withCredentials: true,
      headers: { 'Content-Type': 'application/json' },
    });
  const notifyAt =
    (level: 'error' | 'success' | 'info') => (message: string, description?: string) => {
      record.notifications.push({ level, message, description });
      log(`[notify.${level}]`, message, description ?? '');
    };
  const user = options.user ?? null;
  const props: Omit<ShellProps, 'navigation'> = {
    contractVersion: SHELL_CONTRACT_VERSION,
    queryClient,
    notify: { error: notifyAt('error'), success: notifyAt('success'), info: notifyAt('info') },
    userContext: {
      user,
      loading: false,
      refresh: async () => undefined,
      logout: async () => {
        options.store.navigator.push('/');
      },
      sessionId: 'dev-session',
      isEmailVisitor: false,
    },
    track: (event, params) => {
      record.tracked.push({ event, params });
      log('[track]', event, params ?? {});
    },
    theme: defaultThemeTokens(
      typeof options.customization?.primaryColor === 'string'
        ? options.customization.primaryColor
        : undefined,
    ),
    api: { connect: client(), payments: client(), content: client() },
    customization: options.customization,
    preloadArea: (area) => {
      record.preloaded.push(area);
    },
    AreaOutlet: DevAreaOutlet,
    reportAreaError: (area, error) => log(`[area ${area} crashed]`, error),
  };
  return { props, record };
}

/** Renders an area root the way the shell would, following the store's location. */
export function DevShellHarness({
  Root,
  store,
  shell,
  basename = '',
}: {
  Root: ComponentType<ShellProps>;
  store: NavigationStore;
  shell: Omit<ShellProps, 'navigation'>;
  basename?: string;
}) {
  const location = useNavigationLocation(store);
  return <Root {...shell} navigation={{ location, navigator: store.navigator, basename }} />;
}

/** The standalone dev harness of a remote: the area alone on its dev-server port. */
export function startDevHarness(
  Root: ComponentType<ShellProps>,
  {
    basename = '',
    apiBaseUrl = 'http://localhost:8080',
    customization,
  }: {
    basename?: string;
    apiBaseUrl?: string;
    customization?: PartnerCustomizationProp | null;
  } = {},
) {
  const store = createBrowserNavigationStore();
  const { props } = createDevShell({ store, apiBaseUrl, customization, log: true });
  const container = document.getElementById('root');
  if (!container) throw new Error('the dev harness needs a #root element');
  createRoot(container).render(
    <DevShellHarness Root={Root} store={store} shell={props} basename={basename} />,
  );
}

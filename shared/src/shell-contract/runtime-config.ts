// Settings the shell reads at run time (window.__SHOP_CONFIG__, set by /config.js), so one build serves every environment.

export interface ShopRuntimeConfig {
  environment: string;
  /** Base URLs of the three API clients; '' means the page's own origin. */
  connectBaseUrl: string;
  paymentsBaseUrl: string;
  contentBaseUrl: string;
  /** Where the registry document lives. */
  registryUrl: string;
  /** Bearer token for POST /impact/log-page-view and /impact/log-web-vitals. */
  pageViewToken: string;
  /** The share of page loads (0 to 1) that measure and send their Core Web Vitals. */
  webVitalsSampleRate: number;
  /** Intercom-style chat app id; null shows the built-in launcher. */
  chatAppId: string | null;
  /** Product-analytics adapter switch. */
  productAnalytics: { enabled: boolean; key: string | null };
  /** Origins a developer may load a remote override from. */
  overrideOrigins: string[];
}

declare global {
  interface Window {
    __SHOP_CONFIG__?: Partial<ShopRuntimeConfig>;
  }
}

export const DEFAULT_RUNTIME_CONFIG: ShopRuntimeConfig = {
  environment: 'local',
  connectBaseUrl: '',
  paymentsBaseUrl: '',
  contentBaseUrl: '',
  registryUrl: '/remotes.json',
  pageViewToken: '',
  webVitalsSampleRate: 0.1,
  chatAppId: null,
  productAnalytics: { enabled: false, key: null },
  overrideOrigins: ['http://localhost', 'http://127.0.0.1'],
};

/** Fills what the injected config leaves out with the defaults. */
export function resolveRuntimeConfig(
  raw: Partial<ShopRuntimeConfig> | undefined,
): ShopRuntimeConfig {
  return {
    ...DEFAULT_RUNTIME_CONFIG,
    ...(raw ?? {}),
    productAnalytics: {
      ...DEFAULT_RUNTIME_CONFIG.productAnalytics,
      ...(raw?.productAnalytics ?? {}),
    },
  };
}

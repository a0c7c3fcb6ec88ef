// Site plugin options from the environment, for the app that serves the shop (npm start).
import path from 'node:path';
import { releaseConfigFromEnv } from '../releases/release-config';
import { defaultDevOverrideOrigins } from './runtime-config';
import type { SitePluginOptions } from './site-plugin';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A share from 0 to 1; anything else leaves the shell's default. */
function sampleRate(value: string | undefined): { webVitalsSampleRate?: number } {
  const rate = value?.trim() ? Number(value) : NaN;
  return rate >= 0 && rate <= 1 ? { webVitalsSampleRate: rate } : {};
}

/**
 * What Stripe.js needs when Stripe takes payments: its script, the Payment Element's and 3-D
 * Secure's frames, and its API for tokens. Card details go to these origins only, never ours.
 */
export const STRIPE_BROWSER_ORIGINS = [
  'https://js.stripe.com',
  'https://hooks.stripe.com',
  'https://api.stripe.com',
] as const;

/**
 * SITE_ROOT (default <repo>/shell/dist), DEPLOY_DIR, SHOP_ENV, SHOP_DEV_OVERRIDE_ORIGINS
 * (comma-separated; set but empty means none; default localhost unless NODE_ENV=production),
 * SHOP_CONNECT_BASE_URL, SHOP_PAYMENTS_BASE_URL, SHOP_CONTENT_BASE_URL, PAGE_VIEW_TOKEN,
 * SHOP_WEB_VITALS_SAMPLE_RATE (0 to 1), SHOP_CHAT_APP_ID, SHOP_PRODUCT_ANALYTICS_KEY, SHOP_CSP_EXTRA_ORIGINS and STRIPE_PUBLISHABLE_KEY
 * (which lets Stripe's origins into the CSP). `overrides` wins,
 * e.g. the API's already validated config (its page-view token default, its isApiPath).
 */
export function siteOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
  overrides: Partial<SitePluginOptions> = {},
): SitePluginOptions {
  const releaseConfig = releaseConfigFromEnv(env, cwd);
  const analyticsKey = env.SHOP_PRODUCT_ANALYTICS_KEY?.trim() || null;
  const fromEnv: SitePluginOptions = {
    siteRoot: path.resolve(releaseConfig.repoRoot, env.SITE_ROOT?.trim() || 'shell/dist'),
    deployDir: releaseConfig.deployDir,
    environment: releaseConfig.environment,
    devOverrideOrigins:
      env.SHOP_DEV_OVERRIDE_ORIGINS === undefined
        ? defaultDevOverrideOrigins(env.NODE_ENV)
        : list(env.SHOP_DEV_OVERRIDE_ORIGINS),
    runtimeConfig: {
      connectBaseUrl: env.SHOP_CONNECT_BASE_URL?.trim() ?? '',
      paymentsBaseUrl: env.SHOP_PAYMENTS_BASE_URL?.trim() ?? '',
      contentBaseUrl: env.SHOP_CONTENT_BASE_URL?.trim() ?? '',
      pageViewToken: env.PAGE_VIEW_TOKEN?.trim() ?? '',
      ...sampleRate(env.SHOP_WEB_VITALS_SAMPLE_RATE),
      chatAppId: env.SHOP_CHAT_APP_ID?.trim() || null,
      productAnalytics: { enabled: analyticsKey !== null, key: analyticsKey },
    },
    extraCspOrigins: [
      ...list(env.SHOP_CSP_EXTRA_ORIGINS),
      ...(env.STRIPE_PUBLISHABLE_KEY?.trim() ? STRIPE_BROWSER_ORIGINS : []),
    ],
  };
  return {
    ...fromEnv,
    ...overrides,
    runtimeConfig: { ...fromEnv.runtimeConfig, ...overrides.runtimeConfig },
  };
}

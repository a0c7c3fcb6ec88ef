// The shell's runtime config, served as /config.js so one shell build serves every environment.
import {
  resolveRuntimeConfig,
  type ShopRuntimeConfig,
} from '@shop/shared/shell-contract/runtime-config';
import { REGISTRY_URL } from '../releases/artifact-urls';

export const RUNTIME_CONFIG_PATH = '/config.js';

/** Settings an operator may set; environment, registry URL and override origins come from the site options. */
export type RuntimeConfigSettings = Partial<
  Omit<ShopRuntimeConfig, 'environment' | 'registryUrl' | 'overrideOrigins'>
>;

/** Localhost in development; no origin at all in production. */
export function defaultDevOverrideOrigins(nodeEnv: string | undefined): string[] {
  return nodeEnv === 'production' ? [] : ['http://localhost', 'http://127.0.0.1'];
}

export function buildRuntimeConfig(
  environment: string,
  devOverrideOrigins: readonly string[],
  settings: RuntimeConfigSettings = {},
): ShopRuntimeConfig {
  return resolveRuntimeConfig({
    ...settings,
    environment,
    registryUrl: REGISTRY_URL,
    overrideOrigins: [...devOverrideOrigins],
  });
}

export function runtimeConfigScript(config: ShopRuntimeConfig): string {
  // JSON is valid JavaScript except for these two line separators.
  const json = JSON.stringify(config, null, 2)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `window.__SHOP_CONFIG__ = ${json};\n`;
}

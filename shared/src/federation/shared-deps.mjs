// The one list of modules every federated package shares as singletons.
// Shell and remotes must agree on it, or React could load twice.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** react-router is shared through this module: the routing API only, tree-shaken. */
export const REACT_ROUTER_FACADE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'react-router-facade.mjs',
);
/** The facade's import of the real package (webpack resolves it to react-router's ESM build). */
export const REACT_ROUTER_FULL = '@shop/react-router-full';
/** @tanstack/react-query is shared the same way, through its own facade. */
export const REACT_QUERY_FACADE = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'react-query-facade.mjs',
);
export const REACT_QUERY_FULL = '@shop/react-query-full';

/** Share keys; a trailing slash is a prefix key (react/ covers react/jsx-runtime, react-dom/ covers react-dom/client). */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  '@tanstack/react-query',
  'dayjs',
];

/**
 * Libraries many areas load on their first page but that need not be singletons: shared so that a
 * remote reuses the copy the shell already loaded instead of downloading its own. axios (the
 * contract's HTTP client) is never tree-shaken, so sharing costs nothing. zod is NOT shared: as a
 * shared module its whole index (every locale) ships, 86 KB gz, against ~35 KB tree-shaken per copy.
 */
export const SHARED_LIBRARIES = ['axios'];

function packageOf(key) {
  return key.endsWith('/') ? key.slice(0, -1) : key;
}

/**
 * Builds the ModuleFederationPlugin `shared` object from the package's own dependencies so
 * the required versions always match what the package was built with.
 * @param {{ dependencies?: Record<string, string> }} pkg
 * @param {{ antd?: 'bundled' | 'per-component' | 'whole', sharedPkg?: { dependencies?: Record<string, string> }, reactRouter?: { version: string } | null, reactQuery?: { version: string } | null }} [opts]
 *   antd: how antd ships (docs/decisions/antd-shipping.md): `bundled` is the choice, the others stay for measuring;
 *   sharedPkg: @shop/shared's package.json; reactRouter / reactQuery: the installed packages, to share them through their facades
 * @param {{ checkVersions?: boolean }} [consumer]
 *   checkVersions: false for the shell. It provides these modules and loads first, so what it gets
 *   is what it was built with, and checking that costs the semver parsing on every page's start.
 *   A remote keeps the check: the shell may provide a version the remote was not built against.
 */
export function buildShared(
  pkg,
  {
    antd = 'bundled',
    sharedPkg = { dependencies: {} },
    reactRouter = null,
    reactQuery = null,
  } = {},
  { checkVersions = true } = {},
) {
  const deps = pkg.dependencies ?? {};
  /** @type {Record<string, object>} */
  const shared = {};
  for (const key of SHARED_SINGLETONS) {
    const requiredVersion = deps[packageOf(key)];
    if (!requiredVersion)
      throw new Error(`shared singleton ${key} is not a dependency of ${pkg.name}`);
    shared[key] = { singleton: true, requiredVersion, strictVersion: false };
  }
  if (reactRouter) {
    // Provided through the facade (react-router-facade.mjs), still under the key and version of react-router.
    shared['react-router'] = {
      ...shared['react-router'],
      import: REACT_ROUTER_FACADE,
      version: reactRouter.version,
    };
  }
  if (reactQuery) {
    const key = '@tanstack/react-query';
    shared[key] = { ...shared[key], import: REACT_QUERY_FACADE, version: reactQuery.version };
  }
  for (const key of SHARED_LIBRARIES) {
    // A package may get these only through @shop/shared; its range then comes from there.
    const requiredVersion = deps[key] ?? sharedPkg.dependencies?.[key];
    if (requiredVersion) shared[key] = { singleton: false, requiredVersion };
  }
  if (antd === 'whole') {
    shared.antd = { singleton: true, requiredVersion: deps.antd };
  } else if (antd === 'per-component') {
    // Per-module sharing: the component entry points plus antd's style engine, matched
    // also when antd reaches them through relative paths inside node_modules.
    for (const key of [
      'antd/es/',
      '@ant-design/cssinjs',
      '@ant-design/cssinjs-utils',
      '@rc-component/util/',
    ]) {
      shared[key] = { singleton: true, requiredVersion: false, allowNodeModulesSuffixMatch: true };
    }
  }
  if (!checkVersions) {
    // Still built from the package's own dependencies above, so a missing one fails the build.
    for (const config of Object.values(shared)) config.requiredVersion = false;
  }
  return shared;
}

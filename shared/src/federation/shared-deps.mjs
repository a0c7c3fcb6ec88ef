// The one list of modules every federated package shares as singletons.
// Shell and remotes must agree on it, or React could load twice.

/** Share keys; a trailing slash is a prefix key (react/ covers react/jsx-runtime, react-dom/ covers react-dom/client). */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  'dayjs',
];

/** How antd ships; see docs/decisions/antd-shipping.md. `bundled` is the choice, the others stay for measuring. */
export const ANTD_MODES = ['bundled', 'per-component', 'whole'];

function packageOf(key) {
  return key.endsWith('/') ? key.slice(0, -1) : key;
}

/**
 * Builds the ModuleFederationPlugin `shared` object from the package's own dependencies so
 * the required versions always match what the package was built with.
 * @param {{ dependencies?: Record<string, string> }} pkg
 * @param {{ antd?: string }} [opts]
 */
export function buildShared(pkg, { antd = 'bundled' } = {}) {
  const deps = pkg.dependencies ?? {};
  /** @type {Record<string, object>} */
  const shared = {};
  for (const key of SHARED_SINGLETONS) {
    const requiredVersion = deps[packageOf(key)];
    if (!requiredVersion) throw new Error(`shared singleton ${key} is not a dependency of ${pkg.name}`);
    shared[key] = { singleton: true, requiredVersion, strictVersion: false };
  }
  if (antd === 'whole') {
    shared.antd = { singleton: true, requiredVersion: deps.antd };
  } else if (antd === 'per-component') {
    // Per-module sharing: the component entry points plus antd's style engine, matched
    // also when antd reaches them through relative paths inside node_modules.
    for (const key of ['antd/es/', '@ant-design/cssinjs', '@ant-design/cssinjs-utils', '@rc-component/util/']) {
      shared[key] = { singleton: true, requiredVersion: false, allowNodeModulesSuffixMatch: true };
    }
  }
  return shared;
}

// One webpack + module-federation setup for the shell and every remote, so build rules never drift.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { buildShared, REACT_QUERY_FULL, REACT_ROUTER_FULL } from './shared-deps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Same folder name as SERVER_RENDER_DIR in ../ssr/server-render.ts (the site refuses to serve it). */
const SERVER_RENDER_DIR = 'ssr';

/** Read from the contract source so the number lives in exactly one place. */
export function readShellContractVersion() {
  const source = fs.readFileSync(path.join(here, '../shell-contract/shell-props.ts'), 'utf8');
  const match = /SHELL_CONTRACT_VERSION = '([^']+)'/.exec(source);
  if (!match) throw new Error('SHELL_CONTRACT_VERSION not found in shell-props.ts');
  return match[1];
}

/** Same key as AREA_ROUTES_METADATA_KEY in ../shell-contract/area-routes.ts. */
const AREA_ROUTES_METADATA_KEY = 'areaRoutes';

/**
 * The path prefixes a remote serves: AREA_ROUTES of its src/app/area-routes.ts, the one typed place
 * it declares them. The file is data that imports types only, so it is compiled and evaluated here
 * without the rest of the package.
 */
export function readAreaRoutes(dir) {
  const file = path.join(dir, 'src/app/area-routes.ts');
  const { transformSync } = createRequire(path.join(dir, 'package.json'))('@swc/core');
  const { code } = transformSync(fs.readFileSync(file, 'utf8'), {
    filename: file,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2020' },
    module: { type: 'commonjs' },
  });
  const module = { exports: {} };
  const require = (id) => {
    throw new Error(`${file} may import types only, not ${id}`);
  };
  vm.runInNewContext(code, { module, exports: module.exports, require }, { filename: file });
  const routes = module.exports.AREA_ROUTES;
  if (
    !Array.isArray(routes) ||
    !routes.every((prefix) => typeof prefix === 'string' && prefix.startsWith('/'))
  )
    throw new Error(`${file} must export AREA_ROUTES, a list of path prefixes such as '/pricing'`);
  return [...routes];
}

export function swcRule(mode) {
  return {
    test: /\.(t|j)sx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: mode === 'development' } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * @param {{
 *   dir: string,                    // the package folder (pass import.meta.dirname-like value)
 *   name: string,                   // federation name, e.g. 'mf_catalog' or 'shell'
 *   kind: 'host' | 'remote',
 *   port: number,                   // dev-server port
 *   title: string,                  // dev harness / shell page title
 *   mode?: string,
 *   devServer?: object,             // extra dev-server options (the shell adds /remotes.json)
 *   template?: string,
 *   templateParameters?: object,
 * }} opts
 */
export function createWebpackConfig(opts) {
  const { dir, name, kind, port, title } = opts;
  const mode = opts.mode ?? 'production';
  const requireFromPackage = createRequire(path.join(dir, 'package.json'));
  const { ModuleFederationPlugin } = requireFromPackage('@module-federation/enhanced/webpack');
  const { NormalModuleReplacementPlugin } = requireFromPackage('webpack');
  const HtmlWebpackPlugin = requireFromPackage('html-webpack-plugin');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const sharedPkg = JSON.parse(fs.readFileSync(path.join(here, '../../package.json'), 'utf8'));
  // The package's own react-router: its ESM build behind the facade, and its version.
  const reactRouterDir = path.dirname(requireFromPackage.resolve('react-router/package.json'));
  const reactRouter = JSON.parse(
    fs.readFileSync(path.join(reactRouterDir, 'package.json'), 'utf8'),
  );
  const reactQueryDir = path.dirname(
    requireFromPackage.resolve('@tanstack/react-query/package.json'),
  );
  const reactQuery = JSON.parse(fs.readFileSync(path.join(reactQueryDir, 'package.json'), 'utf8'));
  const antd = process.env.SHOP_ANTD_MODE ?? 'bundled';
  const contractVersion = readShellContractVersion();
  const isRemote = kind === 'remote';
  const areaRoutes = isRemote ? readAreaRoutes(dir) : null;

  return {
    mode,
    context: dir,
    entry: './src/index.ts',
    devtool: mode === 'development' ? 'eval-cheap-module-source-map' : false,
    output: {
      path: path.join(dir, 'dist'),
      // Remotes are served from /remotes/<name>/<version>/, so they must work at any path.
      publicPath: isRemote ? 'auto' : '/',
      filename: mode === 'development' ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: mode === 'development' ? '[name].js' : '[name].[contenthash:10].js',
      uniqueName: name,
      // dist/ssr holds the server render, built by its own config in the same run.
      clean: { keep: (asset) => asset.startsWith(`${SERVER_RENDER_DIR}/`) },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: {
        [`${REACT_ROUTER_FULL}$`]: path.join(reactRouterDir, 'dist/production/index.mjs'),
        [`${REACT_QUERY_FULL}$`]: path.join(reactQueryDir, 'build/modern/index.js'),
      },
    },
    module: { rules: [swcRule(mode)] },
    performance: { hints: false },
    plugins: [
      // axios's fetch adapter is dead code in a browser (axios-fetch-adapter-stub.mjs says why).
      new NormalModuleReplacementPlugin(
        /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
        path.join(here, 'axios-fetch-adapter-stub.mjs'),
      ),
      new ModuleFederationPlugin({
        name,
        ...(isRemote
          ? { filename: 'remoteEntry.js', exposes: { './app': './src/app/parcel.tsx' } }
          : {}),
        shared: buildShared(
          pkg,
          { antd, sharedPkg, reactRouter, reactQuery },
          { checkVersions: isRemote },
        ),
        shareStrategy: 'loaded-first',
        dts: false,
        experiments: {
          // Dead-code-eliminates runtime paths the shop never takes: Node loading everywhere, and in
          // a remote the manifest snapshot and remote loading (only the shell loads remotes).
          optimization: isRemote
            ? { target: 'web', disableSnapshot: true, disableRemote: true }
            : { target: 'web' },
          // externalRuntime/provideExternalRuntime measured worse: the shell's main grows by 21.7 KB gz
          // while a remote entry shrinks by 10.8 KB gz (docs/decisions/antd-shipping.md).
        },
        manifest: isRemote
          ? {
              // The shell refuses a remote built against another contract major, and routes to it
              // the paths it declares (copied into the registry at deploy).
              additionalData: ({ stats }) => {
                stats.metaData.shellContractVersion = contractVersion;
                stats.metaData.packageVersion = pkg.version;
                stats.metaData[AREA_ROUTES_METADATA_KEY] = areaRoutes;
                return stats;
              },
            }
          : false,
      }),
      new HtmlWebpackPlugin({
        title,
        template: opts.template ?? path.join(here, 'dev-harness.html'),
        templateParameters: { title, ...(opts.templateParameters ?? {}) },
        // The remote's harness page is for development only; the shell's index.html is the real page.
        filename: 'index.html',
        chunks: ['main'],
      }),
      ...(isRemote ? [new EmitPageFiles()] : []),
    ],
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false, errors: true } },
      ...(opts.devServer ?? {}),
    },
  };
}

/**
 * The script files a chunk group loads: its chunks' own, and with `sharedLibraries`, for each
 * shared library its modules consume, the chunks the library is loaded from (the provide module's,
 * else the consume's fallback), since the share scope fetches it through those.
 */
export function scriptFilesOfGroup(compilation, group, { sharedLibraries = true } = {}) {
  const { chunkGraph } = compilation;
  const files = new Set();
  const addChunk = (chunk) => {
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
  };
  const provided = new Map();
  for (const module of compilation.modules)
    if (module.type === 'provide-module') provided.set(module._name, module);
  for (const chunk of group.chunks) {
    addChunk(chunk);
    if (!sharedLibraries) continue;
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const provider = provided.get(module.options.shareKey) ?? module;
      for (const block of provider.blocks)
        for (const blockChunk of chunkGraph.getBlockChunkGroup(block)?.chunks ?? [])
          addChunk(blockChunk);
    }
  }
  return [...files].sort();
}

/** Same name as PAGE_FILES in ./page-files.ts: what a remote's pages load, beside its manifest. */
const PAGE_FILES = 'page-files.json';

/**
 * Lists, per named lazy chunk (a page's `webpackChunkName`, see lazy-page.ts), the script files it
 * loads, so a first view can fetch its own page's code ahead of the visitor's first tap and leave
 * the area's other pages for later. Shared libraries are left out: the share scope takes them from
 * whichever build loaded them first, usually the shell, whose start files list its own.
 */
class EmitPageFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitPageFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitPageFiles', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const pages = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (group.isInitial()) continue;
            pages[name] = scriptFilesOfGroup(compilation, group, { sharedLibraries: false });
          }
          compilation.emitAsset(PAGE_FILES, new sources.RawSource(JSON.stringify(pages)));
        },
      );
    });
  }
}

/**
 * The server render of a package (src/server/<entry>): one CommonJS file, dist/ssr/render.cjs, with
 * React and every dependency inside, because the site server loads it straight from the artifact
 * store, where there is no node_modules. Not minified: its stack traces are read in server logs.
 */
export function createServerRenderConfig({ dir, entry, mode = 'production' }) {
  const requireFromPackage = createRequire(path.join(dir, 'package.json'));
  const webpack = requireFromPackage('webpack');
  return {
    name: 'server-render',
    mode,
    context: dir,
    target: 'node20',
    entry,
    devtool: false,
    output: {
      path: path.join(dir, 'dist', SERVER_RENDER_DIR),
      filename: 'render.cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
    module: { rules: [swcRule(mode)] },
    optimization: { minimize: false },
    performance: { hints: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };
}

/**
 * The browser build, plus the server render when the package has one. `webpack serve` (the dev
 * server) builds the browser part only.
 */
export function withServerRender(clientConfig, { dir, entry }) {
  return (env, argv) => {
    const client = clientConfig(env, argv);
    if (!entry || env?.WEBPACK_SERVE) return client;
    return [client, createServerRenderConfig({ dir, entry, mode: argv.mode })];
  };
}

/** A remote's whole webpack.config.mjs: `export default remoteWebpackConfig(import.meta.url, { … })`. */
export function remoteWebpackConfig(configFileUrl, { name, port, title, serverRenderEntry }) {
  const dir = path.dirname(fileURLToPath(configFileUrl));
  return withServerRender(
    (_env, argv) =>
      createWebpackConfig({ dir, name, kind: 'remote', port, title, mode: argv.mode }),
    { dir, entry: serverRenderEntry },
  );
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createWebpackConfig,
  readAreaRoutes,
  scriptFilesOfGroup,
  withServerRender,
} from '../shared/src/federation/webpack-config.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** In development each remote runs on its own dev server; production reads the real registry. */
const DEV_REMOTES = {
  mf_account: 3001,
  mf_catalog: 3002,
  mf_checkout: 3003,
  mf_upgrades: 3004,
  mf_storefront: 3005,
  mf_ops: 3006,
};

function devRegistry() {
  const remotes = Object.fromEntries(
    Object.entries(DEV_REMOTES).map(([name, port]) => [
      name,
      {
        name,
        version: 'dev',
        manifestUrl: `http://localhost:${port}/mf-manifest.json`,
        contractVersion: 'dev',
        // From the remotes' sources, so routing works while a remote's dev server is down (its fallback shows).
        areaRoutes: readAreaRoutes(path.join(dir, '..', name.replace(/_/g, '-'))),
      },
    ]),
  );
  return { environment: 'development', updatedAt: new Date().toISOString(), remotes, history: [] };
}

const browserConfig = (_env, argv) =>
  createWebpackConfig({
    dir,
    name: 'shell',
    kind: 'host',
    port: 8090,
    title: 'Bloodwise',
    mode: argv.mode,
    template: path.join(dir, 'src/index.html'),
    templateParameters: { shellCss: fs.readFileSync(path.join(dir, 'src/app/shell.css'), 'utf8') },
    devServer: {
      setupMiddlewares(middlewares, server) {
        server.app.get('/remotes.json', (_req, res) => res.json(devRegistry()));
        server.app.get('/config.js', (_req, res) => {
          res
            .type('application/javascript')
            .send(
              `window.__SHOP_CONFIG__ = ${JSON.stringify({ environment: 'development', connectBaseUrl: process.env.SHOP_API_URL ?? '' })};`,
            );
        });
        return middlewares;
      },
      proxy: [
        {
          context: ['/user', '/auth2', '/impact', '/api', '/payments', '/kits'],
          target: process.env.SHOP_API_URL ?? 'http://localhost:8080',
        },
      ],
    },
  });

/** Copies the site's favicon to the build's root, where browsers ask for /favicon.ico on every page. */
class EmitFavicon {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitFavicon', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitFavicon', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            'favicon.ico',
            new sources.RawSource(fs.readFileSync(path.join(dir, 'src/favicon.ico'))),
          );
        },
      );
    });
  }
}

/** The start-up chunk's name (the `import()` of ./bootstrap in src/index.ts). */
const START_CHUNK = 'shell-start';
/** Where the shell finds the files its start-up loads, to fetch them ahead without running them. */
const START_FILES = 'shell-start-files.json';

/**
 * Lists the files the shell's start-up loads: the start chunk's own, and those of each shared
 * library it consumes (the chunks the shell's provide module loads it from). Nothing else: the
 * lazy parts of the shell load when they are used.
 */
class EmitStartFiles {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('EmitStartFiles', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EmitStartFiles', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const group = compilation.namedChunkGroups.get(START_CHUNK);
          if (!group) throw new Error(`No chunk group ${START_CHUNK}: see src/index.ts`);
          compilation.emitAsset(
            START_FILES,
            new sources.RawSource(JSON.stringify(scriptFilesOfGroup(compilation, group))),
          );
        },
      );
    });
  }
}

const browserConfigWithFavicon = (env, argv) => {
  const config = browserConfig(env, argv);
  config.plugins.push(new EmitFavicon());
  config.plugins.push(new EmitStartFiles());
  return config;
};

export default withServerRender(browserConfigWithFavicon, {
  dir,
  entry: './src/server/render-shell.tsx',
});

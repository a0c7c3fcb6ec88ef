// Bundles the API into dist/server.js for `npm start`, and the first-view render pool's worker
// into dist/render-worker.js beside it (render-pool.ts looks for it there), and the PDF text
// worker into dist/pdf-text-worker.js (pdf-text.ts looks there). Our code and the workspace
// packages (@shop/shared, @shop/payments-sandbox) are bundled; packages from node_modules stay
// external (native argon2, PGlite's wasm files, fastify's plugins load as installed). kysely is
// bundled too: it ships ESM only, and bundling turns it into CommonJS, so no Node version has to
// require() ESM.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = new Set(['@shop/shared', '@shop/payments-sandbox', 'kysely']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    server: 'src/server.ts',
    'render-worker': 'src/site/render-worker.ts',
    'pdf-text-worker': 'src/services/results/readers/pdf-text-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
});

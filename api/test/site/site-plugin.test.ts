import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ShopRuntimeConfig } from '@shop/shared/shell-contract/runtime-config';
import { deployBuild, rollback } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { IMMUTABLE } from '../../src/releases/cache-policy';
import { siteOptionsFromEnv } from '../../src/site/site-options';
import { contentSecurityPolicy } from '../../src/site/security-headers';
import { sitePlugin, type SitePluginOptions } from '../../src/site/site-plugin';
import {
  chunkSource,
  createFakeRepo,
  writeRemoteBuild,
  type FakeRepo,
} from '../releases/fake-repo';

const catalog = findRemote('mf-catalog') as RemoteDefinition;

interface Response {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  rawPayload: Buffer;
  payload: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Real HTTP over a socket rather than inject(): compression and streaming behave exactly as in
 * production, and the raw (still compressed) bytes are visible.
 */
async function request(
  app: FastifyInstance,
  {
    url,
    headers = {},
    method = 'GET',
  }: { url: string; headers?: Record<string, string>; method?: string },
): Promise<Response> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: url, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const rawPayload = Buffer.concat(chunks);
        const payload = rawPayload.toString();
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          rawPayload,
          payload,
          json: () => JSON.parse(payload),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: Response): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  return res.payload;
}

describe('site plugin', () => {
  let repo: FakeRepo;
  let app: FastifyInstance;
  let v1: string;
  let v1Chunk: string;

  async function start(
    extra: Partial<SitePluginOptions> = {},
    before?: (app: FastifyInstance) => Promise<void>,
  ): Promise<FastifyInstance> {
    const instance = Fastify();
    if (before) await before(instance);
    await instance.register(sitePlugin, {
      siteRoot: repo.siteRoot,
      deployDir: repo.deployDir,
      environment: 'test',
      devOverrideOrigins: ['http://localhost', 'http://127.0.0.1'],
      ...extra,
    });
    // An API route next to the site, as in the real app.
    instance.get('/api/v1/ping', async () => ({ ok: true }));
    await instance.listen({ port: 0, host: '127.0.0.1' });
    return instance;
  }

  beforeEach(async () => {
    repo = await createFakeRepo('test');
    v1Chunk = await writeRemoteBuild(repo.root, catalog, 'v1');
    v1 = (await deployBuild(repo.releases, catalog)).to;
    app = await start();
  });
  afterEach(async () => {
    await app.close();
    await repo.remove();
  });

  const artifact = (version: string, file: string) =>
    `/remotes/mf_catalog/${encodeURIComponent(version)}/${file}`;

  describe('cache headers for each kind of file', () => {
    it('serves the registry as no-cache JSON with the live versions and without the operator history', async () => {
      const res = await request(app, { url: '/remotes.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const doc = res.json();
      expect(doc.remotes.mf_catalog).toMatchObject({
        version: v1,
        manifestUrl: artifact(v1, 'mf-manifest.json'),
      });
      expect(doc.history).toEqual([]);
    });

    it.each([
      ['mf-manifest.json', 'no-cache', /^application\/json/],
      ['remoteEntry.js', 'no-cache', /^application\/javascript/],
    ])('serves %s from the store as %s', async (file, cacheControl, type) => {
      const res = await request(app, { url: artifact(v1, file) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(cacheControl);
      expect(res.headers['content-type']).toMatch(type);
      expect(res.headers.etag).toBeDefined();
    });

    it('serves a content-hashed chunk from the store as immutable for a year', async () => {
      const res = await request(app, { url: artifact(v1, v1Chunk) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(res)).toBe(chunkSource('mf_catalog v1'));
    });

    it('serves the shell: index.html no-cache, hashed chunks immutable, other files revalidated', async () => {
      const index = await request(app, { url: '/', headers: { accept: 'text/html' } });
      expect(index.statusCode).toBe(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      expect(decoded(index)).toContain('<div id="root">');

      expect((await request(app, { url: '/index.html' })).headers['cache-control']).toBe(
        'no-cache',
      );
      expect((await request(app, { url: '/main.0123456789.js' })).headers['cache-control']).toBe(
        IMMUTABLE,
      );
      expect((await request(app, { url: '/favicon.svg' })).headers['cache-control']).toBe(
        'no-cache',
      );
    });

    it('serves a deep link with the shell page, no-cache', async () => {
      const res = await request(app, {
        url: '/programs/anything?x=1',
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toContain('<div id="root">');
    });

    it('serves the runtime config as no-cache JavaScript', async () => {
      const res = await request(app, { url: '/config.js' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    });

    it('answers HEAD with the headers only', async () => {
      const res = await request(app, { url: artifact(v1, v1Chunk), method: 'HEAD' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.payload).toBe('');
    });

    it('revalidates the registry by ETag and sends the new one after a deploy', async () => {
      const first = await request(app, { url: '/remotes.json' });
      const etag = first.headers.etag as string;
      expect(
        (await request(app, { url: '/remotes.json', headers: { 'if-none-match': etag } }))
          .statusCode,
      ).toBe(304);
      await writeRemoteBuild(repo.root, catalog, 'v2');
      const v2 = (await deployBuild(repo.releases, catalog)).to;
      const after = await request(app, {
        url: '/remotes.json',
        headers: { 'if-none-match': etag },
      });
      expect(after.statusCode).toBe(200);
      expect(after.json().remotes.mf_catalog.version).toBe(v2);
    });

    it('answers a revalidation with 304 when the file has not changed', async () => {
      const first = await request(app, { url: artifact(v1, 'remoteEntry.js') });
      const again = await request(app, {
        url: artifact(v1, 'remoteEntry.js'),
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.payload).toBe('');
    });
  });

  describe('compression', () => {
    it.each(['br', 'gzip'])(
      'compresses stored chunks, shell chunks and the shell page with %s',
      async (encoding) => {
        for (const url of [artifact(v1, v1Chunk), '/main.0123456789.js', '/pricing']) {
          const res = await request(app, {
            url,
            headers: { 'accept-encoding': encoding, accept: 'text/html' },
          });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(res.headers.vary).toMatch(/accept-encoding/i);
          expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(decoded(res)));
        }
        const chunk = await request(app, {
          url: artifact(v1, v1Chunk),
          headers: { 'accept-encoding': encoding },
        });
        expect(decoded(chunk)).toBe(chunkSource('mf_catalog v1'));
      },
    );

    it('sends plain bytes to a client that does not accept compression', async () => {
      const res = await request(app, {
        url: artifact(v1, v1Chunk),
        headers: { 'accept-encoding': 'identity' },
      });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.payload).toBe(chunkSource('mf_catalog v1'));
    });

    it('still compresses when the app registered @fastify/compress itself, and does not clash', async () => {
      const withGlobal = await start({}, async (instance) => {
        await instance.register(compress, { global: true });
      });
      try {
        const res = await request(withGlobal, {
          url: artifact(v1, v1Chunk),
          headers: { 'accept-encoding': 'gzip' },
        });
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(decoded(res)).toBe(chunkSource('mf_catalog v1'));
      } finally {
        await withGlobal.close();
      }
    });
  });

  describe('versions and rollback', () => {
    it('keeps serving the rolled-back version so an open tab can still load its chunks', async () => {
      const v2Chunk = await writeRemoteBuild(repo.root, catalog, 'v2');
      const v2 = (await deployBuild(repo.releases, catalog)).to;
      expect((await request(app, { url: '/remotes.json' })).json().remotes.mf_catalog.version).toBe(
        v2,
      );

      await rollback(repo.releases, catalog);
      // The next page load sees v1 at once: the registry is not cached.
      expect((await request(app, { url: '/remotes.json' })).json().remotes.mf_catalog.version).toBe(
        v1,
      );
      const old = await request(app, {
        url: artifact(v2, v2Chunk),
        headers: { 'accept-encoding': 'identity' },
      });
      expect(old.statusCode).toBe(200);
      expect(old.payload).toBe(chunkSource('mf_catalog v2'));
    });

    it('serves an empty registry before anything is deployed', async () => {
      const empty = await start({ environment: 'fresh' });
      try {
        expect((await request(empty, { url: '/remotes.json' })).json()).toMatchObject({
          environment: 'fresh',
          remotes: {},
        });
      } finally {
        await empty.close();
      }
    });
  });

  describe('deep links and misses', () => {
    it('leaves API routes alone', async () => {
      const res = await request(app, { url: '/api/v1/ping', headers: { accept: 'text/html' } });
      expect(res.json()).toEqual({ ok: true });
    });

    it('answers 404 (not the shell) for missing files and non-HTML requests', async () => {
      expect(
        (await request(app, { url: '/missing.0123456789.js', headers: { accept: '*/*' } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await request(app, { url: '/api/v1/unknown', headers: { accept: 'application/json' } }))
          .statusCode,
      ).toBe(404);
      expect((await request(app, { url: artifact(v1, 'missing.js') })).statusCode).toBe(404);
      expect(
        (await request(app, { url: artifact('9.9.9+none', 'remoteEntry.js') })).statusCode,
      ).toBe(404);
    });

    it('never answers an unknown API path with the shell, even to a browser', async () => {
      const withApiPaths = await start({ isApiPath: (url) => url.startsWith('/api/') });
      try {
        expect(
          (
            await request(withApiPaths, {
              url: '/api/v1/unknown',
              headers: { accept: 'text/html' },
            })
          ).statusCode,
        ).toBe(404);
        expect(
          (await request(withApiPaths, { url: '/pricing', headers: { accept: 'text/html' } }))
            .statusCode,
        ).toBe(200);
      } finally {
        await withApiPaths.close();
      }
    });

    it("routes deep links by the live areas' prefixes: a path no area claims gets the shell with a 404", async () => {
      const html = { accept: 'text/html' };
      // The catalog serves /, /pricing and /programs, each with every path below it.
      for (const url of ['/', '/pricing', '/programs/sleep', '/PRICING/x']) {
        const res = await request(app, { url, headers: html });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      }
      for (const url of ['/nope', '/pricingx', '/shop/acme/pricing', '/checkout']) {
        const res = await request(app, { url, headers: html });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
        // Still the shell, which draws its own not-found page.
        expect(decoded(res)).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      }

      // Deploying an area (or a version with a new prefix) claims its paths on the next request.
      const storefront = findRemote('storefront') as RemoteDefinition;
      await writeRemoteBuild(repo.root, storefront, 'v1');
      await deployBuild(repo.releases, storefront);
      expect((await request(app, { url: '/shop/acme/pricing', headers: html })).statusCode).toBe(
        200,
      );
      expect((await request(app, { url: '/shop', headers: html })).statusCode).toBe(404);
      await writeRemoteBuild(repo.root, catalog, 'v2', {
        areaRoutes: ['/', '/pricing', '/programs', '/sleep'],
      });
      await deployBuild(repo.releases, catalog);
      expect((await request(app, { url: '/sleep/better', headers: html })).statusCode).toBe(200);
      await rollback(repo.releases, catalog);
      expect((await request(app, { url: '/sleep/better', headers: html })).statusCode).toBe(404);
    });

    it("uses the app's own not-found handler for misses", async () => {
      const custom = await start({}, async (instance) => {
        instance.setNotFoundHandler((_request, reply) =>
          reply.code(404).send({ error: 'custom-not-found' }),
        );
      });
      try {
        const res = await request(custom, {
          url: '/nope.json',
          headers: { accept: 'application/json' },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'custom-not-found' });
      } finally {
        await custom.close();
      }
    });

    it.each([
      '/remotes/mf_catalog/..%2F..%2Fregistry/test.json',
      '/remotes/..%2F.deploy/x/y',
      `/remotes/mf_catalog/${encodeURIComponent('1.0.0')}%2F..%2F..%2F/remoteEntry.js`,
      '/..%2F..%2Fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      `/remotes/mf_catalog/x/..%2F${'a'}`,
    ])('does not leak files outside the store or the shell for %s', async (url) => {
      const res = await request(app, { url, headers: { accept: 'application/json' } });
      expect(res.statusCode).toBe(404);
    });

    it('says so plainly when the shell is not built', async () => {
      const unbuilt = await start({ siteRoot: path.join(repo.root, 'nowhere') });
      try {
        const res = await request(unbuilt, { url: '/checkout', headers: { accept: 'text/html' } });
        expect(res.statusCode).toBe(503);
        expect(res.payload).toMatch(/not built/);
      } finally {
        await unbuilt.close();
      }
    });
  });

  describe('runtime config and security headers', () => {
    function readConfig(script: string): ShopRuntimeConfig {
      const window: { __SHOP_CONFIG__?: ShopRuntimeConfig } = {};
      vm.runInNewContext(script, { window });
      return window.__SHOP_CONFIG__!;
    }

    it('exposes the environment, registry URL, dev-override allowlist and API settings', async () => {
      const configured = await start({
        runtimeConfig: {
          pageViewToken: 'pv-token',
          chatAppId: 'chat-1',
          connectBaseUrl: 'https://connect.example.test',
        },
      });
      try {
        const config = readConfig((await request(configured, { url: '/config.js' })).payload);
        expect(config).toMatchObject({
          environment: 'test',
          registryUrl: '/remotes.json',
          overrideOrigins: ['http://localhost', 'http://127.0.0.1'],
          pageViewToken: 'pv-token',
          chatAppId: 'chat-1',
          connectBaseUrl: 'https://connect.example.test',
          paymentsBaseUrl: '',
        });
        const csp = (await request(configured, { url: '/', headers: { accept: 'text/html' } }))
          .headers['content-security-policy'] as string;
        expect(csp).toMatch(/connect-src 'self' https:\/\/connect\.example\.test /);
      } finally {
        await configured.close();
      }
    });

    it('sends a CSP with same-origin scripts plus the allowlisted override origins on HTML', async () => {
      const res = await request(app, { url: '/account', headers: { accept: 'text/html' } });
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self' http://localhost:* http://127.0.0.1:*;");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
    });

    it("lets Stripe's script, frames and API into the CSP only when Stripe takes payments", () => {
      expect(siteOptionsFromEnv(repo.env, repo.root).extraCspOrigins).toEqual([]);
      const withStripe = contentSecurityPolicy({
        devOverrideOrigins: [],
        apiBaseUrls: [],
        extraOrigins: siteOptionsFromEnv(
          { ...repo.env, STRIPE_PUBLISHABLE_KEY: 'pk_test_csp' },
          repo.root,
        ).extraCspOrigins!,
      });
      expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
      expect(withStripe).toContain(
        "frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://api.stripe.com",
      );
      expect(withStripe).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
    });

    it('allows no override origin in production', async () => {
      const options = siteOptionsFromEnv({ ...repo.env, NODE_ENV: 'production' }, repo.root);
      expect(options.devOverrideOrigins).toEqual([]);
      expect(
        siteOptionsFromEnv({ ...repo.env, NODE_ENV: 'development' }, repo.root).devOverrideOrigins,
      ).toEqual(['http://localhost', 'http://127.0.0.1']);
      expect(
        siteOptionsFromEnv(
          {
            ...repo.env,
            NODE_ENV: 'production',
            SHOP_DEV_OVERRIDE_ORIGINS: 'https://dev.example.test:8443',
          },
          repo.root,
        ).devOverrideOrigins,
      ).toEqual(['https://dev.example.test:8443']);

      const production = await start({ devOverrideOrigins: options.devOverrideOrigins });
      try {
        const csp = (await request(production, { url: '/', headers: { accept: 'text/html' } }))
          .headers['content-security-policy'] as string;
        expect(csp).toContain("script-src 'self';");
        expect(csp).not.toContain('localhost');
        expect(
          readConfig((await request(production, { url: '/config.js' })).payload).overrideOrigins,
        ).toEqual([]);
      } finally {
        await production.close();
      }
    });
  });

  it('finds the shell build and deploy folder from the environment', async () => {
    const options = siteOptionsFromEnv(repo.env, path.join(repo.root, 'mf-catalog'));
    expect(options).toMatchObject({
      siteRoot: repo.siteRoot,
      deployDir: repo.deployDir,
      environment: 'test',
    });
    await expect(fs.access(path.join(options.siteRoot, 'index.html'))).resolves.toBeUndefined();
  });

  it('hands the shell the field-data sample rate only when it is a share from 0 to 1', () => {
    const rate = (value: string | undefined) =>
      siteOptionsFromEnv({ ...repo.env, SHOP_WEB_VITALS_SAMPLE_RATE: value }, repo.root)
        .runtimeConfig?.webVitalsSampleRate;
    expect(rate('1')).toBe(1);
    expect(rate(' 0.25 ')).toBe(0.25);
    expect(rate('0')).toBe(0);
    // Anything else leaves the shell's default.
    for (const odd of [undefined, '', 'all', '1.5', '-0.1']) expect(rate(odd)).toBeUndefined();
  });

  describe('server-rendered first view', () => {
    /** The shell's renderer: its route table and a frame with a marker around the area's HTML. */
    const SHELL_RENDERER = `module.exports = {
  areaOf: (pathname, areas) =>
    areas.some((entry) => entry.area === 'catalog') && (pathname === '/' || pathname.startsWith('/pricing')) ? { area: 'catalog', basename: '' } : null,
  renderFrame: ({ pathname, area, areaHtml }) =>
    '<header>SHELL-FRAME-MARKER</header><main data-area="' + area + '" data-path="' + pathname + '">' + areaHtml + '</main>',
};
`;
    /** The catalog's renderer: reads the API path named by ?fetch=, or renders a marker. */
    const AREA_RENDERER = `module.exports = {
  renderArea: async ({ pathname, search, fetchJson }) => {
    const wanted = new URLSearchParams(search).get('fetch');
    if (wanted) {
      const data = await fetchJson(wanted);
      return {
        html: '<section>FETCHED ' + data.greeting + '</section>',
        head: '<style data-first-view-test></style>',
        queries: [{ queryKey: ['greeting'], data, dataUpdatedAt: 1 }],
      };
    }
    return {
      html: '<section>CATALOG-AREA-MARKER ' + pathname + '</section>',
      head: '<style data-first-view-test></style>',
      queries: [{ queryKey: ['page'], data: { pathname }, dataUpdatedAt: 1 }],
    };
  },
};
`;
    const STATE_SCRIPT = '<script type="application/json" id="shop-first-view">';

    let v2: string;
    let plainIndex: string;

    /** API routes next to the site; /x and //evil answer too, so only the URL check keeps a render from them. */
    async function apiRoutes(instance: FastifyInstance): Promise<void> {
      instance.get('/api/v1/first-view-data', async () => ({ greeting: 'hello from the api' }));
      instance.get('/x', async () => ({ greeting: 'from /x' }));
      instance.get('//evil', async () => ({ greeting: 'from //evil' }));
    }

    const page = (instance: FastifyInstance, url: string) =>
      instance.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

    beforeEach(async () => {
      await fs.mkdir(path.join(repo.siteRoot, 'ssr'), { recursive: true });
      await fs.writeFile(path.join(repo.siteRoot, 'ssr', 'render.cjs'), SHELL_RENDERER);
      await fs.writeFile(path.join(repo.siteRoot, 'ssr', 'helper.cjs'), 'module.exports = {};\n');
      // A catalog build that ships a server renderer beside its browser files, made live.
      await writeRemoteBuild(repo.root, catalog, 'v2');
      const dist = path.join(repo.root, catalog.packageName, 'dist');
      await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
      await fs.writeFile(path.join(dist, 'ssr', 'render.cjs'), AREA_RENDERER);
      await fs.writeFile(path.join(dist, 'ssr', 'helper.cjs'), 'module.exports = {};\n');
      v2 = (await deployBuild(repo.releases, catalog)).to;
      plainIndex = await fs.readFile(path.join(repo.siteRoot, 'index.html'), 'utf8');
    });

    it.each(['/', '/index.html', '/pricing'])(
      'serves %s with the first view composed into the page, no-cache and with the HTML security headers',
      async (url) => {
        const plain = await start({ firstView: false });
        const composed = await start();
        try {
          const res = await page(composed, url);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toMatch(/^text\/html/);
          expect(res.headers['cache-control']).toBe('no-cache');
          // /index.html is the main page under its file name.
          const pathname = url === '/index.html' ? '/' : url;
          expect(res.body).toContain(
            `<div id="root"><header>SHELL-FRAME-MARKER</header><main data-area="catalog" data-path="${pathname}"><section>CATALOG-AREA-MARKER ${pathname}</section></main></div>`,
          );
          expect(res.body).toMatch(
            /<style data-first-view-test><\/style><script type="application\/json" id="shop-first-view">[^<]*<\/script><\/head>/,
          );
          const state = res.body.slice(
            res.body.indexOf(STATE_SCRIPT) + STATE_SCRIPT.length,
            res.body.indexOf('</script></head>'),
          );
          expect(JSON.parse(state)).toEqual({
            area: 'catalog',
            pathname,
            basename: '',
            b2bKey: null,
            queries: [{ queryKey: ['page'], data: { pathname }, dataUpdatedAt: 1 }],
            takeover: 'eager',
          });
          // The rest of the shell page is untouched.
          expect(res.body).toContain('<script defer src="/main.0123456789.js"></script>');

          const plainRes = await page(plain, url);
          expect(plainRes.body).toBe(plainIndex);
          for (const header of [
            'content-security-policy',
            'x-content-type-options',
            'x-frame-options',
            'referrer-policy',
            'permissions-policy',
            'cross-origin-opener-policy',
          ]) {
            expect(plainRes.headers[header]).toBeDefined();
            expect(res.headers[header]).toBe(plainRes.headers[header]);
          }
          expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        } finally {
          await composed.close();
          await plain.close();
        }
      },
    );

    it('serves the plain shell page for a path the shell does not server-render', async () => {
      const composed = await start();
      try {
        const res = await page(composed, '/programs');
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(plainIndex);
      } finally {
        await composed.close();
      }
    });

    it("lets the area renderer read the app's own API routes in-process", async () => {
      const composed = await start({}, apiRoutes);
      try {
        const res = await page(
          composed,
          `/pricing?fetch=${encodeURIComponent('/api/v1/first-view-data')}`,
        );
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(
          '<main data-area="catalog" data-path="/pricing"><section>FETCHED hello from the api</section></main>',
        );
        expect(res.body).toContain(STATE_SCRIPT);
        expect(res.body).toContain('"data":{"greeting":"hello from the api"}');

        // /x answers as well when asked by its path: the refusals below are the URL check's doing.
        expect((await page(composed, '/pricing?fetch=%2Fx')).body).toContain(
          '<section>FETCHED from /x</section>',
        );
      } finally {
        await composed.close();
      }
    });

    it.each(['https://example.com/x', '//evil', 'x'])(
      'serves the plain shell page when the renderer asks for the non-relative URL %s',
      async (target) => {
        const composed = await start({}, apiRoutes);
        try {
          const res = await page(composed, `/pricing?fetch=${encodeURIComponent(target)}`);
          expect(res.statusCode).toBe(200);
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toBe(plainIndex);
          expect(res.body).not.toContain('FETCHED');
          expect(res.body).not.toContain(STATE_SCRIPT);
        } finally {
          await composed.close();
        }
      },
    );

    it.each([
      ['/ssr/render.cjs', 'text/html'],
      ['/ssr/render.cjs', '*/*'],
      ['/ssr/helper.cjs', '*/*'],
      ['/ssr%2Frender.cjs', '*/*'],
    ])('never serves the shell renderer: %s (accept %s) is a 404', async (url, accept) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('SHELL-FRAME-MARKER');
      expect(res.body).not.toContain('module.exports');
    });

    it("never serves a version's renderer, while its other files are still served", async () => {
      for (const file of ['ssr/render.cjs', 'ssr/helper.cjs', 'ssr%2Frender.cjs']) {
        const res = await app.inject({ method: 'GET', url: artifact(v2, file) });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('module.exports');
      }
      const entry = await app.inject({ method: 'GET', url: artifact(v2, 'remoteEntry.js') });
      expect(entry.statusCode).toBe(200);
      expect(entry.body).toContain('v2 loads');
      expect(
        (await app.inject({ method: 'GET', url: artifact(v2, 'mf-manifest.json') })).statusCode,
      ).toBe(200);
      // The shell's other files too.
      expect((await app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    });

    it('serves the plain shell page with firstView: false', async () => {
      const plain = await start({ firstView: false });
      try {
        for (const url of ['/', '/pricing']) {
          const res = await page(plain, url);
          expect(res.statusCode).toBe(200);
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.body).toBe(plainIndex);
        }
      } finally {
        await plain.close();
      }
    });

    it("serves the plain shell page when the live version ships no renderer, and the renderer again after it's back", async () => {
      const composed = await start();
      try {
        expect((await page(composed, '/pricing')).body).toContain('CATALOG-AREA-MARKER');
        await rollback(repo.releases, catalog);
        expect((await page(composed, '/pricing')).body).toBe(plainIndex);
        await rollback(repo.releases, catalog, v2);
        expect((await page(composed, '/pricing')).body).toContain('CATALOG-AREA-MARKER');
      } finally {
        await composed.close();
      }
    });
  });
});

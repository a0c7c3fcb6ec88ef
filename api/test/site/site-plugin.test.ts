import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ShopRuntimeConfig } from '@shop/shared/shell-contract/runtime-config';
import { deployBuild, rollback } from '../../src/delivery/delivery';
import { findRemote, type RemoteDefinition } from '../../src/delivery/remotes';
import { IMMUTABLE } from '../../src/site/cache-policy';
import { siteOptionsFromEnv } from '../../src/site/site-options';
import { sitePlugin, type SitePluginOptions } from '../../src/site/site-plugin';
import {
  chunkSource,
  createFakeRepo,
  writeRemoteBuild,
  type FakeRepo,
} from '../delivery/fake-repo';

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
    v1 = (await deployBuild(repo.delivery, catalog)).to;
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
        url: '/shop/acme/products?x=1',
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
      const v2 = (await deployBuild(repo.delivery, catalog)).to;
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
        for (const url of [artifact(v1, v1Chunk), '/main.0123456789.js', '/checkout']) {
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
      const v2 = (await deployBuild(repo.delivery, catalog)).to;
      expect((await request(app, { url: '/remotes.json' })).json().remotes.mf_catalog.version).toBe(
        v2,
      );

      await rollback(repo.delivery, catalog);
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
          (await request(withApiPaths, { url: '/checkout', headers: { accept: 'text/html' } }))
            .statusCode,
        ).toBe(200);
      } finally {
        await withApiPaths.close();
      }
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
});

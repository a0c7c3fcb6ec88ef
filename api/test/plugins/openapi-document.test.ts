import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@shop/shared/contract/paths';
import { sitePlugin } from '../../src/site/site-plugin';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../helpers/build-test-app';

interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
  components: { securitySchemes: Record<string, { in?: string; name?: string }> };
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  let document: OpenApiDocument;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-openapi-'));
    t = await buildTestApp({
      // The site's routes as the server adds them: its catch-alls must stay out of the document.
      beforeReady: async (app) => {
        await app.register(sitePlugin, {
          siteRoot: dir,
          deployDir: dir,
          environment: 'test',
          devOverrideOrigins: [],
          firstView: false,
        });
      },
    });
    const response = await t.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('names the server clients call: the public origin', () => {
    expect(document.servers).toEqual([{ url: TEST_ORIGIN, description: 'This shop' }]);
  });

  it("declares the session cookie and applies it as each route's auth asks", () => {
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      in: 'cookie',
      name: 'bw_session',
    });
    const securityOf = (url: string, method: string) =>
      document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method]?.security;
    // auth 'required': only with a session.
    expect(securityOf(API_PATHS.cartMerge, 'post')).toEqual([{ sessionCookie: [] }]);
    // auth 'optional': with a session or without one.
    expect(securityOf(API_PATHS.cart, 'get')).toEqual([{ sessionCookie: [] }, {}]);
    // No auth: anyone, the session is never read.
    expect(securityOf(API_PATHS.login, 'post')).toEqual([]);
    // A route's own declaration wins.
    expect(securityOf(API_PATHS.logPageView, 'post')).toEqual([{ pageViewToken: [] }]);
  });

  it("leaves the site's files and catch-alls out", () => {
    expect(Object.keys(document.paths).filter((url) => url.includes('*'))).toEqual([]);
    expect(document.paths).not.toHaveProperty('/remotes.json');
    expect(document.paths).not.toHaveProperty('/config.js');
  });
});

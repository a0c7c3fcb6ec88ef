// Serves the shop on one origin next to the API: the registry (/remotes.json), every stored
// version of every remote (/remotes/<name>/<version>/<file>), the shell's runtime config
// (/config.js) and the shell's built files with a deep-link fallback to index.html (a 404 when
// no live area claims the path, by the prefixes the registry lists).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RegistryDocument } from '@shop/shared/releases/registry-document';
import { areaTableOf, resolveArea, type AreaTable } from '@shop/shared/shell-contract/area-routes';
import { PRIVATE_CACHE_CONTROL } from '../lib/cache-control';
import { safeRelativeSegments, type ArtifactStore } from '../releases/artifact-store';
import { REGISTRY_URL, REMOTES_URL_PREFIX } from '../releases/artifact-urls';
import { registryDirOf, storeDirOf } from '../releases/release-config';
import { DirectoryArtifactStore } from '../releases/directory-artifact-store';
import { Registry, type ReleaseRegistry } from '../releases/registry';
import { registryForSides, visitorSides } from '../releases/canary';
import { statLocalFile } from '../releases/stored-file';
import { artifactFileCacheControl, NO_CACHE, siteFileCacheControl } from '../releases/cache-policy';
import {
  buildRuntimeConfig,
  RUNTIME_CONFIG_PATH,
  runtimeConfigScript,
  type RuntimeConfigSettings,
} from './runtime-config';
import { htmlSecurityHeaders } from './security-headers';
import { sendFile } from './send-file';
import { registerSiteForms } from './site-forms';
import {
  areaRendererLoader,
  createFirstViewComposer,
  shellRendererLoader,
  withFirstView,
  type FirstViewComposer,
  type FirstViewVisitor,
} from './first-view';
import { createRenderPool, type RenderPoolOptions } from './render-pool';
import { observeRenderPool } from './render-pool-metrics';
import { SERVER_RENDER_DIR } from '@shop/shared/ssr/server-render';
import { OPERATOR_AREAS } from '@shop/shared/shell-contract/shell-props';

export interface SitePluginOptions {
  /** The shell's build folder (shell/dist). */
  siteRoot: string;
  /** Holds store/ and registry/ (DEPLOY_DIR). */
  deployDir: string;
  /** Which registry document to serve (SHOP_ENV). */
  environment: string;
  /** Origins a developer may load a remote override from; [] in production. */
  devOverrideOrigins: readonly string[];
  /** API base URLs, page-view token, chat and analytics ids for the shell. */
  runtimeConfig?: RuntimeConfigSettings;
  /** Third-party origins the HTML may load from (chat widget, analytics). */
  extraCspOrigins?: readonly string[];
  /** Defaults to the directory store under deployDir. */
  store?: ArtifactStore;
  /** Defaults to the registry file under deployDir. */
  registry?: ReleaseRegistry;
  /**
   * Paths that belong to the API (e.g. the API's isApiPath): an unknown GET under them goes to the
   * app's not-found handler (a JSON 404), never to the shell, even from a browser.
   */
  isApiPath?: (url: string) => boolean;
  /** Server-rendered first views of the pages whose area ships a renderer (default on). */
  firstView?: boolean;
  /** The worker threads the areas' renderers run in (defaults in render-pool.ts). */
  renderPool?: RenderPoolOptions;
  /**
   * Whether the request comes from an operator. An operator area's paths (OPERATOR_AREAS) get
   * the not-found status like an unknown path for everyone else; without it, for everyone.
   */
  isOperator?: (request: FastifyRequest) => Promise<boolean>;
  /** The visitor-id cookie is Secure (HTTPS deployments); defaults to the app's setting. */
  secureCookies?: boolean;
}

/** The first-party visitor id a canary assigns sides by; random, and nothing else about the visitor. */
export const VISITOR_COOKIE = 'shop_visitor';
const VISITOR_ID = /^[A-Za-z0-9-]{16,64}$/;
const VISITOR_COOKIE_DAYS = 365;

/**
 * The registry the request's visitor sees, while the site draws their first view: the area
 * renderers then run the version of the visitor's canary side, like the live page will.
 */
const visitorRegistry = new AsyncLocalStorage<RegistryDocument>();

/** Reads the visitor's registry inside a first view, the shared one anywhere else. */
function visitorAware(registry: ReleaseRegistry): ReleaseRegistry {
  return {
    get environment() {
      return registry.environment;
    },
    get location() {
      return registry.location;
    },
    read: async () => visitorRegistry.getStore() ?? registry.read(),
    update: (change) => registry.update(change),
    revision: () => registry.revision(),
  };
}

interface RemoteFileParams {
  remote: string;
  version: string;
  '*': string;
}

async function site(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  const store = options.store ?? new DirectoryArtifactStore(storeDirOf(options.deployDir));
  const registry =
    options.registry ??
    new Registry({
      registryDir: registryDirOf(options.deployDir),
      environment: options.environment,
    });
  const runtimeConfig = buildRuntimeConfig(
    options.environment,
    options.devOverrideOrigins,
    options.runtimeConfig,
  );
  const configScript = runtimeConfigScript(runtimeConfig);
  const htmlHeaders = htmlSecurityHeaders({
    devOverrideOrigins: options.devOverrideOrigins,
    apiBaseUrls: [
      runtimeConfig.connectBaseUrl,
      runtimeConfig.paymentsBaseUrl,
      runtimeConfig.contentBaseUrl,
    ],
    extraOrigins: options.extraCspOrigins ?? [],
  });
  const siteRoot = path.resolve(options.siteRoot);
  let composeFirstView: FirstViewComposer | null = null;
  if (options.firstView !== false) {
    const pool = createRenderPool(options.renderPool);
    app.addHook('onClose', () => pool.close());
    if (app.metricsRegistry) observeRenderPool(app.metricsRegistry, pool);
    composeFirstView = createFirstViewComposer({
      loadShell: shellRendererLoader(siteRoot),
      loadArea: areaRendererLoader({
        registry: visitorAware(registry),
        store,
        cacheDir: path.join(options.deployDir, 'first-view-cache'),
        pool,
      }),
      fetchJson: (url) => injectJson(app, url),
      fetchPersonalJson: (url, visitor) =>
        injectJson(app, url, {
          isApiPath: options.isApiPath ?? isApiPrefixed,
          cookie: visitor.cookie,
        }),
      log: app.log,
    });
  }

  // Compression hooks attach only to routes declared after @fastify/compress in its scope, so the
  // site gets its own scope with compression registered first, unless the app already compresses
  // everything (registering it twice in one line of scopes would clash).
  await app.register(async (scope) => {
    if (!scope.hasReplyDecorator('compress')) await scope.register(compress, { global: true });
    if (!scope.hasRequestDecorator('cookies')) await scope.register(cookie);
    siteRoutes(scope, {
      store,
      registry,
      configScript,
      htmlHeaders,
      siteRoot,
      isApiPath: options.isApiPath ?? (() => false),
      isOperator: options.isOperator ?? (async () => false),
      composeFirstView,
      secureCookies: options.secureCookies ?? app.config?.secureCookies ?? false,
    });
    // The areas' plain forms (pages that work without JavaScript), answered by their renderers.
    if (composeFirstView?.renderers)
      registerSiteForms(scope, {
        ...composeFirstView.renderers,
        readAreas: areasOf(registryReader(registry)),
        isApiPath: options.isApiPath ?? (() => false),
        allowedOrigins: app.config?.allowedOrigins ?? [],
        secureCookies: app.config?.secureCookies ?? false,
      });
  });
}

interface SiteRouteDeps {
  store: ArtifactStore;
  registry: ReleaseRegistry;
  configScript: string;
  htmlHeaders: Record<string, string>;
  siteRoot: string;
  isApiPath: (url: string) => boolean;
  isOperator: (request: FastifyRequest) => Promise<boolean>;
  composeFirstView: FirstViewComposer | null;
  secureCookies: boolean;
}

/** Server renderers are code for the server, never files for the browser. */
const isServerRenderPath = (filePath: string) =>
  filePath.split('/')[0]?.toLowerCase() === SERVER_RENDER_DIR;

// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
function siteRoutes(
  app: FastifyInstance,
  {
    store,
    registry,
    configScript,
    htmlHeaders,
    siteRoot,
    isApiPath,
    isOperator,
    composeFirstView,
    secureCookies,
  }: SiteRouteDeps,
): void {
  const readIndex = cachedTextFile(path.join(siteRoot, 'index.html'));
  const readShared = registryReader(registry);

  /**
   * The registry as this visitor sees it. While a canary is under way every visitor gets an id
   * cookie (the first answer sets it), and the answer is theirs alone: it names their side's version.
   */
  async function readRegistry(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<RegistryView & { personal: boolean }> {
    const shared = await readShared();
    if (!shared.canaries) return { ...shared, personal: false };
    let visitorId = request.cookies[VISITOR_COOKIE] ?? null;
    if (!visitorId || !VISITOR_ID.test(visitorId)) {
      visitorId = randomUUID();
      reply.setCookie(VISITOR_COOKIE, visitorId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        path: '/',
        maxAge: VISITOR_COOKIE_DAYS * 24 * 60 * 60,
      });
    }
    return { ...shared.forVisitor(visitorId), personal: true };
  }
  // The shell's files, not API calls: kept out of the OpenAPI document (wildcards are dropped there).
  const hide = { schema: { hide: true } };
  app.get(REGISTRY_URL, hide, async (request, reply) => {
    const { body, etag, personal } = await readRegistry(request, reply);
    reply
      .header('cache-control', personal ? `private, ${NO_CACHE}` : NO_CACHE)
      .header('etag', etag);
    if (personal) reply.header('vary', 'cookie');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });

  app.get(RUNTIME_CONFIG_PATH, hide, async (_request, reply) =>
    reply
      .header('cache-control', NO_CACHE)
      .header('content-type', 'application/javascript; charset=utf-8')
      .send(configScript),
  );

  // Every stored version stays reachable, so a tab opened before a rollback keeps loading its chunks.
  app.get<{ Params: RemoteFileParams }>(
    `${REMOTES_URL_PREFIX}/:remote/:version/*`,
    async (request, reply) => {
      const { remote, version } = request.params;
      const filePath = request.params['*'];
      if (isServerRenderPath(filePath)) return reply.callNotFound();
      const file = await store.stat(remote, version, filePath);
      if (!file) return reply.callNotFound();
      // Lets a shell on another origin (a CDN front, a staging shell) fetch the manifest.
      reply.header('access-control-allow-origin', '*');
      return sendFile(request, reply, file, filePath, artifactFileCacheControl(filePath));
    },
  );

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    const requested = request.params['*'] || 'index.html';
    // The page itself, like every deep link, may carry a server-rendered first view.
    if (requested === 'index.html') return sendIndex(request, reply);
    const segments = safeRelativeSegments(requested);
    if (segments && segments.length > 1 && segments[0]?.toLowerCase() === SERVER_RENDER_DIR)
      return reply.callNotFound();
    const file = segments ? await statLocalFile(path.join(siteRoot, ...segments)) : null;
    if (file) {
      if (requested.endsWith('.html')) reply.headers(htmlHeaders);
      return sendFile(request, reply, file, requested, siteFileCacheControl(requested));
    }
    if (!acceptsHtml(request) || isApiPath(request.url)) return reply.callNotFound();
    return sendIndex(request, reply);
  });

  /**
   * A deep link (e.g. a refresh on /checkout) gets the shell, which routes it to the area whose
   * prefix claims it; that area renders the page or its own not-found. A path no live area claims
   * gets the shell too, for its own not-found page, but with a 404 status.
   */
  async function sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const index = await statLocalFile(path.join(siteRoot, 'index.html'));
    if (!index) {
      return reply
        .code(503)
        .header('cache-control', NO_CACHE)
        .type('text/plain; charset=utf-8')
        .send('The shop is not built yet: run npm start.');
    }
    reply.headers(htmlHeaders);
    const url = new URL(request.url, 'http://site.invalid');
    const pathname = url.pathname === '/index.html' ? '/' : url.pathname;
    const view = await readRegistry(request, reply);
    const { areas } = view;
    const resolved = resolveArea(pathname, areas);
    const hidden =
      resolved !== null && OPERATOR_AREAS.includes(resolved.area) && !(await isOperator(request));
    if (!resolved || hidden)
      return reply
        .code(404)
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(await readIndex());
    const page = await visitorRegistry.run(view.doc, () =>
      firstViewHtml(pathname, url.search, areas, { cookie: request.headers.cookie }),
    );
    if (page)
      return (
        reply
          // A page drawn as this visitor (their cart, their session) is theirs alone.
          .header('cache-control', page.personal ? PRIVATE_CACHE_CONTROL : NO_CACHE)
          .type('text/html; charset=utf-8')
          .send(page.html)
      );
    return sendFile(request, reply, index, 'index.html', NO_CACHE);
  }

  /** index.html with the page's server-rendered first view, or null to send the plain shell. */
  async function firstViewHtml(
    pathname: string,
    search: string,
    areas: AreaTable,
    visitor: FirstViewVisitor,
  ): Promise<{ html: string; personal: boolean } | null> {
    if (!composeFirstView) return null;
    const [page, index] = await Promise.all([
      composeFirstView(pathname, search, areas, visitor),
      readIndex(),
    ]);
    const html = page && index ? withFirstView(index, page) : null;
    return html === null ? null : { html, personal: page?.personal === true };
  }
}

const isApiPrefixed = (url: string) => url.startsWith('/api/');

/**
 * A same-origin API GET made inside the process (no socket), for server renders. `as`: a read as the
 * visitor, which carries their Cookie header (nothing else of theirs) and may only reach the API's
 * own paths, written plainly (no dot segments or escapes the router would read differently).
 */
async function injectJson(
  app: FastifyInstance,
  url: string,
  as?: { isApiPath: (url: string) => boolean; cookie: string | undefined },
): Promise<unknown> {
  if (!url.startsWith('/') || url.startsWith('//'))
    throw new Error(`A server render reads same-origin API paths only, not ${url}`);
  if (as && !(isPlainPath(url) && as.isApiPath(url)))
    throw new Error(
      `A server render reads the visitor's data from the API's own paths only, not ${url}`,
    );
  const headers: Record<string, string> = { accept: 'application/json' };
  if (as?.cookie) headers.cookie = as.cookie;
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`GET ${url} answered ${response.statusCode}`);
  return response.json();
}

/** A path the URL parser leaves as it is: no `..`, `.`, backslash, or escaped slash or dot before the query. */
function isPlainPath(url: string): boolean {
  if (/\\|%2e|%2f|%5c/i.test(url.split('?')[0] ?? url)) return false;
  try {
    const parsed = new URL(url, 'http://site.invalid');
    return parsed.origin === 'http://site.invalid' && parsed.pathname + parsed.search === url;
  } catch {
    return false;
  }
}

/** A text file read again only when it changes (a new shell build). */
function cachedTextFile(file: string): () => Promise<string | null> {
  let cached: { etag: string; text: string } | null = null;
  return async () => {
    const stat = await statLocalFile(file);
    if (!stat) return null;
    if (cached?.etag !== stat.etag)
      cached = { etag: stat.etag, text: await fs.readFile(file, 'utf8') };
    return cached.text;
  };
}

function acceptsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

interface RegistryView {
  /** /remotes.json and its validator. */
  body: string;
  etag: string;
  /** The live areas' path prefixes, for deep links and first views. */
  areas: AreaTable;
  /** The registry as served (no canary entries). */
  doc: RegistryDocument;
}

interface SharedRegistryView extends RegistryView {
  /** Whether any canary is under way: the view then depends on the visitor. */
  canaries: boolean;
  /** The visitor's view: one per combination of canary sides (kept: there are few). */
  forVisitor(visitorId: string): RegistryView;
}

function viewOf(doc: RegistryDocument): RegistryView {
  const served = publicRegistry(doc);
  const body = JSON.stringify(served);
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
    areas: areaTableOf(served),
    doc: served,
  };
}

/** Keeps the registry in memory until its revision changes (a deploy from any instance). */
function registryReader(registry: ReleaseRegistry): () => Promise<SharedRegistryView> {
  let cached: (SharedRegistryView & { key: string }) | null = null;
  return async () => {
    const key = await registry.revision();
    if (cached?.key !== key) {
      const doc = await registry.read();
      const bySides = new Map<string, RegistryView>();
      cached = {
        key,
        ...viewOf(registryForSides(doc, {})),
        canaries: Object.keys(doc.canaries ?? {}).length > 0,
        forVisitor(visitorId) {
          const sides = visitorSides(doc, visitorId);
          const signature = JSON.stringify(Object.entries(sides).sort());
          let view = bySides.get(signature);
          if (!view) {
            view = viewOf(registryForSides(doc, sides));
            bySides.set(signature, view);
          }
          return view;
        },
      };
    }
    return cached;
  };
}

/** The shell needs the live versions only; the operator history (with names) stays server-side. */
function publicRegistry(doc: RegistryDocument): RegistryDocument {
  return {
    environment: doc.environment,
    updatedAt: doc.updatedAt,
    remotes: doc.remotes,
    history: [],
  };
}

/** The live areas' prefixes, from a registry reader (kept until the registry changes). */
const areasOf = (read: () => Promise<{ areas: AreaTable }>) => async () => (await read()).areas;

export const sitePlugin = fp(site, { name: 'shop-site', fastify: '5.x' });

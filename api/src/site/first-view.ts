// Server-side composition of a page's first view: the shell's frame around the area's HTML, both
// rendered by the bundles the shell and the area ship beside their browser code (dist/ssr). Each
// area's renderer comes from the version the registry serves, so a rollback rolls it back too, and
// runs in the render pool (render-pool.ts); the shell's ships with the site and runs in process.
// Anything that goes wrong means "no first view": the page then starts in the browser as before.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AreaTable } from '@shop/shared/shell-contract/area-routes';
import { REMOTE_NAMES, type AreaName } from '@shop/shared/shell-contract/shell-props';
import {
  FIRST_VIEW_SLOT_ATTRIBUTE,
  FIRST_VIEW_STATE_ID,
  jsonForScript,
  PARTNER_HEAD_ATTRIBUTE,
  SERVER_RENDER_FILE,
  SHOP_HEAD_ATTRIBUTE,
  splitLeadingStyles,
  type AreaRenderRequest,
  type AreaRenderResult,
  type AreaServerRenderer,
  type FirstViewEvent,
  type FirstViewQuery,
  type FirstViewState,
  type ShellServerRenderer,
} from '@shop/shared/ssr/server-render';
import {
  FORM_FLASH_COOKIE,
  type AreaFormRequest,
  type FormFlash,
} from '@shop/shared/ssr/server-form';
import { decodeFormFlash } from './form-flash';
import type { ArtifactStore } from '../releases/artifact-store';
import type { ReleaseRegistry } from '../releases/registry';
import { statLocalFile } from '../releases/stored-file';
import type { RenderPool } from './render-pool';

export interface FirstViewPage {
  /** Style elements and the state script, for <head>. */
  head: string;
  /** The content of #root. */
  root: string;
  /** The code of the areas nested in the page (their `Loaded.id`s), which the cache key cannot know beforehand. */
  nested?: { area: AreaName; id: string }[];
  /**
   * Rendered as this visitor (a renderer called `fetchPersonalJson`): never cached, never handed to
   * another visitor, sent as `Cache-Control: private, no-store`.
   */
  personal?: boolean;
}

/** Who asked for the page: a personal read carries their cookies and nothing else of theirs. */
export interface FirstViewVisitor {
  cookie?: string;
  /** A form of theirs the API just refused (site-forms.ts): the page is drawn with its message, for them alone. */
  formFlash?: FormFlash;
}

/** An area's renderer as the site holds it: a render, and its plain form posts (unchecked plans). */
export interface SiteAreaRenderer extends Pick<AreaServerRenderer, 'renderArea'> {
  submitForm?: (request: AreaFormRequest) => Promise<unknown>;
}

/** A loaded renderer and the identity of the code it came from (part of the cache key). */
interface Loaded<T> {
  id: string;
  renderer: T;
}

export interface FirstViewOptions {
  loadShell: () => Promise<Loaded<ShellServerRenderer> | null>;
  loadArea: (area: AreaName) => Promise<Loaded<SiteAreaRenderer> | null>;
  fetchJson: (path: string) => Promise<unknown>;
  /**
   * Reads an API path as the visitor (with their Cookie header); offered to renderers as
   * `fetchPersonalJson`. Without it renderers get no personal reads.
   */
  fetchPersonalJson?: (path: string, visitor: FirstViewVisitor) => Promise<unknown>;
  log: FastifyBaseLogger;
  /** A render slower than this is not waited for (it still fills the cache). */
  timeoutMs?: number;
  /** How long a composed page is reused; the API caches catalog data for a minute too. */
  ttlMs?: number;
  maxEntries?: number;
  /** Renders running at once; beyond it a page not in the cache starts in the browser (no render storm from ?x=1, ?x=2…). */
  maxConcurrent?: number;
  now?: () => number;
}

/** `areas`: the live areas' path prefixes (the registry's), by which the shell picks the page's area. */
export type FirstViewComposer = ((
  pathname: string,
  search: string,
  areas: AreaTable,
  visitor?: FirstViewVisitor,
) => Promise<FirstViewPage | null>) & {
  /** The renderers it draws with, which also answer the areas' plain form posts (site-forms.ts). */
  renderers?: Pick<FirstViewOptions, 'loadShell' | 'loadArea'>;
};

/** Pages kept at most, shared and personal each (FirstViewOptions.maxEntries). */
const MAX_ENTRIES = 200;

/** Where a page's parts come from: the area renderers and the API reads offered to them. */
type RenderSources = Pick<FirstViewOptions, 'loadArea' | 'fetchJson' | 'fetchPersonalJson'>;

/** A page this composer can draw: its cache key and how to render it for a visitor. */
interface PagePlan {
  key: string;
  render: (visitor: FirstViewVisitor) => Promise<FirstViewPage | null>;
}

/** A shared page: its render (which may still run), and the page once it has settled. */
interface SharedPage {
  page: Promise<FirstViewPage | null>;
  /** Kept to check the page's nested areas' versions without waiting. */
  settled?: FirstViewPage | null;
}

/** How a render ended: a failed one (it threw) is logged and is no page. */
interface RenderOutcome {
  page: FirstViewPage | null;
  failed: boolean;
}

/**
 * The composer keeps three policies apart: pages everyone shares (kept for `ttlMs`, at most
 * `maxEntries`, re-rendered when a nested area's version changes), personal pages (each visitor
 * renders their own; their keys are remembered), and a bound on renders running at once.
 */
export function createFirstViewComposer(options: FirstViewOptions): FirstViewComposer {
  const { loadShell, log, timeoutMs = 1_500, maxEntries = MAX_ENTRIES } = options;
  const gate = createRenderGate(options.maxConcurrent ?? 4, log);
  // Pages whose render read the API as its visitor (by cache key, so a new version of the area is
  // asked again): each request renders its own, and no render of theirs is shared or kept.
  const personalKeys = new LRUCache<string, true>({ max: maxEntries });
  const shared = createSharedPages(options, gate, (key) => personalKeys.set(key, true));

  /** A render for this visitor alone: not cached, not shared. */
  async function renderAlone(plan: PagePlan, pathname: string, visitor: FirstViewVisitor) {
    if (gate.busy()) return null;
    const outcome = await withTimeout(gate.run(plan.render(visitor), pathname), timeoutMs);
    return outcome?.page ?? null;
  }

  const compose: FirstViewComposer = async (pathname, search, areas, asked = {}) => {
    const visitor = withFormFlash(asked);
    try {
      const shell = await loadShell();
      const plan = shell && (await planPage(options, shell, pathname, search, areas));
      if (!plan) return null;
      // A page with a refused form's message is this visitor's alone, like a personal one.
      if (visitor.formFlash) {
        const page = await renderAlone(plan, pathname, visitor);
        return page && { ...page, personal: true };
      }
      if (personalKeys.has(plan.key)) return await renderAlone(plan, pathname, visitor);
      const found = await shared.find(plan);
      const entry = found ?? (gate.busy() ? null : shared.start(plan, pathname, visitor));
      if (!entry) return null;
      const page = await withTimeout(entry.page, timeoutMs);
      // Rendered as the visitor who started it: anyone else who waited for it gets their own.
      if (page?.personal && found) return await renderAlone(plan, pathname, visitor);
      return page;
    } catch (error) {
      log.warn({ err: error, pathname }, 'first view unavailable; the page starts in the browser');
      return null;
    }
  };
  compose.renderers = { loadShell, loadArea: options.loadArea };
  return compose;
}

/** The visitor with the flash their Cookie header carries (a form the API just refused), if any. */
function withFormFlash(visitor: FirstViewVisitor): FirstViewVisitor {
  if (visitor.formFlash || !visitor.cookie) return visitor;
  // One cookie of ours, base64url (no quoting or escapes to undo): found by its name.
  const value = visitor.cookie
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${FORM_FLASH_COOKIE}=`))
    ?.slice(FORM_FLASH_COOKIE.length + 1);
  const formFlash = decodeFormFlash(value);
  return formFlash ? { ...visitor, formFlash } : visitor;
}

/** Bounds the renders running at once; a render counts until it ends, waited for or not. */
function createRenderGate(maxConcurrent: number, log: FastifyBaseLogger) {
  let rendering = 0;
  return {
    busy: () => rendering >= maxConcurrent,
    run(render: Promise<FirstViewPage | null>, pathname: string): Promise<RenderOutcome> {
      rendering += 1;
      return render
        .then(
          (page) => ({ page, failed: false }),
          (error: unknown) => {
            log.warn(
              { err: error, pathname },
              'first view render failed; the page starts in the browser',
            );
            return { page: null, failed: true };
          },
        )
        .finally(() => {
          rendering -= 1;
        });
    },
  };
}

/** The pages everyone shares, by plan key: reused for `ttlMs`, the oldest dropped past `maxEntries`. */
function createSharedPages(
  { loadArea, ttlMs = 60_000, maxEntries = MAX_ENTRIES, now = Date.now }: FirstViewOptions,
  gate: ReturnType<typeof createRenderGate>,
  onPersonal: (key: string) => void,
) {
  // Read with peek: a page's place in line is where its render put it, not its last read; a stale
  // page reads as missing. ttlResolution 0: `now` is asked on every read. A ttl of 0 would mean
  // "kept for ever" to lru-cache, so the shortest is 1 ms.
  const pages = new LRUCache<string, SharedPage>({
    max: maxEntries,
    ttl: Math.max(1, ttlMs),
    ttlResolution: 0,
    perf: { now },
  });
  return {
    /** The page shared for this plan, unless it is stale or drawn with a nested area's older version. */
    async find(plan: PagePlan): Promise<SharedPage | null> {
      const entry = pages.peek(plan.key);
      if (!entry) return null;
      if (entry.settled && (await nestedChanged(loadArea, entry.settled))) return null;
      return entry;
    },
    /** Starts the render this visitor's request shares with everyone's, and keeps it. */
    start(plan: PagePlan, pathname: string, visitor: FirstViewVisitor): SharedPage {
      const entry: SharedPage = {
        page: gate.run(plan.render(visitor), pathname).then(({ page, failed }) => {
          // Only its own entry: a newer render may have replaced it meanwhile. A failed render
          // is tried again by the next request; a personal page is never kept.
          if ((failed || page?.personal) && pages.peek(plan.key) === entry) pages.delete(plan.key);
          if (page?.personal) onPersonal(plan.key);
          else entry.settled = page;
          return page;
        }),
      };
      pages.set(plan.key, entry);
      return entry;
    },
  };
}

/** A cached page drawn with a nested area's older version (a deploy or rollback since) is stale. */
async function nestedChanged(
  loadArea: FirstViewOptions['loadArea'],
  page: FirstViewPage,
): Promise<boolean> {
  for (const { area, id } of page.nested ?? []) {
    if ((await loadArea(area))?.id !== id) return true;
  }
  return false;
}

/** The page the shell puts this path in, or null when no live area draws it. */
async function planPage(
  sources: RenderSources,
  shell: Loaded<ShellServerRenderer>,
  pathname: string,
  search: string,
  areas: AreaTable,
): Promise<PagePlan | null> {
  const target = shell.renderer.areaOf(pathname, areas);
  if (!target) return null;
  const area = await sources.loadArea(target.area);
  if (!area) return null;
  return {
    key: `${shell.id}|${area.id}|${pathname}${search}`,
    render: (visitor) =>
      renderPage(
        sources,
        { shell, area, target, pathname, search },
        personalReads(sources, visitor),
      ),
  };
}

/** The visitor's reads offered to renderers, and whether a renderer asked for one. */
function personalReads(
  { fetchPersonalJson }: RenderSources,
  visitor: FirstViewVisitor,
): {
  fetchPersonalJson?: (path: string) => Promise<unknown>;
  asked: () => boolean;
  formFlash?: FormFlash;
} {
  const flash = visitor.formFlash ? { formFlash: visitor.formFlash } : {};
  if (!fetchPersonalJson) return { asked: () => false, ...flash };
  // Set as soon as a renderer asks (even for a read that then fails), so a personal render is never shared.
  let asked = false;
  return {
    fetchPersonalJson: (path) => {
      asked = true;
      return fetchPersonalJson(path, visitor);
    },
    asked: () => asked,
    ...flash,
  };
}

/** One render of a planned page: the area (its slots filled), the shell's frame, and the state. */
async function renderPage(
  { loadArea, fetchJson }: RenderSources,
  page: {
    shell: Loaded<ShellServerRenderer>;
    area: Loaded<SiteAreaRenderer>;
    target: NonNullable<ReturnType<ShellServerRenderer['areaOf']>>;
    pathname: string;
    search: string;
  },
  personal: ReturnType<typeof personalReads>,
): Promise<FirstViewPage | null> {
  const { shell, area, target, pathname, search } = page;
  const request: Omit<AreaRenderRequest, 'areaProps'> = {
    pathname,
    search,
    basename: target.basename,
    fetchJson,
    ...(personal.fetchPersonalJson && { fetchPersonalJson: personal.fetchPersonalJson }),
    ...(personal.formFlash && { formFlash: personal.formFlash }),
  };
  const result = await area.renderer.renderArea(request);
  if (!result) return null;
  const filled = await fillSlots(loadArea, result, request);
  if (!filled) return null;
  // A page drawn as its visitor has its frame drawn as them too (their account menu and cart).
  const frameRender = await shell.renderer.renderFrame({
    pathname,
    area: target.area,
    areaHtml: filled.html,
    basename: target.basename,
    b2bKey: target.b2bKey ?? null,
    fetchJson,
    ...(personal.asked() && personal.fetchPersonalJson
      ? { fetchPersonalJson: personal.fetchPersonalJson }
      : {}),
  });
  const root = typeof frameRender === 'string' ? frameRender : frameRender.html;
  const frameQueries = typeof frameRender === 'string' ? [] : frameRender.queries;
  const partnerHead = typeof frameRender === 'string' ? undefined : frameRender.partnerHead;
  const state: FirstViewState = {
    area: target.area,
    pathname,
    basename: target.basename,
    b2bKey: target.b2bKey ?? null,
    queries: [...filled.queries, ...frameQueries],
    ...(typeof frameRender !== 'string' && frameRender.frame === 'visitor'
      ? { frame: 'visitor' as const }
      : {}),
    // The partner's head is in the page: the live shell need not start to set it.
    ...(partnerHead !== undefined ? { partnerHead: true } : {}),
    // The host's choice: a nested area takes over with its host.
    takeover: result.takeover ?? 'eager',
    // The page's events at open (a nested area's too: it takes over with its host).
    ...(filled.openEvents.length > 0 ? { openEvents: filled.openEvents } : {}),
    // The landed area's pages only: a nested area's code comes with its own load.
    ...(result.pages && result.pages.length > 0 ? { pages: result.pages } : {}),
  };
  // The frame's own styles (a storefront's chrome) go to <head> too, where React adopts them.
  const frame = splitLeadingStyles(root);
  return {
    head: `${filled.head}${partnerHead ?? ''}${frame.head}<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${jsonForScript(state)}</script>`,
    root: frame.body,
    ...(filled.nested.length > 0 ? { nested: filled.nested } : {}),
    ...(personal.asked() ? { personal: true } : {}),
  };
}

/**
 * Renders each nested area a host's first view left room for (a storefront's main page is the
 * catalog's) with the props the host gave it, and puts its HTML in its place. An area that cannot
 * render its part means no first view: a hole would be filled later, moving the page.
 */
async function fillSlots(
  loadArea: FirstViewOptions['loadArea'],
  host: AreaRenderResult,
  request: Omit<AreaRenderRequest, 'areaProps'>,
): Promise<{
  html: string;
  head: string;
  queries: FirstViewQuery[];
  openEvents: FirstViewEvent[];
  nested: { area: AreaName; id: string }[];
} | null> {
  let { html, head } = host;
  const queries = [...host.queries];
  const openEvents = [...(host.openEvents ?? [])];
  const nested: { area: AreaName; id: string }[] = [];
  for (const slot of host.slots ?? []) {
    const marker = `<div ${FIRST_VIEW_SLOT_ATTRIBUTE}="${slot.id}"></div>`;
    if (!/^\d+$/.test(slot.id) || !html.includes(marker)) return null;
    const guest = await loadArea(slot.area);
    if (!guest) return null;
    const part = await guest.renderer.renderArea({ ...request, areaProps: slot.areaProps });
    // One level only: a nested area's own slots are not filled.
    if (!part || (part.slots?.length ?? 0) > 0) return null;
    html = html.replace(
      marker,
      () => `<div ${FIRST_VIEW_SLOT_ATTRIBUTE}="${slot.id}">${part.html}</div>`,
    );
    head += part.head;
    // The host's entries first; a query both read is the same data.
    const known = new Set(queries.map((query) => JSON.stringify(query.queryKey)));
    queries.push(...part.queries.filter((query) => !known.has(JSON.stringify(query.queryKey))));
    openEvents.push(...(part.openEvents ?? []));
    nested.push({ area: slot.area, id: guest.id });
  }
  return { html, head, queries, openEvents, nested };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Writes the first view into the shell's index.html: state and styles in <head>, the page in #root. */
export function withFirstView(indexHtml: string, page: FirstViewPage): string | null {
  // The built index.html is minified: its attributes may have lost their quotes.
  const root = /<div id=("?)root\1>[\s\S]*?<\/div>/;
  if (!root.test(indexHtml) || !indexHtml.includes('</head>')) return null;
  // An area that titles its page (a partner's storefront) replaces the shell's title: the first
  // <title> in a document is the one the tab shows.
  const titled = /<title\b/i.test(page.head)
    ? indexHtml.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, '')
    : indexHtml;
  // Function replacements: a "$" in the page must stay a "$".
  return withoutReplacedHead(titled, page.head)
    .replace('</head>', () => `${page.head}</head>`)
    .replace(root, () => `<div id="root">${page.root}</div>`);
}

/** An attribute's value in a tag, quoted or (minified) not; null when absent. */
function attributeOf(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
}

const isIconLink = (tag: string) => /(^|\s)icon(\s|$)/i.test(attributeOf(tag, 'rel') ?? '');

/**
 * The page's own icons and the meta tags a partner's head replaces leave the index's <head> for an
 * inert template (a browser shows the first icon it likes, and reads one description): the live
 * shell puts them back when the visitor leaves the partner's pages.
 */
function withoutReplacedHead(indexHtml: string, pageHead: string): string {
  const end = indexHtml.indexOf('</head>');
  const drawn = (pageHead.match(/<(?:link|meta)\b[^>]*>/gi) ?? []).filter(
    (tag) => attributeOf(tag, PARTNER_HEAD_ATTRIBUTE) !== null,
  );
  if (end < 0 || drawn.length === 0) return indexHtml;
  const names = new Set(drawn.map((tag) => attributeOf(tag, 'name')).filter(Boolean));
  const replacesIcon = drawn.some(isIconLink);
  const replaced: string[] = [];
  const head = indexHtml.slice(0, end).replace(/<(link|meta)\b[^>]*>/gi, (tag, kind: string) => {
    const goes =
      kind.toLowerCase() === 'link'
        ? replacesIcon && isIconLink(tag)
        : names.has(attributeOf(tag, 'name'));
    if (!goes) return tag;
    replaced.push(tag);
    return '';
  });
  const template =
    replaced.length > 0 ? `<template ${SHOP_HEAD_ATTRIBUTE}>${replaced.join('')}</template>` : '';
  return `${head}${template}${indexHtml.slice(end)}`;
}

const requireFresh = (file: string): unknown => {
  const load = createRequire(file);
  delete load.cache[file];
  return load(file);
};

function isShellRenderer(value: unknown): value is ShellServerRenderer {
  const candidate = value as Partial<ShellServerRenderer> | null;
  return typeof candidate?.areaOf === 'function' && typeof candidate.renderFrame === 'function';
}

/** The shell's renderer from its build folder, reloaded when the file changes (a new shell build). */
export function shellRendererLoader(siteRoot: string): FirstViewOptions['loadShell'] {
  const file = path.join(siteRoot, SERVER_RENDER_FILE);
  let loaded: Loaded<ShellServerRenderer> | null = null;
  return async () => {
    const stat = await statLocalFile(file);
    if (!stat) return null;
    if (loaded?.id !== stat.etag) {
      const module = requireFresh(file);
      if (!isShellRenderer(module)) throw new Error(`${file} is not a shell server renderer`);
      loaded = { id: stat.etag, renderer: module };
    }
    return loaded;
  };
}

/**
 * An area's renderer from the version the registry serves. Versions never change once stored, so
 * each is copied out of the store once (the store may be remote) into `cacheDir`; it runs in the
 * render pool's workers, never on the API's thread (its team deploys it independently).
 */
export function areaRendererLoader({
  registry,
  store,
  cacheDir,
  pool,
}: {
  registry: ReleaseRegistry;
  store: ArtifactStore;
  cacheDir: string;
  pool: RenderPool;
}): FirstViewOptions['loadArea'] {
  const loaded = new Map<string, Promise<Loaded<SiteAreaRenderer> | null>>();
  return async (area) => {
    const remote = REMOTE_NAMES[area];
    const entry = (await registry.read()).remotes[remote];
    if (!entry) return null;
    const id = `${remote}@${entry.version}`;
    let pending = loaded.get(id);
    if (!pending) {
      pending = (async () => {
        const file = await store.stat(remote, entry.version, SERVER_RENDER_FILE);
        if (!file) return null;
        const local = path.join(
          cacheDir,
          remote,
          createHash('sha256').update(entry.version).digest('hex').slice(0, 24),
          'render.cjs',
        );
        if (!(await statLocalFile(local))) {
          await fs.mkdir(path.dirname(local), { recursive: true });
          const partial = `${local}.${process.pid}.part`;
          await pipeline(file.open(), createWriteStream(partial));
          await fs.rename(partial, local);
        }
        return {
          id,
          renderer: {
            renderArea: (request) => pool.render(local, request),
            submitForm: (request) => pool.handleForm(local, request),
          },
        };
      })();
      pending.catch(() => loaded.delete(id));
      loaded.set(id, pending);
    }
    return pending;
  };
}

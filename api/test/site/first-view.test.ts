import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RegistryEntry } from '@shop/shared/releases/registry-document';
import type { AreaTable } from '@shop/shared/shell-contract/area-routes';
import type { AreaName } from '@shop/shared/shell-contract/shell-props';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
  FirstViewState,
  ShellServerRenderer,
} from '@shop/shared/ssr/server-render';
import { DirectoryArtifactStore } from '../../src/releases/directory-artifact-store';
import { Registry } from '../../src/releases/registry';
import {
  areaRendererLoader,
  createFirstViewComposer,
  shellRendererLoader,
  withFirstView,
  type FirstViewOptions,
  type FirstViewPage,
} from '../../src/site/first-view';
import { createRenderPool, type RenderPool } from '../../src/site/render-pool';

const STATE_SCRIPT_OPEN = '<script type="application/json" id="shop-first-view">';

function testLogger() {
  const log = {
    level: 'info',
    fatal: jest.fn(),
    error: jest.fn(),
    warn: jest.fn(),
    info: jest.fn(),
    debug: jest.fn(),
    trace: jest.fn(),
    silent: jest.fn(),
    child: jest.fn(),
  };
  log.child.mockReturnValue(log);
  return log;
}

/** The text of the state script at the end of a page's head, and the state parsed back from it. */
function stateScript(head: string): { text: string; state: FirstViewState } {
  const start = head.indexOf(STATE_SCRIPT_OPEN);
  expect(start).toBeGreaterThanOrEqual(0);
  expect(head.endsWith('</script>')).toBe(true);
  const text = head.slice(start + STATE_SCRIPT_OPEN.length, head.length - '</script>'.length);
  return { text, state: JSON.parse(text) as FirstViewState };
}

describe('withFirstView', () => {
  const page: FirstViewPage = {
    head: '<style>.a{color:red}</style>',
    root: '<header>frame</header><main>area</main>',
  };

  it('fills a minified <div id=root> and puts the head before </head>', () => {
    const html = withFirstView(
      '<!doctype html><html><head><title>t</title></head><body><div id=root><noscript>js</noscript></div></body></html>',
      page,
    );
    expect(html).toBe(
      '<!doctype html><html><head><title>t</title><style>.a{color:red}</style></head><body><div id="root"><header>frame</header><main>area</main></div></body></html>',
    );
  });

  it('fills a quoted <div id="root"> as well', () => {
    const html = withFirstView(
      '<html><head></head><body><div id="root"></div><script src="/main.js"></script></body></html>',
      page,
    );
    expect(html).toBe(
      '<html><head><style>.a{color:red}</style></head><body><div id="root"><header>frame</header><main>area</main></div><script src="/main.js"></script></body></html>',
    );
  });

  it('keeps "$&", "$1" and other replacement patterns in the page literally', () => {
    const html = withFirstView('<html><head></head><body><div id="root"></div></body></html>', {
      head: '<style>/* $& $` */</style>',
      root: "<p>Price: $1 or $& or $$ or $'</p>",
    });
    expect(html).toBe(
      '<html><head><style>/* $& $` */</style></head><body><div id="root"><p>Price: $1 or $& or $$ or $\'</p></div></body></html>',
    );
  });

  it("replaces the shell's title when the area's head brings its own", () => {
    const html = withFirstView(
      '<html><head><title>Bloodwise</title></head><body><div id="root"></div></body></html>',
      { head: '<title>Tests and pricing | Acme</title><style></style>', root: '<p>x</p>' },
    );
    expect(html).toBe(
      '<html><head><title>Tests and pricing | Acme</title><style></style></head><body><div id="root"><p>x</p></div></body></html>',
    );
  });

  it("puts a partner's head in place of the shop's icon and same-named meta tags, keeping those in an inert template", () => {
    const html = withFirstView(
      '<html><head><meta charset=utf-8><meta name=viewport content="width=device-width"><link rel=icon href=/favicon.ico sizes=any><meta name=description content="Our shop"><title>Bloodwise</title><link rel=stylesheet href=/a.css></head><body><div id=root></div></body></html>',
      {
        head: '<title>Home | Acme</title><link rel="icon" href="https://acme.example/i.png" data-partner-head=""><meta name="description" content="Acme\'s tests" data-partner-head=""><meta name="author" content="Acme" data-partner-head="">',
        root: '<p>x</p>',
      },
    );
    expect(html).toBe(
      '<html><head><meta charset=utf-8><meta name=viewport content="width=device-width"><link rel=stylesheet href=/a.css>' +
        '<template data-shop-head><link rel=icon href=/favicon.ico sizes=any><meta name=description content="Our shop"></template>' +
        '<title>Home | Acme</title><link rel="icon" href="https://acme.example/i.png" data-partner-head=""><meta name="description" content="Acme\'s tests" data-partner-head=""><meta name="author" content="Acme" data-partner-head="">' +
        '</head><body><div id="root"><p>x</p></div></body></html>',
    );
  });

  it("leaves the shop's head alone on a page without a partner's head", () => {
    const index =
      '<html><head><link rel="icon" href="/favicon.ico"><meta name="description" content="Our shop"></head><body><div id="root"></div></body></html>';
    expect(
      withFirstView(index, {
        head: '<meta name="description" content="not marked">',
        root: '',
      }),
    ).toBe(
      '<html><head><link rel="icon" href="/favicon.ico"><meta name="description" content="Our shop"><meta name="description" content="not marked"></head><body><div id="root"></div></body></html>',
    );
  });

  it('returns null for a template without a root div (or without </head>)', () => {
    expect(
      withFirstView('<html><head></head><body><div id="app"></div></body></html>', page),
    ).toBeNull();
    expect(withFirstView('<html><body><div id="root"></div></body></html>', page)).toBeNull();
  });
});

describe('createFirstViewComposer', () => {
  type RenderArea = (request: AreaRenderRequest) => Promise<AreaRenderResult | null>;

  /** The live areas' prefixes, as the site reads them from the registry and hands them to the shell. */
  const AREAS: AreaTable = [{ area: 'catalog', prefixes: ['/'] }];
  const frame: ShellServerRenderer = {
    areaOf: (pathname, areas) =>
      pathname === '/not-rendered' || areas !== AREAS
        ? null
        : { area: 'catalog', basename: pathname.startsWith('/shop') ? '/shop' : '' },
    renderFrame: ({ pathname, area, areaHtml }) =>
      `<header>FRAME ${area} ${pathname}</header><main>${areaHtml}</main>`,
  };

  const result = (html: string, data: unknown = { n: 1 }): AreaRenderResult => ({
    html,
    head: '<style data-area="catalog">.c{}</style>',
    queries: [{ queryKey: ['offers'], data, dataUpdatedAt: 1_700_000_000_000 }],
  });

  let log: ReturnType<typeof testLogger>;
  const fetchJson = jest.fn(async () => ({}));

  function composer(renderArea: RenderArea, extra: Partial<FirstViewOptions> = {}) {
    const area: AreaServerRenderer = { renderArea };
    const compose = createFirstViewComposer({
      loadShell: async () => ({ id: 'shell-1', renderer: frame }),
      loadArea: async () => ({ id: 'mf_catalog@1', renderer: area }),
      fetchJson,
      log: log as unknown as FastifyBaseLogger,
      ...extra,
    });
    return (pathname: string, search: string) => compose(pathname, search, AREAS);
  }

  beforeEach(() => {
    log = testLogger();
  });

  it('composes the shell frame around the area html, with the area head and the state script', async () => {
    const renderArea = jest.fn<ReturnType<RenderArea>, Parameters<RenderArea>>(async (request) =>
      result(`<h1>Offers at ${request.pathname}${request.search}</h1>`),
    );
    const page = await composer(renderArea)('/shop/offers', '?sort=price');

    expect(renderArea).toHaveBeenCalledTimes(1);
    expect(renderArea.mock.calls[0]![0]).toEqual({
      pathname: '/shop/offers',
      search: '?sort=price',
      basename: '/shop',
      fetchJson,
    });
    expect(page?.root).toBe(
      '<header>FRAME catalog /shop/offers</header><main><h1>Offers at /shop/offers?sort=price</h1></main>',
    );
    expect(
      page?.head.startsWith(`<style data-area="catalog">.c{}</style>${STATE_SCRIPT_OPEN}`),
    ).toBe(true);
    expect(stateScript(page!.head).state).toEqual({
      area: 'catalog',
      pathname: '/shop/offers',
      basename: '/shop',
      // Not a storefront page: no partner's frame.
      b2bKey: null,
      queries: [{ queryKey: ['offers'], data: { n: 1 }, dataUpdatedAt: 1_700_000_000_000 }],
      takeover: 'eager',
    });
  });

  /** A partner's page: the storefront area (`host`) with the catalog (`guest`) nested in it. */
  const storefrontComposer = (host: RenderArea, guest: RenderArea) =>
    createFirstViewComposer({
      loadShell: async () => ({
        id: 'shell-1',
        renderer: {
          ...frame,
          areaOf: () => ({ area: 'storefront', basename: '/shop/acme', b2bKey: 'acme' }),
        },
      }),
      loadArea: async (area: AreaName) =>
        area === 'storefront'
          ? { id: 'mf_storefront@1', renderer: { renderArea: host } }
          : { id: 'mf_catalog@1', renderer: { renderArea: guest } },
      fetchJson,
      log: log as unknown as FastifyBaseLogger,
    });

  it("carries the area's takeover in the state; a nested area takes over with its host", async () => {
    const host = async (): Promise<AreaRenderResult> => ({
      ...result('<div data-first-view-slot="1"></div>'),
      takeover: 'on-interaction',
      slots: [{ id: '1', area: 'catalog', areaProps: {} }],
    });
    // The nested area asks for 'eager': the page's takeover is still the host's.
    const guest = async (): Promise<AreaRenderResult> => ({
      ...result('<p>guest</p>'),
      takeover: 'eager',
    });
    const compose = storefrontComposer(host, guest);
    const page = await compose('/shop/acme', '', AREAS);
    expect(page?.root).toContain('<p>guest</p>');
    expect(stateScript(page!.head).state.takeover).toBe('on-interaction');
  });

  it("puts the partner's head drawn by the frame into the page's head and says so in the state", async () => {
    const partnerHead = '<link rel="icon" href="/acme.png" data-partner-head="">';
    const compose = createFirstViewComposer({
      loadShell: async () => ({
        id: 'shell-1',
        renderer: {
          areaOf: () => ({ area: 'storefront', basename: '/shop/acme', b2bKey: 'acme' }),
          renderFrame: ({ areaHtml }) => ({
            html: `<header>Acme</header>${areaHtml}`,
            frame: 'anonymous',
            queries: [],
            partnerHead,
          }),
        },
      }),
      loadArea: async () => ({
        id: 'mf_storefront@1',
        renderer: {
          renderArea: async () => ({ ...result('<p>shop</p>'), takeover: 'on-interaction' }),
        },
      }),
      fetchJson,
      log: log as unknown as FastifyBaseLogger,
    });
    const page = await compose('/shop/acme', '', AREAS);
    expect(page?.head.startsWith(`<style data-area="catalog">.c{}</style>${partnerHead}`)).toBe(
      true,
    );
    const { state } = stateScript(page!.head);
    expect(state).toMatchObject({ b2bKey: 'acme', partnerHead: true });
    expect(state.frame).toBeUndefined();
  });

  it('carries the page-open events of the area and of a nested area in the state', async () => {
    const hostEvent = {
      event: 'view_item' as const,
      params: { ecommerce: { items: [{ item_id: 'a' }] } },
    };
    const guestEvent = {
      event: 'view_item' as const,
      params: { ecommerce: { items: [{ item_id: 'b' }] } },
    };
    const host = async (): Promise<AreaRenderResult> => ({
      ...result('<div data-first-view-slot="1"></div>'),
      takeover: 'on-interaction',
      slots: [{ id: '1', area: 'catalog', areaProps: {} }],
      openEvents: [hostEvent],
    });
    const guest = async (): Promise<AreaRenderResult> => ({
      ...result('<p>guest</p>'),
      openEvents: [guestEvent],
    });
    const compose = storefrontComposer(host, guest);
    const page = await compose('/shop/acme', '', AREAS);
    expect(stateScript(page!.head).state.openEvents).toEqual([hostEvent, guestEvent]);
  });

  it("names the landed area's page chunks in the state, not a nested area's", async () => {
    const host = async (): Promise<AreaRenderResult> => ({
      ...result('<div data-first-view-slot="1"></div>'),
      slots: [{ id: '1', area: 'catalog', areaProps: {} }],
      pages: ['partner-cart-page'],
    });
    const guest = async (): Promise<AreaRenderResult> => ({
      ...result('<p>guest</p>'),
      pages: ['home-page'],
    });
    const compose = storefrontComposer(host, guest);
    const page = await compose('/shop/acme', '', AREAS);
    expect(stateScript(page!.head).state.pages).toEqual(['partner-cart-page']);
  });

  describe('a render as the visitor (fetchPersonalJson)', () => {
    /** Reads the visitor's cart when the page is /cart, else nothing personal. */
    const renderArea: RenderArea = async (request) => {
      if (request.pathname !== '/cart') return result('<p>public</p>');
      const cart = (await request.fetchPersonalJson!('/api/v1/cart')) as { owner: string };
      return result(`<p>cart of ${cart.owner}</p>`, cart);
    };
    const personalReads = jest.fn(async (_path: string, visitor: { cookie?: string }) => ({
      owner: visitor.cookie ?? 'nobody',
    }));

    beforeEach(() => personalReads.mockClear());

    it('offers fetchPersonalJson with the visitor, and marks the page personal', async () => {
      const compose = composer(renderArea, { fetchPersonalJson: personalReads });
      const page = await createFirstViewComposer({
        loadShell: async () => ({ id: 'shell-1', renderer: frame }),
        loadArea: async () => ({ id: 'mf_catalog@1', renderer: { renderArea } }),
        fetchJson,
        fetchPersonalJson: personalReads,
        log: log as unknown as FastifyBaseLogger,
      })('/cart', '', AREAS, { cookie: 'sid=alice' });
      expect(personalReads).toHaveBeenCalledWith('/api/v1/cart', { cookie: 'sid=alice' });
      expect(page?.personal).toBe(true);
      expect(page?.root).toContain('<p>cart of sid=alice</p>');
      // A page that read nothing personal is shared as before.
      expect((await compose('/pricing', ''))?.personal).toBeUndefined();
    });

    it('never caches a personal page nor hands it to another visitor, one after the other or at once', async () => {
      const spy = jest.fn(renderArea);
      const compose = createFirstViewComposer({
        loadShell: async () => ({ id: 'shell-1', renderer: frame }),
        loadArea: async () => ({ id: 'mf_catalog@1', renderer: { renderArea: spy } }),
        fetchJson,
        fetchPersonalJson: personalReads,
        log: log as unknown as FastifyBaseLogger,
      });
      const as = (cookie: string) => compose('/cart', '', AREAS, { cookie });

      // Two visitors asking at once: the second does not get the first one's render.
      const [alice, bob] = await Promise.all([as('sid=alice'), as('sid=bob')]);
      expect(alice?.root).toContain('cart of sid=alice');
      expect(bob?.root).toContain('cart of sid=bob');
      expect(stateScript(bob!.head).state.queries[0]!.data).toEqual({ owner: 'sid=bob' });
      // Then one after the other, and the same visitor again: each request renders its own.
      expect((await as('sid=carol'))?.root).toContain('cart of sid=carol');
      expect((await as('sid=alice'))?.root).toContain('cart of sid=alice');
      expect(spy).toHaveBeenCalledTimes(4);
      expect((await compose('/cart', '', AREAS))?.root).toContain('cart of nobody');
    });

    it('offers a renderer no fetchPersonalJson when the site has none', async () => {
      // Checked here, not inside the renderer: the composer turns a renderer's throw into null.
      const seen = jest.fn(async (_request: AreaRenderRequest) => result('<p>x</p>'));
      const page = await composer(seen)('/cart', '');
      expect(page?.root).toContain('<p>x</p>');
      expect(page?.personal).toBeUndefined();
      expect(seen).toHaveBeenCalledTimes(1);
      expect(seen.mock.calls[0]![0]).not.toHaveProperty('fetchPersonalJson');
    });

    it('gives no first view when the personal read fails, and keeps nothing', async () => {
      const failing = jest.fn(async () => {
        throw new Error('GET /api/v1/cart answered 401');
      });
      const compose = composer(renderArea, { fetchPersonalJson: failing });
      expect(await compose('/cart', '')).toBeNull();
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(await compose('/cart', '')).toBeNull();
      expect(failing).toHaveBeenCalledTimes(2);
    });
  });

  it('escapes </script> and <!-- in query data so the state script cannot end early', async () => {
    const hostile = {
      title: '</script><script>alert(1)</script>',
      note: '<!-- <script>',
      upper: '</SCRIPT>',
      separators: 'a\u2028b\u2029c',
      amp: 'a & b',
    };
    const page = await composer(async () => result('<p>x</p>', hostile))('/pricing', '');
    const { text, state } = stateScript(page!.head);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).not.toContain('<!--');
    expect(text).not.toContain('<');
    expect(text).not.toMatch(/[\u2028\u2029]/);
    // The real closing tag is the only one in the head.
    expect(page!.head.toLowerCase().split('</script').length - 1).toBe(1);
    expect(state.queries[0]!.data).toEqual(hostile);
  });

  it('returns null when the shell does not server-render the path', async () => {
    const renderArea = jest.fn(async () => result('<p>x</p>'));
    const loadArea = jest.fn(async () => ({ id: 'mf_catalog@1', renderer: { renderArea } }));
    expect(await composer(renderArea, { loadArea })('/not-rendered', '')).toBeNull();
    expect(loadArea).not.toHaveBeenCalled();
    expect(renderArea).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('returns null when the shell has no renderer', async () => {
    const renderArea = jest.fn(async () => result('<p>x</p>'));
    expect(await composer(renderArea, { loadShell: async () => null })('/pricing', '')).toBeNull();
    expect(renderArea).not.toHaveBeenCalled();
    // Not shipping a renderer is normal, not worth a warning.
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('returns null when the area has no renderer', async () => {
    const loadArea = jest.fn(async (_area: AreaName) => null);
    expect(await composer(async () => result('<p>x</p>'), { loadArea })('/pricing', '')).toBeNull();
    expect(loadArea).toHaveBeenCalledWith('catalog');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('returns null when the area does not render the route', async () => {
    const renderArea = jest.fn(async () => null);
    expect(await composer(renderArea)('/pricing', '')).toBeNull();
    expect(renderArea).toHaveBeenCalledTimes(1);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('returns null and logs a warning when renderArea throws, and tries again on the next request', async () => {
    const failure = new Error('catalog API down');
    const renderArea = jest
      .fn<ReturnType<RenderArea>, Parameters<RenderArea>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(result('<p>back</p>'));
    const compose = composer(renderArea);

    expect(await compose('/pricing', '')).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ err: failure, pathname: '/pricing' });

    // A failure is not cached.
    expect((await compose('/pricing', ''))?.root).toContain('<p>back</p>');
    expect(renderArea).toHaveBeenCalledTimes(2);
  });

  it('returns null and logs a warning when loading a renderer throws', async () => {
    const failure = new Error('not a renderer');
    const compose = composer(async () => result('<p>x</p>'), {
      loadArea: async () => {
        throw failure;
      },
    });
    expect(await compose('/pricing', '')).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ err: failure, pathname: '/pricing' });
  });

  it('does not wait for a render slower than timeoutMs, but caches it when it finishes', async () => {
    // The render ends when the test lets it: the page is answered without it, whatever the speed.
    let finishRender: () => void = () => undefined;
    const renderArea = jest.fn(async () => {
      await new Promise<void>((resolve) => (finishRender = resolve));
      return result('<p>slow</p>');
    });
    const compose = composer(renderArea, { timeoutMs: 20 });

    expect(await compose('/pricing', '')).toBeNull();

    finishRender();
    await renderArea.mock.results[0]!.value;
    expect((await compose('/pricing', ''))?.root).toContain('<p>slow</p>');
    expect(renderArea).toHaveBeenCalledTimes(1);
  });

  it('reuses a composed page within the TTL and renders again after it', async () => {
    let clock = 1_000;
    let count = 0;
    const renderArea = jest.fn(async () => result(`<p>render ${++count}</p>`));
    const compose = composer(renderArea, { ttlMs: 60_000, now: () => clock });

    expect((await compose('/pricing', ''))?.root).toContain('<p>render 1</p>');
    clock += 59_000;
    expect((await compose('/pricing', ''))?.root).toContain('<p>render 1</p>');
    expect(renderArea).toHaveBeenCalledTimes(1);

    clock += 2_000;
    expect((await compose('/pricing', ''))?.root).toContain('<p>render 2</p>');
    expect(renderArea).toHaveBeenCalledTimes(2);
  });

  it('keys the cache by path and query string', async () => {
    const renderArea = jest.fn(async (request: AreaRenderRequest) =>
      result(`<p>${request.pathname}${request.search}</p>`),
    );
    const compose = composer(renderArea);
    expect((await compose('/pricing', ''))?.root).toContain('<p>/pricing</p>');
    expect((await compose('/pricing', '?plan=b'))?.root).toContain('<p>/pricing?plan=b</p>');
    expect((await compose('/kits', ''))?.root).toContain('<p>/kits</p>');
    expect(renderArea).toHaveBeenCalledTimes(3);
  });

  it('renders again with a new area version (a different renderer id)', async () => {
    const v1 = jest.fn(async () => result('<p>v1</p>'));
    const v2 = jest.fn(async () => result('<p>v2</p>'));
    let live: { id: string; renderer: AreaServerRenderer } = {
      id: 'mf_catalog@v1',
      renderer: { renderArea: v1 },
    };
    const compose = composer(v1, { loadArea: async () => live });

    expect((await compose('/pricing', ''))?.root).toContain('<p>v1</p>');
    live = { id: 'mf_catalog@v2', renderer: { renderArea: v2 } };
    expect((await compose('/pricing', ''))?.root).toContain('<p>v2</p>');
    // Back to v1 (a rollback): its page is still cached.
    live = { id: 'mf_catalog@v1', renderer: { renderArea: v1 } };
    expect((await compose('/pricing', ''))?.root).toContain('<p>v1</p>');
    expect(v1).toHaveBeenCalledTimes(1);
    expect(v2).toHaveBeenCalledTimes(1);
  });

  it('renders again with a new shell build (a different shell id)', async () => {
    const renderArea = jest.fn(async () => result('<p>x</p>'));
    let shell = { id: 'shell-1', renderer: frame };
    const compose = composer(renderArea, { loadShell: async () => shell });
    await compose('/pricing', '');
    shell = {
      id: 'shell-2',
      renderer: {
        ...frame,
        renderFrame: ({ areaHtml }) => `<header>NEW FRAME</header>${areaHtml}`,
      },
    };
    expect((await compose('/pricing', ''))?.root).toBe('<header>NEW FRAME</header><p>x</p>');
    expect(renderArea).toHaveBeenCalledTimes(2);
  });

  it('evicts the oldest page beyond maxEntries', async () => {
    const renderArea = jest.fn(async (request: AreaRenderRequest) =>
      result(`<p>${request.pathname}</p>`),
    );
    const compose = composer(renderArea, { maxEntries: 2 });
    await compose('/a', '');
    await compose('/b', '');
    await compose('/c', '');
    expect(renderArea).toHaveBeenCalledTimes(3);

    // /a was the oldest: it went when /c came in.
    await compose('/a', '');
    expect(renderArea).toHaveBeenCalledTimes(4);
    // /c is still there; /b went when /a came back.
    await compose('/c', '');
    expect(renderArea).toHaveBeenCalledTimes(4);
    await compose('/b', '');
    expect(renderArea).toHaveBeenCalledTimes(5);
    expect(renderArea.mock.calls.map(([request]) => request.pathname)).toEqual([
      '/a',
      '/b',
      '/c',
      '/a',
      '/b',
    ]);
  });
});

describe('areaRendererLoader', () => {
  let dir: string;
  let store: DirectoryArtifactStore;
  let registry: Registry;
  let cacheDir: string;
  let pool: RenderPool;

  const entry = (version: string): RegistryEntry => ({
    name: 'mf_catalog',
    version,
    manifestUrl: `/remotes/mf_catalog/${encodeURIComponent(version)}/mf-manifest.json`,
    contractVersion: '1.0.0',
    areaRoutes: ['/pricing'],
  });

  /** Stores a catalog version, with an area renderer that says which version it is unless `renderer` is false. */
  async function storeVersion(version: string, renderer = true): Promise<void> {
    const source = path.join(dir, 'dist', version);
    await fs.mkdir(path.join(source, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(source, 'remoteEntry.js'), `/* ${version} */`);
    if (renderer) {
      await fs.writeFile(
        path.join(source, 'ssr', 'render.cjs'),
        `module.exports = { renderArea: async () => ({ html: '<p>catalog ${version}</p>', head: '', queries: [] }) };\n`,
      );
    }
    await store.put(source, {
      remote: 'mf_catalog',
      version,
      packageVersion: '1.0.0',
      buildId: version,
      contractVersion: '1.0.0',
      storedBy: 'tester',
    });
  }

  async function renderedBy(
    load: ReturnType<typeof areaRendererLoader>,
  ): Promise<string | undefined> {
    const loaded = await load('catalog');
    const rendered = await loaded?.renderer.renderArea({
      pathname: '/pricing',
      search: '',
      basename: '',
      fetchJson: async () => null,
    });
    return rendered?.html;
  }

  beforeAll(() => {
    // A deadline no honest render reaches on a loaded machine: these tests are not about it.
    pool = createRenderPool({ size: 1, deadlineMs: 60_000 });
  });
  afterAll(() => pool.close());

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-first-view-'));
    store = new DirectoryArtifactStore(path.join(dir, 'store'));
    registry = new Registry({ registryDir: path.join(dir, 'registry'), environment: 'test' });
    cacheDir = path.join(dir, 'first-view-cache');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it("loads the live version's renderer out of the store", async () => {
    await storeVersion('1.0.0+aaa');
    await registry.setLive(entry('1.0.0+aaa'), 'tester');
    const load = areaRendererLoader({ registry, store, cacheDir, pool });

    const loaded = await load('catalog');
    expect(loaded?.id).toBe('mf_catalog@1.0.0+aaa');
    expect(await renderedBy(load)).toBe('<p>catalog 1.0.0+aaa</p>');
    // Copied out of the store once, and loaded once.
    expect(await load('catalog')).toBe(loaded);
    const copies = await fs.readdir(path.join(cacheDir, 'mf_catalog'), { recursive: true });
    expect(copies.filter((name) => name.endsWith('render.cjs'))).toHaveLength(1);
  });

  it('returns null for an area that is not deployed or whose live version has no ssr/render.cjs', async () => {
    const load = areaRendererLoader({ registry, store, cacheDir, pool });
    expect(await load('catalog')).toBeNull();

    await storeVersion('1.0.0+plain', false);
    await registry.setLive(entry('1.0.0+plain'), 'tester');
    expect(await load('catalog')).toBeNull();
    expect(await load('account')).toBeNull();
  });

  it('follows the registry: a deploy loads the new renderer and a rollback rolls it back', async () => {
    await storeVersion('1.0.0+aaa');
    await storeVersion('1.0.0+bbb');
    await storeVersion('1.0.0+ccc', false);
    await registry.setLive(entry('1.0.0+aaa'), 'tester');
    const load = areaRendererLoader({ registry, store, cacheDir, pool });
    expect(await renderedBy(load)).toBe('<p>catalog 1.0.0+aaa</p>');

    await registry.setLive(entry('1.0.0+bbb'), 'tester');
    expect((await load('catalog'))?.id).toBe('mf_catalog@1.0.0+bbb');
    expect(await renderedBy(load)).toBe('<p>catalog 1.0.0+bbb</p>');

    await registry.setLive(entry('1.0.0+aaa'), 'tester', 'rollback');
    expect((await load('catalog'))?.id).toBe('mf_catalog@1.0.0+aaa');
    expect(await renderedBy(load)).toBe('<p>catalog 1.0.0+aaa</p>');

    // A version without a renderer means no first view, even after one that had one.
    await registry.setLive(entry('1.0.0+ccc'), 'tester');
    expect(await load('catalog')).toBeNull();
  });

  it('fails the render of a stored file that is not an area renderer (the file loads in the worker)', async () => {
    const source = path.join(dir, 'dist', 'bad');
    await fs.mkdir(path.join(source, 'ssr'), { recursive: true });
    await fs.writeFile(
      path.join(source, 'ssr', 'render.cjs'),
      'module.exports = { render: () => "" };\n',
    );
    await store.put(source, {
      remote: 'mf_catalog',
      version: '1.0.0+bad',
      packageVersion: '1.0.0',
      buildId: 'bad',
      contractVersion: '1.0.0',
      storedBy: 'tester',
    });
    await registry.setLive(entry('1.0.0+bad'), 'tester');
    const load = areaRendererLoader({ registry, store, cacheDir, pool });
    await expect(renderedBy(load)).rejects.toThrow(/not an area server renderer/);
  });
});

describe('shellRendererLoader', () => {
  let siteRoot: string;
  let file: string;

  async function writeShellRenderer(marker: string, mtime: Date): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(
      file,
      `module.exports = {\n  areaOf: () => ({ area: 'catalog', basename: '' }),\n  renderFrame: ({ areaHtml }) => ${JSON.stringify(`<header>${marker}</header>`)} + areaHtml,\n};\n`,
    );
    await fs.utimes(file, mtime, mtime);
  }

  const frameOf = (loaded: Awaited<ReturnType<ReturnType<typeof shellRendererLoader>>>) =>
    loaded?.renderer.renderFrame({ pathname: '/', area: 'catalog', areaHtml: '<p>area</p>' });

  beforeEach(async () => {
    siteRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-shell-ssr-'));
    file = path.join(siteRoot, 'ssr', 'render.cjs');
  });
  afterEach(() => fs.rm(siteRoot, { recursive: true, force: true }));

  it('returns null while the shell ships no renderer', async () => {
    const load = shellRendererLoader(siteRoot);
    expect(await load()).toBeNull();
    await fs.mkdir(path.join(siteRoot, 'ssr'));
    expect(await load()).toBeNull();
  });

  it('loads the renderer once and again after the file changes (a new shell build)', async () => {
    const load = shellRendererLoader(siteRoot);
    await writeShellRenderer('FRAME ONE', new Date('2030-01-01T00:00:00Z'));
    const first = await load();
    expect(first?.renderer.areaOf('/pricing', [])).toEqual({ area: 'catalog', basename: '' });
    expect(frameOf(first)).toBe('<header>FRAME ONE</header><p>area</p>');
    expect(await load()).toBe(first);

    await writeShellRenderer('FRAME TWO', new Date('2030-01-02T00:00:00Z'));
    // Under jest, require.cache is a proxy that ignores `delete` (Node honours it), so empty jest's
    // module registry as Node's delete would; what is tested is that the loader requires again.
    jest.resetModules();
    const second = await load();
    expect(second?.id).not.toBe(first?.id);
    expect(frameOf(second)).toBe('<header>FRAME TWO</header><p>area</p>');

    await fs.rm(file);
    expect(await load()).toBeNull();
  });

  it('refuses a file that is not a shell renderer', async () => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'module.exports = { areaOf: () => null };\n');
    await expect(shellRendererLoader(siteRoot)()).rejects.toThrow(/not a shell server renderer/);
  });
});

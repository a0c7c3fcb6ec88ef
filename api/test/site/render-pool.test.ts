import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { createRenderPool, type DeadlineTimer, type RenderPool } from '../../src/site/render-pool';

/**
 * Renderers as another team could ship them. Each reports the worker thread it ran on, so a test
 * sees whether a fresh worker replaced a killed one. `fetchJson('/signal/…')` tells the test where
 * the renderer is (the read comes back to this thread), so nothing waits on the clock.
 */
const RENDERERS = {
  ok: `const { threadId } = require('node:worker_threads');
module.exports = { renderArea: async ({ pathname, search, basename, fetchJson }) => {
  const data = await fetchJson('/api/v1/data' + search);
  return { html: '<p>' + pathname + '|' + basename + '|' + threadId + '</p>', head: '<style></style>', queries: [{ queryKey: ['data'], data, dataUpdatedAt: 1 }] };
} };`,
  loop: `module.exports = { renderArea: async ({ fetchJson }) => { await fetchJson('/signal/looping'); for (;;) {} } };`,
  throws: `module.exports = { renderArea: async () => { throw new Error('the catalog renderer broke'); } };`,
  throwsLater: `module.exports = { renderArea: () => new Promise(() => { setTimeout(() => { throw new Error('thrown from a timer'); }); }) };`,
  hoards: `module.exports = { renderArea: async ({ fetchJson }) => {
  await fetchJson('/signal/hoarding');
  const hoard = [];
  for (;;) hoard.push(new Array(16384).fill(hoard.length));
} };`,
  loopsOnLoad: `for (;;) {}`,
  notRenderer: `module.exports = { render: () => '' };`,
  returnsFunction: `module.exports = { renderArea: async () => ({ html: '', head: '', queries: [], later: () => 1 }) };`,
  returnsWrongShape: `module.exports = { renderArea: async () => ({ html: 42 }) };`,
  returnsNull: `module.exports = { renderArea: async () => null };`,
  floods: `module.exports = { renderArea: async ({ fetchJson }) => { for (;;) await fetchJson('/api/v1/data'); } };`,
  readFails: `module.exports = { renderArea: async ({ fetchJson }) => {
  try { await fetchJson('/api/v1/missing'); } catch (error) { return { html: 'caught: ' + error.message, head: '', queries: [] }; }
} };`,
  personal: `module.exports = { renderArea: async ({ fetchJson, fetchPersonalJson }) => {
  if (!fetchPersonalJson) return { html: 'no personal reads', head: '', queries: [] };
  const mine = await fetchPersonalJson('/api/v1/cart');
  const shared = await fetchJson('/api/v1/data');
  return { html: mine.owner + '|' + shared.answeredOn, head: '', queries: [], takeover: 'on-interaction' };
} };`,
  badTakeover: `module.exports = { renderArea: async () => ({ html: '', head: '', queries: [], takeover: 'whenever' }) };`,
  openEvents: `module.exports = { renderArea: async () => ({ html: '', head: '', queries: [], openEvents: [{ event: 'view_item', params: { n: 1 } }] }) };`,
  badOpenEvents: `module.exports = { renderArea: async () => ({ html: '', head: '', queries: [], openEvents: [{ event: 'view_item' }] }) };`,
  pages: `module.exports = { renderArea: async () => ({ html: '', head: '', queries: [], pages: ['cart-page'] }) };`,
  badPages: `module.exports = { renderArea: async () => ({ html: '', head: '', queries: [], pages: ['../../x.js'] }) };`,
  env: `module.exports = { renderArea: async () => ({ html: JSON.stringify(Object.keys(process.env)), head: '', queries: [] }) };`,
};
type RendererName = keyof typeof RENDERERS;

/** Deadlines that expire only when the test says so: a test about the deadline never races a clock. */
function manualDeadlines() {
  const pending = new Set<() => void>();
  let started = 0;
  let onStart: () => void = () => undefined;
  const timer: DeadlineTimer = {
    start(onExpired) {
      pending.add(onExpired);
      started += 1;
      onStart();
      return () => pending.delete(onExpired);
    },
  };
  return {
    timer,
    /** Resolves once `count` deadlines have been started in all. */
    started: (count: number) =>
      new Promise<void>((resolve) => {
        onStart = () => {
          if (started >= count) resolve();
        };
        onStart();
      }),
    /** Expires every deadline now running. */
    expire() {
      const running = [...pending];
      pending.clear();
      for (const onExpired of running) onExpired();
    },
  };
}

describe('render pool', () => {
  let dir: string;
  let pool: RenderPool;
  const signals: string[] = [];
  let onSignal: (name: string) => void = () => undefined;

  const file = (name: RendererName) => path.join(dir, `${name}.cjs`);

  function request(pathname = '/pricing', search = ''): AreaRenderRequest {
    return {
      pathname,
      search,
      basename: '',
      fetchJson: async (url) => {
        if (url.startsWith('/signal/')) {
          signals.push(url);
          onSignal(url);
          return null;
        }
        if (url.startsWith('/api/v1/data')) return { url, answeredOn: 'main thread' };
        throw new Error(`GET ${url} answered 404`);
      },
    };
  }

  /** Resolves when a renderer reads `/signal/<name>`, i.e. it runs in its worker right now. */
  function signalled(name: string): Promise<void> {
    return new Promise((resolve) => {
      onSignal = (url) => {
        if (url === `/signal/${name}`) resolve();
      };
    });
  }

  const threadOf = async (pathname = '/pricing') =>
    /\|(\d+)<\/p>$/.exec((await pool.render(file('ok'), request(pathname)))?.html ?? '')?.[1];

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-render-pool-'));
    for (const [name, source] of Object.entries(RENDERERS))
      await fs.writeFile(path.join(dir, `${name}.cjs`), source);
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  beforeEach(() => {
    signals.length = 0;
    // Deadlines are generous: under a loaded CPU an honest render must never reach one. The tests
    // about the deadline expire it themselves.
    pool = createRenderPool({ size: 1, deadlineMs: 60_000, maxHeapMb: 64 });
  });
  afterEach(() => pool.close());

  it('renders in a worker thread, with its API reads answered by this thread', async () => {
    const result = await pool.render(file('ok'), request('/pricing', '?plan=b'));
    expect(result?.html).toMatch(/^<p>\/pricing\|\|\d+<\/p>$/);
    expect(result?.html).not.toContain(`|0<`);
    expect(result?.queries).toEqual([
      {
        queryKey: ['data'],
        data: { url: '/api/v1/data?plan=b', answeredOn: 'main thread' },
        dataUpdatedAt: 1,
      },
    ]);
    expect(await pool.render(file('returnsNull'), request())).toBeNull();
  });

  it("proxies fetchPersonalJson to this thread when offered, and keeps the renderer's takeover", async () => {
    const personalReads = jest.fn(async (url: string) => ({ owner: `visitor's ${url}` }));
    const result = await pool.render(file('personal'), {
      ...request(),
      fetchPersonalJson: personalReads,
    });
    expect(result?.html).toBe("visitor's /api/v1/cart|main thread");
    expect(result?.takeover).toBe('on-interaction');
    expect(personalReads).toHaveBeenCalledTimes(1);
    // Not offered: the renderer sees none.
    expect((await pool.render(file('personal'), request()))?.html).toBe('no personal reads');
  });

  it("refuses a takeover other than 'eager' or 'on-interaction'", async () => {
    await expect(pool.render(file('badTakeover'), request())).rejects.toThrow(/takeover/);
  });

  it('keeps the page-open events a renderer returns and refuses malformed ones', async () => {
    expect((await pool.render(file('openEvents'), request()))?.openEvents).toEqual([
      { event: 'view_item', params: { n: 1 } },
    ]);
    await expect(pool.render(file('badOpenEvents'), request())).rejects.toThrow(/openEvents/);
  });

  it('keeps the page chunks a renderer names and refuses anything else', async () => {
    expect((await pool.render(file('pages'), request()))?.pages).toEqual(['cart-page']);
    await expect(pool.render(file('badPages'), request())).rejects.toThrow(/pages/);
  });

  it('keeps its worker between renders', async () => {
    expect(await threadOf('/a')).toBe(await threadOf('/b'));
  });

  it('hands a failed API read to the renderer as an error it can catch', async () => {
    expect((await pool.render(file('readFails'), request()))?.html).toBe(
      'caught: GET /api/v1/missing answered 404',
    );
  });

  it('terminates a renderer that loops forever at its deadline, while this thread keeps running, and replaces its worker', async () => {
    const deadlines = manualDeadlines();
    await pool.close();
    pool = createRenderPool({ size: 1, deadlineMs: 2_000, deadlineTimer: deadlines.timer });
    const before = await threadOf();
    const looping = signalled('looping');
    const outcome = pool.render(file('loop'), request()).then(
      () => 'rendered',
      (error: Error) => error.message,
    );
    await looping;
    // The loop holds its worker, not this thread: timers and I/O here still run.
    let settled = false;
    void outcome.then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    await fs.readdir(dir);
    expect(settled).toBe(false);
    expect(pool.usage()).toEqual({ size: 1, busy: 1, queued: 0, timeouts: 0 });

    deadlines.expire();
    expect(await outcome).toMatch(/ran past its 2000 ms deadline; its worker was terminated/);
    expect(pool.usage()).toEqual({ size: 1, busy: 0, queued: 0, timeouts: 1 });
    const after = await threadOf();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });

  it('terminates a renderer whose module loops while loading', async () => {
    const deadlines = manualDeadlines();
    await pool.close();
    pool = createRenderPool({ size: 1, deadlineTimer: deadlines.timer });
    const outcome = pool.render(file('loopsOnLoad'), request());
    // Started at dispatch, then again when the fresh thread is ready: the worker is loading the file.
    await deadlines.started(2);
    deadlines.expire();
    await expect(outcome).rejects.toThrow(/deadline/);
    expect(await threadOf()).toBeDefined();
  });

  it('fails the render of a renderer that throws, and keeps the worker', async () => {
    const before = await threadOf();
    await expect(pool.render(file('throws'), request())).rejects.toThrow(
      'The renderer failed: the catalog renderer broke',
    );
    expect(await threadOf()).toBe(before);
  });

  it('fails the render of a renderer that throws outside the render (which would end the API process), and replaces its worker', async () => {
    const before = await threadOf();
    await expect(pool.render(file('throwsLater'), request())).rejects.toThrow(
      'thrown from a timer',
    );
    expect(await threadOf()).not.toBe(before);
  });

  it('ends a renderer that exhausts its heap, and replaces its worker', async () => {
    // A long deadline: the heap limit, not the clock, is what ends this one.
    await pool.close();
    pool = createRenderPool({ size: 1, deadlineMs: 60_000, maxHeapMb: 64 });
    const before = await threadOf();
    const hoarding = signalled('hoarding');
    const outcome = pool.render(file('hoards'), request());
    await hoarding;
    await expect(outcome).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    expect(await threadOf()).not.toBe(before);
  });

  it('refuses a file that is not an area renderer, a result it cannot clone, and one of the wrong shape', async () => {
    await expect(pool.render(file('notRenderer'), request())).rejects.toThrow(
      /notRenderer\.cjs is not an area server renderer/,
    );
    await expect(pool.render(file('returnsFunction'), request())).rejects.toThrow(
      /could not be cloned/,
    );
    await expect(pool.render(file('returnsWrongShape'), request())).rejects.toThrow(
      /something other than \{ html, head, queries \}/,
    );
  });

  it('stops a renderer that reads the API without end', async () => {
    await pool.close();
    pool = createRenderPool({ size: 1, deadlineMs: 60_000, maxFetchesPerRender: 5 });
    await expect(pool.render(file('floods'), request())).rejects.toThrow(
      /read the API more than 5 times in one render/,
    );
    expect(await threadOf()).toBeDefined();
  });

  it('queues renders beyond its workers and runs them all', async () => {
    const pages = await Promise.all(
      ['/a', '/b', '/c'].map((pathname) => pool.render(file('ok'), request(pathname))),
    );
    expect(pages.map((page) => page?.html.split('|')[0])).toEqual(['<p>/a', '<p>/b', '<p>/c']);
  });

  it('gives renderers none of the API process environment', async () => {
    process.env.RENDER_POOL_TEST_SECRET = 'secret';
    try {
      const fresh = createRenderPool({ size: 1 });
      try {
        expect(JSON.parse((await fresh.render(file('env'), request()))!.html)).toEqual([
          'NODE_ENV',
        ]);
      } finally {
        await fresh.close();
      }
    } finally {
      delete process.env.RENDER_POOL_TEST_SECRET;
    }
  });

  it('fails queued and running renders on close, and refuses new ones', async () => {
    const looping = signalled('looping');
    const failure = (error: Error) => error.message;
    const running = pool.render(file('loop'), request()).catch(failure);
    const queued = pool.render(file('ok'), request()).catch(failure);
    await looping;
    await pool.close();
    expect(await running).toBe('The render pool is closed.');
    expect(await queued).toBe('The render pool is closed.');
    await expect(pool.render(file('ok'), request())).rejects.toThrow('The render pool is closed.');
  });
});

// A catalog build whose server renderer is slow, loops forever, throws or exhausts its memory,
// deployed with `shop deploy --from` like any release: it costs only its own first view (the page
// starts in the browser) while the API keeps answering. The shell and the catalog are the real
// builds (shell/dist, mf-catalog/dist); only the catalog's ssr/render.cjs is replaced.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { API_PATHS } from '@shop/shared/contract/paths';
import { FIRST_VIEW_STATE_ID, SERVER_RENDER_FILE } from '@shop/shared/ssr/server-render';
import { isApiPath } from '../../src/plugins/infrastructure/error-handler';
import { sitePlugin } from '../../src/site/site-plugin';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { runShopCli } from '../helpers/shop-cli';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const SHELL_DIST = path.join(REPO_ROOT, 'shell', 'dist');
const CATALOG_DIST = path.join(REPO_ROOT, 'mf-catalog', 'dist');
const STATE_SCRIPT = `id="${FIRST_VIEW_STATE_ID}"`;

/** Where a renderer is: it reads this path (its read comes back to the API's thread) as it gets there. */
const SIGNAL = '/test-render-signal';
const signal = (name: string) => `await fetchJson('${SIGNAL}/${name}');`;

const HOSTILE_RENDERERS = {
  // The incident: a render that busy-waits 4 s.
  slow: `module.exports = { renderArea: async ({ fetchJson }) => {
  ${signal('slow-started')}
  const end = Date.now() + 4000;
  while (Date.now() < end) {}
  ${signal('slow-finished')}
  return { html: '<p>slow</p>', head: '', queries: [] };
} };`,
  loop: `module.exports = { renderArea: async ({ fetchJson }) => {
  ${signal('loop-started')}
  for (;;) {}
} };`,
  throws: `module.exports = { renderArea: async ({ fetchJson }) => {
  ${signal('throws-started')}
  throw new Error('the catalog renderer broke');
} };`,
  // Thrown outside the render: in the API's own thread this would end the process.
  throwsLater: `module.exports = { renderArea: async ({ fetchJson }) => {
  ${signal('throwsLater-started')}
  return new Promise(() => { setTimeout(() => { throw new Error('thrown from a timer'); }); });
} };`,
  hoards: `module.exports = { renderArea: async ({ fetchJson }) => {
  ${signal('hoards-started')}
  const hoard = [];
  for (;;) hoard.push(new Array(16384).fill(hoard.length));
} };`,
};
type Hostile = keyof typeof HOSTILE_RENDERERS;

interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string };
  pathname?: string;
}

describe('hostile server renderers deployed with shop deploy', () => {
  let workDir: string;
  let env: NodeJS.ProcessEnv;
  let t: TestApp;
  let plainIndex: string;
  let realVersion: string;
  /** Events in the order they happened: renderer signals, answers, warnings. */
  const events: string[] = [];
  const logs: LogLine[] = [];
  const waiters: (() => void)[] = [];

  /** Resolves once `happened(events)` holds; every new event checks again (no clock involved). */
  function until(happened: () => boolean): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!happened()) return false;
        resolve();
        return true;
      };
      if (!check()) waiters.push(() => void check());
    });
  }

  function record(event: string): void {
    events.push(event);
    for (const waiter of waiters.splice(0)) waiter();
  }

  const untilEvent = (event: string) => until(() => events.includes(event));

  async function shop(...argv: string[]): Promise<string> {
    const run = await runShopCli(argv, { env, cwd: workDir, repoStart: REPO_ROOT });
    if (run.code !== 0) throw new Error(`shop ${argv.join(' ')} exited ${run.code}: ${run.err}`);
    return run.out;
  }

  /** A copy of the real catalog build, with its server renderer replaced when `renderer` is given; deployed. */
  async function deployCatalog(label: string, renderer?: string): Promise<string> {
    const dist = path.join(workDir, `mf-catalog-${label}`);
    await fs.cp(CATALOG_DIST, dist, { recursive: true });
    // Another build than the original: its id comes from its content.
    await fs.rm(path.join(dist, 'build-info.json'), { force: true });
    if (renderer) await fs.writeFile(path.join(dist, SERVER_RENDER_FILE), renderer);
    const out = await shop('deploy', 'mf-catalog', '--from', dist);
    const version = /Deployed mf_catalog (\S+) is live/.exec(out)?.[1];
    if (!version) throw new Error(`No version in: ${out}`);
    return version;
  }

  const get = (url: string, accept = 'application/json') =>
    t.app.inject({ method: 'GET', url, headers: { accept } });

  /** A page as a browser asks for it; records its answer as `<name> answered`. */
  async function page(url: string, name: string): Promise<LightMyRequestResponse> {
    const res = await get(url, 'text/html');
    record(`${name} answered`);
    return res;
  }

  /** The API's own routes, asked while a renderer misbehaves: each records its answer. */
  async function apiAnswers(): Promise<LightMyRequestResponse[]> {
    const answers = await Promise.all([
      get(API_PATHS.healthz).then((res) => (record('healthz answered'), res)),
      get(API_PATHS.catalogOffers).then((res) => (record('offers answered'), res)),
    ]);
    return answers;
  }

  /** Asks until the page carries a first view: a cold render may outlast the wait, and then fills the cache. */
  async function firstViewOf(url: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await get(url, 'text/html');
      expect(res.statusCode).toBe(200);
      if (res.body.includes(STATE_SCRIPT)) return res.body;
    }
    throw new Error(`${url} never got a first view; warnings: ${JSON.stringify(logs)}`);
  }

  /** The warning the composer logs for a failed render of `pathname`. */
  const renderFailure = (pathname: string) =>
    until(() => logs.some((line) => line.pathname === pathname && /render failed/.test(line.msg)));
  const failureOf = (pathname: string) =>
    logs.find((line) => line.pathname === pathname && /render failed/.test(line.msg))?.err?.message;

  function expectPlainPage(res: LightMyRequestResponse): void {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain(STATE_SCRIPT);
    expect(res.body).toBe(plainIndex);
  }

  function expectApiAnswered(answers: LightMyRequestResponse[]): void {
    const [health, offers] = answers;
    expect(health?.statusCode).toBe(200);
    expect(health?.json()).toEqual({ status: 'ok' });
    expect(offers?.statusCode).toBe(200);
    expect((offers?.json() as { offers: unknown[] }).offers.length).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    for (const needed of [
      path.join(SHELL_DIST, SERVER_RENDER_FILE),
      path.join(CATALOG_DIST, SERVER_RENDER_FILE),
    ])
      if (!existsSync(needed))
        throw new Error(
          `${path.relative(REPO_ROOT, needed)} is missing: build the shop first (npx pnpm@12.21.0 run build).`,
        );
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-hostile-renderers-'));
    env = {
      ...process.env,
      DEPLOY_DIR: path.join(workDir, 'deploy'),
      SHOP_ENV: 'hostile',
      SHOP_OPERATOR: 'tester',
      REMOTES_PUBLIC_URL: '',
    };
    plainIndex = await fs.readFile(path.join(SHELL_DIST, 'index.html'), 'utf8');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) {
          logs.push(JSON.parse(text) as LogLine);
          record('warning logged');
        }
        done();
      },
    });
    t = await buildTestApp({
      app: { logger: { level: 'warn', stream: logStream } },
      beforeReady: async (app) => {
        app.get(`${SIGNAL}/:name`, async (request) => {
          record((request.params as { name: string }).name);
          return {};
        });
        await app.register(sitePlugin, {
          siteRoot: SHELL_DIST,
          deployDir: env.DEPLOY_DIR as string,
          environment: 'hostile',
          devOverrideOrigins: [],
          isApiPath,
        });
      },
    });
    realVersion = await deployCatalog('real');
  });

  afterAll(async () => {
    await t?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    events.length = 0;
  });

  it("serves the real catalog's first view, rendered in the pool with its data read in the API", async () => {
    const body = await firstViewOf('/pricing');
    expect(body).toContain('data-first-view-area="catalog"');
    const state = body.slice(body.indexOf(STATE_SCRIPT)).split('>')[1]!.split('</script')[0]!;
    const { queries } = JSON.parse(state) as { queries: { queryKey: unknown[] }[] };
    expect(queries.length).toBeGreaterThan(0);
  });

  it.each<[string, Hostile, RegExp]>([
    ['busy-waits 4 s', 'slow', /ran past its \d+ ms deadline; its worker was terminated/],
    ['loops forever', 'loop', /ran past its \d+ ms deadline; its worker was terminated/],
  ])(
    'a renderer that %s: the page starts in the browser, and the API answers while the render is stuck',
    async (_title, name, reason) => {
      await deployCatalog(name, HOSTILE_RENDERERS[name]);
      const pricing = page('/pricing', 'pricing');
      await untilEvent(`${name}-started`);
      // The renderer is busy in its worker now; the API's thread is free.
      const answers = await apiAnswers();
      expectApiAnswered(answers);
      expect(events).toEqual([`${name}-started`, 'healthz answered', 'offers answered']);

      expectPlainPage(await pricing);
      await renderFailure('/pricing');
      expect(failureOf('/pricing')).toMatch(reason);
      // The slow one never got to finish: its worker was terminated first.
      expect(events).not.toContain('slow-finished');
      expect(events.indexOf('healthz answered')).toBeLessThan(events.indexOf('pricing answered'));
      logs.length = 0;
    },
  );

  it.each<[string, Hostile, RegExp]>([
    ['throws', 'throws', /The renderer failed: the catalog renderer broke/],
    ['throws from a timer', 'throwsLater', /thrown from a timer/],
    ['exhausts its memory', 'hoards', /memory limit/],
  ])(
    'a renderer that %s: the page starts in the browser, and the API keeps answering',
    async (_title, name, reason) => {
      await deployCatalog(name, HOSTILE_RENDERERS[name]);
      const pricing = page('/pricing', 'pricing');
      await untilEvent(`${name}-started`);
      const [answers, res] = await Promise.all([apiAnswers(), pricing]);
      expectApiAnswered(answers);
      expectPlainPage(res);
      await renderFailure('/pricing');
      expect(failureOf('/pricing')).toMatch(reason);
      logs.length = 0;
    },
  );

  it('renders first views again in a fresh worker once the real catalog is live again', async () => {
    await shop('deploy', 'mf-catalog', '--version', realVersion);
    // A query string the cache has not seen: this one is rendered now, after every kill above.
    expect(await firstViewOf('/pricing?after=hostile')).toContain('data-first-view-area="catalog"');
    expect(logs).toEqual([]);
  });
});

// A canary as the site serves it: each visitor's /remotes.json and first view name the version of
// their side, the same on every request; a promote adds visitors to the canary and takes none back;
// the versions a visitor loaded stay served after it.
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { FIRST_VIEW_STATE_ID } from '@shop/shared/ssr/server-render';
import { canarySide } from '../../src/releases/canary';
import { abortCanary, deployCanary, promoteCanary } from '../../src/releases/canary-releases';
import { deployBuild } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { sitePlugin, VISITOR_COOKIE } from '../../src/site/site-plugin';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const checkout = findRemote('mf-checkout') as RemoteDefinition;

const SHELL_RENDERER = `module.exports = {
  areaOf: (pathname) => (pathname === '/checkout' ? { area: 'checkout', basename: '' } : null),
  renderFrame: async ({ areaHtml }) => '<main>' + areaHtml + '</main>',
};
`;
const checkoutRenderer = (label: string) => `module.exports = {
  renderArea: async () => ({ html: '<p>CHECKOUT ${label}</p>', head: '', queries: [] }),
};
`;

/** Builds checkout `label` with a server renderer that says which build drew the page. */
async function buildCheckout(repo: FakeRepo, label: string): Promise<string> {
  const chunk = await writeRemoteBuild(repo.root, checkout, label);
  const dist = path.join(repo.root, checkout.packageName, 'dist');
  await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
  await fs.writeFile(path.join(dist, 'ssr', 'render.cjs'), checkoutRenderer(label));
  return chunk;
}

describe('a canary as the site serves it', () => {
  let repo: FakeRepo;
  let app: FastifyInstance;
  let stable: string;
  let stableChunk: string;

  beforeEach(async () => {
    repo = await createFakeRepo('canary');
    await fs.mkdir(path.join(repo.siteRoot, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(repo.siteRoot, 'ssr', 'render.cjs'), SHELL_RENDERER);
    stableChunk = await buildCheckout(repo, 'v1');
    stable = (await deployBuild(repo.releases, checkout)).to;
    await buildCheckout(repo, 'v2');
    app = Fastify();
    await app.register(sitePlugin, {
      siteRoot: repo.siteRoot,
      deployDir: repo.deployDir,
      environment: 'canary',
      devOverrideOrigins: [],
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await repo.remove();
  });

  const registryAs = (cookie?: string) =>
    app.inject({ url: '/remotes.json', headers: cookie ? { cookie } : {} });
  const visitor = (n: number) =>
    `${VISITOR_COOKIE}=visitor-0000-0000-${String(n).padStart(4, '0')}`;
  const idOf = (cookie: string) => cookie.split('=')[1] as string;

  /** Asks until the page carries a first view: a cold render worker may outlast the wait. */
  async function firstView(cookie: string): Promise<LightMyRequestResponse> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await app.inject({ url: '/checkout', headers: { accept: 'text/html', cookie } });
      expect(res.statusCode).toBe(200);
      if (res.body.includes(`id="${FIRST_VIEW_STATE_ID}"`)) return res;
    }
    throw new Error('/checkout never got a first view');
  }

  it('sets no visitor cookie and serves one shared registry while no canary runs', async () => {
    const res = await registryAs();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().remotes.mf_checkout.version).toBe(stable);
  });

  it("gives each visitor their side's version, every time, and never lists the canary", async () => {
    const canary = (await deployCanary(repo.releases, checkout, { share: 50 })).version;
    const first = await registryAs();
    const set = first.cookies.find((cookie) => cookie.name === VISITOR_COOKIE);
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);
    expect(first.json()).not.toHaveProperty('canaries');

    const seen = new Set<string>();
    for (let n = 0; n < 40; n += 1) {
      const cookie = visitor(n);
      const expected =
        canarySide(idOf(cookie), `mf_checkout@${canary}`, 50) === 'canary' ? canary : stable;
      for (let again = 0; again < 2; again += 1) {
        const res = await registryAs(cookie);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.json().remotes.mf_checkout.version).toBe(expected);
      }
      seen.add(expected);
    }
    expect(seen).toEqual(new Set([stable, canary]));
  });

  it("draws the first view with the visitor's side's renderer, as the live page will load", async () => {
    const canary = (await deployCanary(repo.releases, checkout, { share: 50 })).version;
    const key = `mf_checkout@${canary}`;
    const ids = Array.from({ length: 40 }, (_, n) => visitor(n));
    const onCanary = ids.find((cookie) => canarySide(idOf(cookie), key, 50) === 'canary');
    const onStable = ids.find((cookie) => canarySide(idOf(cookie), key, 50) === 'stable');
    expect((await firstView(onCanary as string)).body).toContain('CHECKOUT v2');
    expect((await firstView(onStable as string)).body).toContain('CHECKOUT v1');
    // Shared pages are kept per version: the stable visitor's page did not replace the canary's.
    expect((await firstView(onCanary as string)).body).toContain('CHECKOUT v2');
  });

  it('keeps canary visitors on the canary as the share steps up, and everyone on stable after an abort', async () => {
    const canary = (await deployCanary(repo.releases, checkout, { share: 5 })).version;
    const ids = Array.from({ length: 200 }, (_, n) => visitor(n));
    const versions = async () =>
      Promise.all(ids.map(async (c) => (await registryAs(c)).json().remotes.mf_checkout.version));
    let before = await versions();
    for (const step of [25, 50]) {
      await promoteCanary(repo.releases, checkout, step);
      const after = await versions();
      before.forEach((version, index) => {
        if (version === canary) expect(after[index]).toBe(canary);
      });
      expect(after.filter((v) => v === canary).length).toBeGreaterThan(
        before.filter((v) => v === canary).length,
      );
      before = after;
    }
    await abortCanary(repo.releases, checkout);
    expect(new Set(await versions())).toEqual(new Set([stable]));
  });

  it("still serves the stable version's files after the canary is promoted to everyone", async () => {
    const canary = (await deployCanary(repo.releases, checkout, { share: 25 })).version;
    await promoteCanary(repo.releases, checkout, 100);
    expect((await registryAs(visitor(1))).json().remotes.mf_checkout.version).toBe(canary);
    const old = await app.inject({
      url: `/remotes/mf_checkout/${encodeURIComponent(stable)}/${stableChunk}`,
    });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

// A partner storefront's cart drawn as its visitor: the storefront's frame is the same for everyone,
// the checkout area nested in its slot reads the visitor's cart at the partner's prices. The real
// API on a real database, the site plugin composing the page: each visitor gets their own lines,
// a stranger's cookie gets nobody's, and the page is sent private and no-store, never shared.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { API_PATHS } from '@shop/shared/contract/paths';
import { FIRST_VIEW_STATE_ID, parseFirstViewState } from '@shop/shared/ssr/server-render';
import { deployBuild } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { isApiPath } from '../../src/plugins/infrastructure/error-handler';
import { sitePlugin } from '../../src/site/site-plugin';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const storefront = findRemote('mf-storefront') as RemoteDefinition;
const checkout = findRemote('mf-checkout') as RemoteDefinition;
/** Acme's own price for the complete panel, which only its business checkout can price. */
const ACME_KIT = 'acme_kit_one_time';
const ANNUAL = 'bloodwise_annual';
const BASENAME = '/shop/acme-wellness';

const SHELL_RENDERER = `module.exports = {
  areaOf: (pathname) =>
    pathname.startsWith('${BASENAME}/')
      ? { area: 'storefront', basename: '${BASENAME}', b2bKey: 'acme-wellness' }
      : null,
  renderFrame: async ({ areaHtml, fetchPersonalJson }) => {
    if (!fetchPersonalJson) return '<main>' + areaHtml + '</main>';
    const priced = await fetchPersonalJson('${API_PATHS.cartPriced}?businessKey=acme-wellness');
    const count = priced.cart.items.reduce((sum, item) => sum + item.quantity, 0);
    return {
      html: '<header>ACME BADGE ' + count + '</header><main>' + areaHtml + '</main>',
      frame: 'visitor',
      queries: [],
      partnerHead: '',
    };
  },
};
`;

/** The storefront's frame reads nothing personal; the cart is the checkout area's, in a slot. */
const STOREFRONT_RENDERER = `module.exports = {
  renderArea: async ({ fetchJson }) => {
    const partner = await fetchJson('/api/v1/customization/acme-wellness?excludeProducts=true');
    return {
      html: '<h1>Your cart</h1><p>Sold by ' + partner.businessName + '.</p><div data-first-view-slot="0"></div>',
      head: '',
      queries: [],
      slots: [{ id: '0', area: 'checkout', areaProps: { partnerCheckout: { businessKey: 'acme-wellness', offers: [{ lookupKey: '${ACME_KIT}' }] } } }],
      takeover: 'on-interaction',
    };
  },
};
`;

/** The nested cart: the visitor's lines the partner sells, priced as its business checkout. */
const CHECKOUT_RENDERER = `module.exports = {
  renderArea: async ({ basename, areaProps, fetchPersonalJson }) => {
    if (basename !== '${BASENAME}' || !areaProps.partnerCheckout) return null;
    const { businessKey, offers } = areaProps.partnerCheckout;
    const query = new URLSearchParams({ businessKey, lookupKeys: offers.map((offer) => offer.lookupKey).join(',') });
    const priced = await fetchPersonalJson('${API_PATHS.cartPriced}?' + query);
    const lines = priced.quote ? priced.quote.lines.map((line) => line.title + ' x' + line.quantity).join(', ') : 'empty';
    return {
      html: '<p>LINES ' + lines + ' TOTAL ' + (priced.quote ? priced.quote.total : 0) + '</p>',
      head: '',
      queries: [{ queryKey: ['cart', 'priced'], data: priced, dataUpdatedAt: 1 }],
      takeover: 'on-interaction',
    };
  },
};
`;

const STATE = `id="${FIRST_VIEW_STATE_ID}"`;

describe("a partner's cart drawn as its visitor", () => {
  let repo: FakeRepo;
  let t: TestApp;
  let plainIndex: string;

  async function deployRenderer(remote: RemoteDefinition, source: string) {
    await writeRemoteBuild(repo.root, remote, 'v1');
    const dist = path.join(repo.root, remote.packageName, 'dist');
    await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(dist, 'ssr', 'render.cjs'), source);
    await deployBuild(repo.releases, remote);
  }

  beforeAll(async () => {
    repo = await createFakeRepo('partner-personal');
    await fs.mkdir(path.join(repo.siteRoot, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(repo.siteRoot, 'ssr', 'render.cjs'), SHELL_RENDERER);
    await deployRenderer(storefront, STOREFRONT_RENDERER);
    await deployRenderer(checkout, CHECKOUT_RENDERER);
    plainIndex = await fs.readFile(path.join(repo.siteRoot, 'index.html'), 'utf8');
    t = await buildTestApp({
      beforeReady: async (app) => {
        await app.register(sitePlugin, {
          siteRoot: repo.siteRoot,
          deployDir: repo.deployDir,
          environment: 'partner-personal',
          devOverrideOrigins: [],
          isApiPath,
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await repo.remove();
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    });

  async function visitorWith(items: { lookupKey: string; quantity: number }[]): Promise<string> {
    const saved = await t.inject({
      method: 'PUT',
      url: API_PATHS.cart,
      payload: { sessionId: randomUUID(), items },
    });
    const cookie = saved.cookies.find((candidate) => candidate.name === 'bw_cart_session');
    if (!cookie) throw new Error(`no cart cookie (${saved.statusCode} ${saved.body})`);
    return `bw_cart_session=${cookie.value}`;
  }

  /** Asks until the page carries a first view: a cold worker may outlast the 1.5 s wait. */
  async function firstView(url: string, cookie?: string): Promise<LightMyRequestResponse> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await page(url, cookie);
      expect(res.statusCode).toBe(200);
      if (res.body.includes(STATE)) return res;
    }
    throw new Error(`${url} never got a first view`);
  }

  const stateOf = (res: LightMyRequestResponse) =>
    parseFirstViewState(
      /<script type="application\/json" id="shop-first-view">([^<]*)<\/script>/.exec(res.body)?.[1],
    );

  it("draws each visitor's own partner lines in the partner's frame, private and no-store, never another's", async () => {
    const url = `${BASENAME}/shopping-cart`;
    const alice = await visitorWith([
      { lookupKey: ACME_KIT, quantity: 2 },
      { lookupKey: ANNUAL, quantity: 1 },
    ]);
    const bob = await visitorWith([{ lookupKey: ACME_KIT, quantity: 1 }]);

    const first = await firstView(url, alice);
    // Acme's own title and price ($129 × 2), the shop's annual plan left out; the badge counts all.
    expect(first.body).toMatch(/<p>LINES Acme Complete Panel x2 TOTAL \d+<\/p>/);
    expect(first.body).toContain('<header>ACME BADGE 3</header>');
    expect(first.body).toContain('Sold by Acme Wellness.');
    expect(first.headers['cache-control']).toBe('private, no-store');
    const state = stateOf(first);
    expect(state?.takeover).toBe('on-interaction');
    expect(state?.frame).toBe('visitor');
    expect(state?.b2bKey).toBe('acme-wellness');

    const second = await firstView(url, bob);
    expect(second.body).toContain('<p>LINES Acme Complete Panel x1');
    expect(second.body).toContain('<header>ACME BADGE 1</header>');
    expect(second.headers['cache-control']).toBe('private, no-store');
    expect(JSON.stringify(stateOf(second)?.queries)).not.toContain(ANNUAL);

    // At once, many times over: each answer is its asker's.
    const visitors = [alice, bob, alice, bob];
    const answers = await Promise.all(visitors.map((cookie) => page(url, cookie)));
    answers.forEach((res, index) => {
      expect(res.statusCode).toBe(200);
      if (!res.body.includes(STATE)) {
        // Over the render limit or the wait: the plain shell, which is nobody's.
        expect(res.body).toBe(plainIndex);
        return;
      }
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain(index % 2 === 0 ? 'ACME BADGE 3' : 'ACME BADGE 1');
    });

    // No cookie, or a stranger's unknown cart cookie: an empty cart, never someone else's.
    for (const cookie of [undefined, `bw_cart_session=${randomUUID()}`]) {
      const stranger = await firstView(url, cookie);
      expect(stranger.body).toContain('<p>LINES empty TOTAL 0</p>');
      expect(stranger.body).toContain('<header>ACME BADGE 0</header>');
      expect(stranger.headers['cache-control']).toBe('private, no-store');
    }
  });
});

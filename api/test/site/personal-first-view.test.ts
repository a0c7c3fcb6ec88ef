// A first view rendered as its visitor (fetchPersonalJson): the real API on a real database, the
// site plugin composing the page. Two visitors with different carts each get their own page, as
// often and as concurrently as they ask; nothing personal is kept or sent with shared caching.
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
import { signUpAndConfirm } from '../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../helpers/build-test-app';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const checkout = findRemote('mf-checkout') as RemoteDefinition;
const account = findRemote('mf-account') as RemoteDefinition;
const KIT = 'bloodwise_kit_one_time';
const ANNUAL = 'bloodwise_annual';

/** Offered the visitor's reads (a page drawn as its visitor), the frame is drawn as them too. */
const SHELL_RENDERER = `module.exports = {
  areaOf: (pathname) =>
    pathname === '/account'
      ? { area: 'account', basename: '' }
      : pathname === '/shopping-cart' || pathname === '/checkout'
        ? { area: 'checkout', basename: '' }
        : null,
  renderFrame: async ({ areaHtml, fetchPersonalJson }) => {
    if (!fetchPersonalJson) return '<main>' + areaHtml + '</main>';
    const priced = await fetchPersonalJson('${API_PATHS.cartPriced}');
    const count = priced.cart.items.reduce((sum, item) => sum + item.quantity, 0);
    return {
      html: '<header>BADGE ' + count + '</header><main>' + areaHtml + '</main>',
      frame: 'visitor',
      queries: [{ queryKey: ['cart', 'badge'], data: count, dataUpdatedAt: 2 }],
    };
  },
};
`;

/**
 * The cart page reads the visitor's cart; ?read= names another path to read as the visitor (the
 * refusals below). /checkout reads nothing personal and is shared as before.
 */
const CHECKOUT_RENDERER = `module.exports = {
  renderArea: async ({ pathname, search, fetchJson, fetchPersonalJson }) => {
    if (pathname === '/checkout') {
      const offers = await fetchJson('${API_PATHS.catalogOffers}');
      return { html: '<p>PUBLIC ' + offers.offers.length + ' ' + Math.random() + '</p>', head: '', queries: [] };
    }
    const wanted = new URLSearchParams(search).get('read') || '${API_PATHS.cartPriced}';
    const priced = await fetchPersonalJson(wanted);
    const keys = priced.cart.items.map((item) => item.lookupKey + 'x' + item.quantity).join(',') || 'empty';
    return {
      html: '<p>CART ' + keys + '</p>',
      head: '',
      queries: [{ queryKey: ['cart', 'priced'], data: priced, dataUpdatedAt: 1 }],
      takeover: 'on-interaction',
    };
  },
};
`;

/**
 * The account page's reads, as the visitor: their cards, address and e-mail, memberships (and
 * which have a kit scheduled) and lab reports. Signed out (the API's 401), no first view.
 */
const ACCOUNT_RENDERER = `module.exports = {
  renderArea: async ({ fetchPersonalJson }) => {
    let answers;
    try {
      answers = await Promise.all([
        fetchPersonalJson('${API_PATHS.paymentMethods}'),
        fetchPersonalJson('${API_PATHS.accountSubscriptions}'),
        fetchPersonalJson('${API_PATHS.resultUploads}'),
        fetchPersonalJson('${API_PATHS.kitsHasScheduled}?ids=bloodwise_monthly,bloodwise_annual'),
      ]);
    } catch (error) {
      if (/answered 401/.test(error.message)) return null;
      throw error;
    }
    const [methods, subscriptions, uploads, scheduled] = answers;
    return {
      html: '<p>ACCOUNT ' + methods.email + ' SUBS ' + subscriptions.subscriptions.length +
        ' UPLOADS ' + uploads.uploads.length + ' SCHEDULED ' + Object.keys(scheduled.hasScheduled).length + '</p>',
      head: '',
      queries: [],
      takeover: 'on-interaction',
    };
  },
};
`;

const STATE = `id="${FIRST_VIEW_STATE_ID}"`;

describe('a first view rendered as its visitor', () => {
  let repo: FakeRepo;
  let t: TestApp;
  let plainIndex: string;

  beforeAll(async () => {
    repo = await createFakeRepo('personal');
    await fs.mkdir(path.join(repo.siteRoot, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(repo.siteRoot, 'ssr', 'render.cjs'), SHELL_RENDERER);
    await writeRemoteBuild(repo.root, checkout, 'v1');
    const dist = path.join(repo.root, checkout.packageName, 'dist');
    await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(dist, 'ssr', 'render.cjs'), CHECKOUT_RENDERER);
    await deployBuild(repo.releases, checkout);
    await writeRemoteBuild(repo.root, account, 'v1');
    const accountDist = path.join(repo.root, account.packageName, 'dist');
    await fs.mkdir(path.join(accountDist, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(accountDist, 'ssr', 'render.cjs'), ACCOUNT_RENDERER);
    await deployBuild(repo.releases, account);
    plainIndex = await fs.readFile(path.join(repo.siteRoot, 'index.html'), 'utf8');
    t = await buildTestApp({
      beforeReady: async (app) => {
        await app.register(sitePlugin, {
          siteRoot: repo.siteRoot,
          deployDir: repo.deployDir,
          environment: 'personal',
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

  /** A visitor with a cart of `items` (the cart cookie the cart route sets), and `more` cookies. */
  async function visitorWith(
    items: { lookupKey: string; quantity: number }[],
    more = '',
  ): Promise<string> {
    const saved = await t.inject({
      method: 'PUT',
      url: API_PATHS.cart,
      payload: { sessionId: randomUUID(), items },
    });
    const cookie = saved.cookies.find((candidate) => candidate.name === 'bw_cart_session');
    if (!cookie) throw new Error(`no cart cookie (${saved.statusCode} ${saved.body})`);
    return `bw_cart_session=${cookie.value}${more ? `; ${more}` : ''}`;
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

  it("draws a personal page's frame as its visitor too, and a shared page's frame for anyone", async () => {
    const alice = await visitorWith([{ lookupKey: KIT, quantity: 2 }]);
    const cart = await firstView('/shopping-cart', alice);
    expect(cart.body).toContain('<header>BADGE 2</header>');
    expect(stateOf(cart)?.frame).toBe('visitor');
    expect(stateOf(cart)?.queries).toContainEqual({
      queryKey: ['cart', 'badge'],
      data: 2,
      dataUpdatedAt: 2,
    });

    const shared = await firstView('/checkout', alice);
    expect(shared.body).not.toContain('BADGE');
    expect(stateOf(shared)?.frame).toBe('anonymous');
  });

  it("draws each visitor's own cart, sends it private and no-store, and never hands it to another visitor", async () => {
    const alice = await visitorWith([{ lookupKey: KIT, quantity: 2 }]);
    const bob = await visitorWith([{ lookupKey: ANNUAL, quantity: 1 }]);

    const first = await firstView('/shopping-cart', alice);
    expect(first.body).toContain(`<p>CART ${KIT}x2</p>`);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(stateOf(first)?.takeover).toBe('on-interaction');

    // One after the other, the same URL: Bob gets his cart, not Alice's page from a cache.
    const second = await firstView('/shopping-cart', bob);
    expect(second.body).toContain(`<p>CART ${ANNUAL}x1</p>`);
    expect(second.body).not.toContain(KIT);
    expect(JSON.stringify(stateOf(second)?.queries)).not.toContain(KIT);
    expect(second.headers['cache-control']).toBe('private, no-store');

    // At once, many times over: each answer is its asker's.
    const visitors = [alice, bob, alice, bob, alice, bob];
    const answers = await Promise.all(visitors.map((cookie) => page('/shopping-cart', cookie)));
    answers.forEach((res, index) => {
      expect(res.statusCode).toBe(200);
      if (!res.body.includes(STATE)) {
        // Over the render limit or the wait: the plain shell, which is nobody's.
        expect(res.body).toBe(plainIndex);
        return;
      }
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body).toContain(index % 2 === 0 ? `CART ${KIT}x2` : `CART ${ANNUAL}x1`);
    });

    // A visitor without cookies gets an empty cart, never someone else's.
    const nobody = await firstView('/shopping-cart');
    expect(nobody.body).toContain('<p>CART empty</p>');
  });

  it("reads a signed-in visitor's cart through their session cookie", async () => {
    const signup = await signUpAndConfirm(t, {
      email: 'first-view-cart@example.com',
      name: 'First View',
      password: 'a-good-password-1',
    });
    const session = sessionCookieFrom(signup);
    await t.inject({
      method: 'PUT',
      url: API_PATHS.cart,
      payload: { sessionId: randomUUID(), items: [{ lookupKey: KIT, quantity: 3 }] },
      headers: { cookie: session },
    });
    const res = await firstView('/shopping-cart', session);
    expect(res.body).toContain(`<p>CART ${KIT}x3</p>`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("draws a signed-in customer's account from their reads alone; a stranger's cookie gets the plain page", async () => {
    const email = 'first-view-account@example.com';
    const signup = await signUpAndConfirm(t, {
      email,
      name: 'Account View',
      password: 'a-good-password-2',
    });
    const session = sessionCookieFrom(signup);
    const res = await firstView('/account', session);
    expect(res.body).toContain(`<p>ACCOUNT ${email} SUBS 0 UPLOADS 0 SCHEDULED 2</p>`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(stateOf(res)?.takeover).toBe('on-interaction');
    expect(stateOf(res)?.frame).toBe('visitor');

    for (const cookie of [undefined, 'bw_session=not-a-session', await visitorWith([])]) {
      const other = await page('/account', cookie);
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(plainIndex);
      expect(other.body).not.toContain(email);
    }
  });

  it('keeps sharing a page that reads nothing personal (no-cache, one render for everyone)', async () => {
    const alice = await firstView(
      '/checkout',
      await visitorWith([{ lookupKey: KIT, quantity: 1 }]),
    );
    const bob = await firstView('/checkout');
    expect(alice.headers['cache-control']).toBe('no-cache');
    // The renderer draws a random number: the same page means the same render.
    expect(bob.body).toBe(alice.body);
  });

  it.each([
    ['a site page', '/login'],
    ['another origin', 'https://example.com/api/v1/cart/priced'],
    ['a protocol-relative URL', '//example.com/api/v1/cart/priced'],
    ['a dot segment out of the API', '/api/v1/../../ssr/render.cjs'],
    ['an escaped dot segment', '/api/v1/%2e%2e/%2e%2e/login'],
    ['a backslash', '/api/v1\\..\\login'],
  ])(
    'gives no first view, and no 5xx, when the renderer reads %s as the visitor',
    async (_what, target) => {
      const alice = await visitorWith([{ lookupKey: KIT, quantity: 1 }]);
      const res = await page(`/shopping-cart?read=${encodeURIComponent(target)}`, alice);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(plainIndex);
    },
  );
});

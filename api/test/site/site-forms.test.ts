// Plain form posts (pages that work without JavaScript): the real API on a real database, the site
// plugin answering a form posted to a page with the call its area's handleForm names, then 303
// (Post/Redirect/Get). A refusal comes back as a flash the next page's render draws once; hostile
// posts get a 4xx in the API's error shape, and a redirect only ever goes to a path of this origin.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { API_PATHS } from '@shop/shared/contract/paths';
import { FORM_FLASH_COOKIE } from '@shop/shared/ssr/server-form';
import { deployBuild } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { isApiPath } from '../../src/plugins/infrastructure/error-handler';
import { sitePlugin } from '../../src/site/site-plugin';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const checkout = findRemote('mf-checkout') as RemoteDefinition;
const KIT = 'bloodwise_kit_one_time';

const SHELL_RENDERER = `module.exports = {
  areaOf: (pathname) =>
    pathname === '/shopping-cart' || pathname.startsWith('/shopping-cart/')
      ? { area: 'checkout', basename: '' }
      : null,
  renderFrame: async ({ areaHtml }) => '<main>' + areaHtml + '</main>',
};
`;

/**
 * The cart page draws the visitor's lines and a flash it is given. Its forms: 'line' sets a line
 * (as the checkout's real handler does); the '/shopping-cart/hostile' page's forms return the plans
 * a broken or hostile bundle could.
 */
const CHECKOUT_RENDERER = `module.exports = {
  renderArea: async ({ fetchPersonalJson, formFlash }) => {
    const priced = await fetchPersonalJson('${API_PATHS.cartPriced}');
    const keys = priced.cart.items.map((item) => item.lookupKey + 'x' + item.quantity).join(',') || 'empty';
    const flash = formFlash ? ' FLASH ' + formFlash.form + ': ' + formFlash.message +
      ' VALUES ' + JSON.stringify(formFlash.values || {}) : '';
    return { html: '<p>CART ' + keys + flash + '</p>', head: '', queries: [] };
  },
  handleForm: ({ pathname, fields }) => {
    const line = {
      form: 'line',
      call: { method: 'POST', path: '${API_PATHS.cartLine}',
        body: { lookupKey: fields.lookupKey, mode: 'set', quantity: /^\\d+$/.test(fields.quantity) ? Number(fields.quantity) : fields.quantity } },
      done: '/shopping-cart',
      back: '/shopping-cart',
      keep: { note: fields.note || '' },
    };
    if (pathname === '/shopping-cart') return fields._form === 'line' ? line : null;
    switch (fields._form) {
      case 'offsite': return { ...line, done: '//evil.example/x' };
      case 'backslash': return { ...line, back: '/\\\\evil.example' };
      case 'not-api': return { ...line, call: { ...line.call, path: '/remotes.json' } };
      case 'dot-segments': return { ...line, call: { ...line.call, path: '/api/v1/../../remotes.json' } };
      case 'throws': throw new Error('secret detail');
      default: return { nonsense: true };
    }
  },
};
`;

describe('plain form posts on the server pages', () => {
  let repo: FakeRepo;
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    repo = await createFakeRepo('forms');
    await fs.mkdir(path.join(repo.siteRoot, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(repo.siteRoot, 'ssr', 'render.cjs'), SHELL_RENDERER);
    await writeRemoteBuild(repo.root, checkout, 'v1');
    const dist = path.join(repo.root, checkout.packageName, 'dist');
    await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
    await fs.writeFile(path.join(dist, 'ssr', 'render.cjs'), CHECKOUT_RENDERER);
    await deployBuild(repo.releases, checkout);
    t = await buildTestApp({
      beforeReady: async (app) => {
        await app.register(sitePlugin, {
          siteRoot: repo.siteRoot,
          deployDir: repo.deployDir,
          environment: 'forms',
          devOverrideOrigins: [],
          isApiPath,
        });
      },
    });
    origin = t.config.allowedOrigins[0] as string;
  });
  afterAll(async () => {
    await t.close();
    await repo.remove();
  });

  const post = (
    url: string,
    form: Record<string, string>,
    { cookie, from = origin }: { cookie?: string; from?: string | null } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        ...(from ? { origin: from } : {}),
        ...(cookie ? { cookie } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });

  const cookieOf = (res: LightMyRequestResponse, name: string) =>
    res.cookies.find((candidate) => candidate.name === name);

  /** The cart page as the visitor sees it; a cold worker may outlast the 1.5 s wait, so asked again. */
  async function cartPage(cookie: string): Promise<LightMyRequestResponse> {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/shopping-cart',
        headers: { accept: 'text/html', cookie },
      });
      if (res.body.includes('<p>CART')) return res;
    }
    throw new Error('the cart page never got a first view');
  }

  const errorCode = (res: LightMyRequestResponse) =>
    (res.json() as { error: { code: string } }).error.code;

  it('sets a line through the API as the visitor, answers 303 to the cart, and the cart cookie names the new cart', async () => {
    const res = await post('/shopping-cart', { _form: 'line', lookupKey: KIT, quantity: '2' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shopping-cart');
    const cart = cookieOf(res, 'bw_cart_session');
    expect(cart?.httpOnly).toBe(true);
    expect(cart?.sameSite).toBe('Lax');
    const cookie = `bw_cart_session=${cart?.value}`;
    expect((await cartPage(cookie)).body).toContain(`<p>CART ${KIT}x2</p>`);

    const removed = await post(
      '/shopping-cart',
      { _form: 'line', lookupKey: KIT, quantity: '0' },
      { cookie },
    );
    expect(removed.statusCode).toBe(303);
    expect((await cartPage(cookie)).body).toContain('<p>CART empty</p>');
  });

  it("draws the API's refusal on the page once, with the values kept, then never again", async () => {
    const first = await post('/shopping-cart', { _form: 'line', lookupKey: KIT, quantity: '1' });
    const cookie = `bw_cart_session=${cookieOf(first, 'bw_cart_session')?.value}`;
    const refused = await post(
      '/shopping-cart',
      { _form: 'line', lookupKey: KIT, quantity: '99', note: 'kept <b>' },
      { cookie },
    );
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/shopping-cart');
    const flash = cookieOf(refused, FORM_FLASH_COOKIE);
    expect(flash?.httpOnly).toBe(true);
    expect(flash?.maxAge).toBeLessThanOrEqual(60);

    const page = await cartPage(`${cookie}; ${FORM_FLASH_COOKIE}=${flash?.value}`);
    expect(page.body).toMatch(
      new RegExp(`CART ${KIT}x1 FLASH line: .+ VALUES \\{"note":"kept <b>"\\}`),
    );
    expect(page.headers['cache-control']).toBe('private, no-store');
    // Cleared by the page it was drawn on.
    expect(cookieOf(page, FORM_FLASH_COOKIE)?.value).toBe('');
    expect((await cartPage(cookie)).body).not.toContain('FLASH');
  });

  it('refuses a post from another origin, or from no origin, in the error shape (CSRF)', async () => {
    for (const from of ['https://evil.example', null]) {
      const res = await post(
        '/shopping-cart',
        { _form: 'line', lookupKey: KIT, quantity: '1' },
        { from },
      );
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe('CSRF_ORIGIN_REJECTED');
      expect(cookieOf(res, 'bw_cart_session')).toBeUndefined();
    }
  });

  it('answers hostile and unknown posts with a 4xx in the error shape, never a 5xx', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/shopping-cart',
      headers: { 'content-type': 'application/json', origin },
      payload: '{"_form":"line"}',
    });
    expect(json.statusCode).toBe(415);
    expect(errorCode(json)).toBe('UNSUPPORTED_MEDIA_TYPE');

    const unknownForm = await post('/shopping-cart', { _form: 'nope' });
    expect(unknownForm.statusCode).toBe(400);
    expect(errorCode(unknownForm)).toBe('BAD_REQUEST');

    const noArea = await post('/no-such-page', { _form: 'line' });
    expect(noArea.statusCode).toBe(404);
    expect(errorCode(noArea)).toBe('NOT_FOUND');

    const apiPath = await post('/api/v1/no-such-route', { _form: 'line' });
    expect(apiPath.statusCode).toBe(404);
    expect(errorCode(apiPath)).toBe('NOT_FOUND');

    const huge = await post('/shopping-cart', { _form: 'line', note: 'x'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    expect(errorCode(huge)).toBe('PAYLOAD_TOO_LARGE');

    const many = await post(
      '/shopping-cart',
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, 'x'])),
    );
    expect(many.statusCode).toBe(400);

    const badLookup = await post('/shopping-cart', {
      _form: 'line',
      lookupKey: 'not_sold',
      quantity: '1',
    });
    expect(badLookup.statusCode).toBe(303);
    expect(cookieOf(badLookup, FORM_FLASH_COOKIE)).toBeDefined();
  });

  it("never follows a bundle's plan off this origin or outside the API's own paths", async () => {
    for (const form of ['offsite', 'backslash', 'not-api', 'dot-segments', 'throws', 'nonsense']) {
      const res = await post('/shopping-cart/hostile', {
        _form: form,
        lookupKey: KIT,
        quantity: '1',
      });
      expect(res.statusCode).toBe(503);
      expect(errorCode(res)).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain('secret detail');
    }
  });

  it('keeps a tampered flash cookie out of the page', async () => {
    const first = await post('/shopping-cart', { _form: 'line', lookupKey: KIT, quantity: '1' });
    const cookie = `bw_cart_session=${cookieOf(first, 'bw_cart_session')?.value}`;
    for (const value of [
      'not-base64!',
      Buffer.from('{"form":1}').toString('base64url'),
      'x'.repeat(5000),
    ]) {
      const page = await cartPage(`${cookie}; ${FORM_FLASH_COOKIE}=${value}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('FLASH');
    }
  });
});

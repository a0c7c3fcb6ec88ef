// What the benches put in a fresh browser before they measure a page: a client session id and, for
// the cart and checkout pages, one kit in that cart (two for a tap that takes one away; on a
// partner's pages the partner's first product, which its cart sells); for the thank-you page, an
// order just placed.
// The page itself makes the calls, so the cart and buyer cookies the server sets are the browser's,
// as they are a shopper's, and the server's first view of those pages (which reads them) shows the
// cart or the order. The results page is measured signed in as a customer with five years of
// quarterly reports of 60 biomarkers, uploaded through the API once per browser profile.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { SESSION_ID_KEY, VISITOR_FRAME_KEY } from '../../shared/src/client-state/client-storage';
import { API_PATHS, buildPath } from '../../shared/src/contract/paths';
import { BIOMARKERS } from '../../shared/src/results/biomarkers';

const CART_ITEM = { lookupKey: 'bloodwise_kit_one_time', quantity: 1 };
const THANK_YOU_PATH = '/checkout/thank-you';
/** The order a thank-you page shows: one kit, paid with a token for the test provider's card that succeeds (fetched in the page, as the provider's element would). */
const ORDER = {
  email: 'lighthouse@example.com',
  name: 'Light House',
  items: [CART_ITEM],
  shippingAddress: {
    name: 'Light House',
    line1: '10 Elm St',
    line2: null,
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
};

export type Preparation = 'none' | 'cart' | 'two-kits' | 'order' | 'results';

const RESULTS_PAGE_PATH = '/account/results';
/** Pages measured signed in: as the customer the results page is measured with. */
const SIGNED_IN_PATHS = new Set([RESULTS_PAGE_PATH, '/account']);
const RESULT_REPORTS = 20;
const RESULT_BIOMARKERS = 60;

/**
 * One FHIR Bundle per quarter, oldest first, each with a value of every biomarker: the catalogue's
 * (by LOINC, in their unit) and analytes outside it (by name) to make up 60, some out of range.
 */
export function quarterlyResultReports(
  reports = RESULT_REPORTS,
  biomarkers = RESULT_BIOMARKERS,
): string[] {
  const known = BIOMARKERS.filter((biomarker) => biomarker.unit !== null).slice(0, biomarkers);
  const analytes = [
    ...known.map((biomarker) => ({
      code: { coding: [{ system: 'http://loinc.org', code: biomarker.loinc[0] }] },
      unit: biomarker.unit!,
    })),
    ...Array.from({ length: biomarkers - known.length }, (_, index) => ({
      code: { text: `Research marker ${index + 1}` },
      unit: 'mg/L',
    })),
  ];
  const firstYear = new Date().getUTCFullYear() - Math.ceil(reports / 4);
  return Array.from({ length: reports }, (_, report) => {
    const month = String(1 + (report % 4) * 3).padStart(2, '0');
    const date = `${firstYear + Math.floor(report / 4)}-${month}-05T08:00:00Z`;
    return JSON.stringify({
      resourceType: 'Bundle',
      type: 'collection',
      entry: analytes.map((analyte, index) => ({
        resource: {
          resourceType: 'Observation',
          status: 'final',
          code: analyte.code,
          effectiveDateTime: date,
          // A slow wave per analyte: most readings in 40–60, a few over the range's top.
          valueQuantity: {
            value: Math.round((50 + 14 * Math.sin(report / 3 + index)) * 10) / 10,
            unit: analyte.unit,
          },
          referenceRange: [
            { low: { value: 40, unit: analyte.unit }, high: { value: 60, unit: analyte.unit } },
          ],
        },
      })),
    });
  });
}

/** The cart and checkout pages are measured with a kit in the cart, so they show a real order, not the empty state. */
const needsCart = (route: string) =>
  /\/(checkout|shopping-cart)\/?$/.test(new URL(route, 'http://x').pathname);

/** What a route needs in the browser before it is measured: a kit in the cart, or an order just placed. */
export const preparationOf = (route: string): Preparation => {
  const { pathname } = new URL(route, 'http://x');
  if (pathname === THANK_YOU_PATH) return 'order';
  if (SIGNED_IN_PATHS.has(pathname.replace(/(.)\/+$/, '$1'))) return 'results';
  return needsCart(route) ? 'cart' : 'none';
};

/**
 * Prepares the browser of `page` for measuring `url` and returns the URL to measure (the thank-you
 * page of a reload or a shared link names its order in the query). `page` is left on a same-origin
 * document that does not run the shell.
 */
export async function prepareSession(
  page: Page,
  url: string,
  preparation: Preparation,
): Promise<string> {
  const { origin } = new URL(url);
  await page.goto(origin + API_PATHS.healthz);
  if (preparation === 'results') {
    await signInWithResults(page);
    await rememberPersonalVisitor(page);
    return url;
  }
  const partnerKey = /^\/shop\/([^/]+)\//.exec(new URL(url).pathname)?.[1];
  const orderId = await page.evaluate(
    async ({
      key,
      id,
      preparation,
      cartPath,
      ordersPath,
      tokensPath,
      expYear,
      cartItem,
      order,
      partnerPath,
    }) => {
      localStorage.setItem(key, id);
      if (preparation === 'none') return null;
      const json = { 'content-type': 'application/json' };
      if (preparation === 'cart' || preparation === 'two-kits') {
        const quantity = preparation === 'two-kits' ? 2 : 1;
        // A partner's cart sells only its own products: its first one.
        if (partnerPath) {
          const partner = await fetch(partnerPath);
          if (!partner.ok) throw new Error(`GET ${partnerPath} answered ${partner.status}`);
          const { products } = (await partner.json()) as { products?: { price?: string }[] };
          const lookupKey = products?.find((product) => product.price)?.price;
          if (lookupKey) cartItem = { lookupKey, quantity: 1 };
        }
        const cart = await fetch(cartPath, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ sessionId: id, items: [{ ...cartItem, quantity }] }),
        });
        if (!cart.ok)
          throw new Error(`PUT ${cartPath} answered ${cart.status}: ${await cart.text()}`);
        return null;
      }
      const tokenised = await fetch(tokensPath, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear, cvc: '123' }),
      });
      if (!tokenised.ok) throw new Error(`POST ${tokensPath} answered ${tokenised.status}`);
      const { id: token } = (await tokenised.json()) as { id: string };
      const placed = await fetch(ordersPath, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ ...order, paymentMethod: { type: 'token', token }, sessionId: id }),
      });
      if (!placed.ok)
        throw new Error(`POST ${ordersPath} answered ${placed.status}: ${await placed.text()}`);
      return ((await placed.json()) as { id: string }).id;
    },
    {
      key: SESSION_ID_KEY,
      id: randomUUID(),
      preparation,
      cartPath: API_PATHS.cart,
      ordersPath: API_PATHS.orders,
      tokensPath: '/test-provider/v1/tokens',
      expYear: new Date().getUTCFullYear() + 1,
      cartItem: CART_ITEM,
      order: ORDER,
      partnerPath: partnerKey
        ? buildPath(API_PATHS.customization, { shopKey: decodeURIComponent(partnerKey) })
        : null,
    },
  );
  // A visitor with a cart or an order has been seen so by the shell's header.
  if (preparation !== 'none') await rememberPersonalVisitor(page);
  return orderId
    ? `${url}${url.includes('?') ? '&' : '?'}order=${encodeURIComponent(orderId)}`
    : url;
}

/**
 * What the shell's header remembers of a visitor it has seen signed in or with a cart: a page drawn
 * for anyone is then not theirs, and a first view waits for their interaction only when the server
 * drew it as them.
 */
async function rememberPersonalVisitor(page: Page): Promise<void> {
  await page.evaluate((key) => localStorage.setItem(key, 'personal'), VISITOR_FRAME_KEY);
}

/** A same-origin request made by the page, so the cookies it sets are the browser's. */
async function pageFetch(
  page: Page,
  path: string,
  init: { method?: string; json?: unknown; report?: { name: string; text: string } } = {},
): Promise<string> {
  // No named functions inside: under tsx they carry a `__name` helper the page does not have.
  const answer = await page.evaluate(
    async ({ path, init }) => {
      const form = new FormData();
      if (init.report)
        form.append(
          'file',
          new Blob([init.report.text], { type: 'application/fhir+json' }),
          init.report.name,
        );
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        ...(init.json !== undefined
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.json) }
          : init.report
            ? { body: form }
            : {}),
      });
      return { ok: response.ok, status: response.status, text: await response.text() };
    },
    { path, init },
  );
  if (!answer.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${answer.text}`);
  return answer.text;
}

/**
 * Signs the browser in as the results customer (the session cookie is the browser's; Lighthouse's
 * storage reset keeps cookies), signing up and uploading the reports the first time. The sign-up
 * is confirmed from the development server's outbox (GET /dev/outbox), as the emailed link would.
 */
async function signInWithResults(page: Page): Promise<void> {
  const seeded = await pageFetch(page, API_PATHS.results).then(
    (text) => (JSON.parse(text) as { biomarkers: unknown[] }).biomarkers.length > 0,
    () => false,
  );
  if (seeded) return;
  const account = {
    email: `results-bench-${randomUUID()}@example.com`,
    name: 'Results Bench',
    password: `Bench-${randomUUID()}`,
  };
  await pageFetch(page, API_PATHS.signup, { method: 'POST', json: account });
  const { messages } = JSON.parse(
    await pageFetch(page, `/dev/outbox?to=${encodeURIComponent(account.email)}`),
  ) as { messages: { text: string }[] };
  const token = /signup\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(messages[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link mailed to ${account.email}`);
  await pageFetch(page, API_PATHS.signupConfirm, {
    method: 'POST',
    json: { token: decodeURIComponent(token) },
  });
  for (const [index, text] of quarterlyResultReports().entries())
    await pageFetch(page, API_PATHS.resultUploads, {
      method: 'POST',
      report: { name: `report-${index + 1}.json`, text },
    });
}

// The cart, checkout and thank-you pages drawn on the server as the visitor
// (docs/decisions/server-rendered-first-view.md): the HTML already holds the shopper's cart line,
// the checkout form and their order; the checkout area's code loads only on the first interaction,
// and that interaction (a quantity click, the checkout link, a typed email) is not lost.
import type { Page, Request } from '@playwright/test';
import { API_PATHS } from '../../shared/src/contract/paths';
import { FIRST_VIEW_STATE_ID } from '../../shared/src/ssr/server-render';
import {
  cartWithKit,
  checkOutAsGuest,
  fillCard,
  fillContactAndShipping,
  placeOrder,
  THANK_YOU_URL,
  uniqueEmail,
} from '../support/checkout-flow';
import { dataLayerEvents, waitForDataLayerEvent } from '../support/data-layer';
import { holdFiles, prefetchesEntryOf, runsCodeOf, waitForLivePage } from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { watchNetwork } from '../support/settled';
import { expect, test } from '../support/shop-server';

const KIT_TITLE = 'Bloodwise Complete Panel';
// The checkout area's code run by the page (its idle prefetch, fetched and not run, is not).
const checkoutCode = runsCodeOf('mf_checkout');

/**
 * The page's HTML as this browser gets it (its cookies), once the server answers with a first view:
 * a personal render is never cached, and a cold renderer on a busy machine may miss the wait once.
 */
async function personalFirstView(page: Page, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
        return html.includes(`id="${FIRST_VIEW_STATE_ID}"`);
      },
      { message: `the first view of ${path}`, timeout: 60_000 },
    )
    .toBe(true);
  return html;
}

/** Layout shifts from the first paint on, summed as CLS counts them (no input excluded here). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
  );

/**
 * Delivers the page's HTML slowly, as a phone on a slow network gets it: the browser paints the
 * first view before it has parsed all of it, so anything drawn early that later content moves
 * counts as a layout shift. Lifted once the page is there (`fast`): the area's code then loads at
 * the usual speed.
 */
async function slowHtml(page: Page): Promise<{ fast(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throughput = async (bytesPerSecond: number) => {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: bytesPerSecond > 0 ? 20 : 0,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  };
  await throughput(100 * 1024);
  // -1: no throttling.
  return { fast: () => throughput(-1) };
}

/** Opens `path` and waits until the shell has started and all it asked for is answered, before any interaction. */
async function openUntouched(page: Page, path: string, requested: Request[]): Promise<void> {
  page.on('request', (request) => requested.push(request));
  const network = watchNetwork(page);
  const registry = page.waitForResponse((response) => response.url().endsWith('/remotes.json'));
  await page.goto(path);
  await registry;
  await network.settled();
  await expect(page.locator('[data-first-view-area="checkout"]')).toBeVisible();
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('cart: the line is in the HTML, no checkout code before a click, and an early "+" counts', async ({
      page,
    }) => {
      await cartWithKit(page);
      const html = await personalFirstView(page, '/shopping-cart');
      expect(html).toContain(KIT_TITLE);
      expect(html).toContain(`aria-label="One more ${KIT_TITLE}"`);
      await recordLayoutShifts(page);
      const requested: Request[] = [];
      // The checkout's code is held once asked for, so the press is seen before the live page.
      const checkoutFiles = await holdFiles(page, (url) =>
        url.pathname.includes('/remotes/mf_checkout/'),
      );
      await openUntouched(page, '/shopping-cart', requested);
      expect(requested.filter(checkoutCode)).toEqual([]);

      // The first script makes the change itself (first-view-actions.md); its request is held
      // here so the busy press can be seen.
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route(`**${API_PATHS.cartLine}`, async (route) => {
        await answered;
        await route.continue();
      });
      const plus = page.getByRole('button', { name: `One more ${KIT_TITLE}` });
      const quantity = page
        .getByRole('group', { name: `Quantity of ${KIT_TITLE}` })
        .locator('output');
      await plus.click();
      // The press answers at once, before the area's code has run: the quantity moves, the button
      // is busy (a spinner from the page's own CSS in place of its label), the press is announced.
      await expect(quantity).toHaveText('2');
      await expect(page.locator('[data-first-view-area="checkout"]')).toHaveCount(1);
      await expect(plus).toHaveAttribute('aria-busy', 'true');
      expect(
        await plus.evaluate((button) => getComputedStyle(button, '::after').animationName),
      ).toBe('spin');
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1);
      await fullPageShot(page, `/tmp/shots/cart-first-view-press-${width}.png`);

      answer();
      await expect(plus).not.toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      // Done while the checkout's code was still held: the first script made the change.
      await checkoutFiles.release();
      await waitForLivePage(page);
      expect(requested.some(checkoutCode)).toBe(true);
      await expect(quantity).toHaveText('2');
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });

    test('cart: "Go to checkout" clicked before the takeover opens the checkout', async ({
      page,
    }) => {
      await cartWithKit(page);
      await personalFirstView(page, '/shopping-cart');
      await openUntouched(page, '/shopping-cart', []);
      await page.getByTestId('go-to-checkout').click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('form', { name: 'Checkout' })).toBeVisible();
    });

    test('checkout: the form is in the HTML, an email typed before the takeover is kept, and the order completes', async ({
      page,
    }) => {
      await cartWithKit(page);
      const html = await personalFirstView(page, '/checkout');
      expect(html).toContain('aria-label="Checkout"');
      expect(html).toMatch(/<input[^>]*id="email"/);
      expect(html).toContain(KIT_TITLE);
      await recordLayoutShifts(page);
      const requested: Request[] = [];
      await openUntouched(page, '/checkout', requested);
      expect(requested.filter(checkoutCode)).toEqual([]);

      const email = uniqueEmail('first-view');
      await page.locator('#email').pressSequentially(email);
      await waitForLivePage(page);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

      await fillContactAndShipping(page, email);
      await fillCard(page, '4242 4242 4242 4242');
      await placeOrder(page);
      await expect(page).toHaveURL(THANK_YOU_URL);
      await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Mary!' })).toBeVisible();
      // The live form's own begin_checkout for this visit was the same event: not sent twice.
      expect(await dataLayerEvents(page, 'begin_checkout')).toHaveLength(1);
    });

    test('checkout: an email typed once the shell has started moves nothing, from the first paint through the takeover, and is kept', async ({
      page,
    }) => {
      await cartWithKit(page);
      await personalFirstView(page, '/checkout');
      await recordLayoutShifts(page);
      const network = await slowHtml(page);
      await page.goto('/checkout');
      await expect(page.locator('[data-first-view-area="checkout"]')).toBeVisible();
      await network.fast();
      // The shell has started: its header knows the visitor (anonymous) and their cart, which the
      // server's frame draws as a placeholder and an empty cart.
      await expect(page.locator('header').getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await expect(page.locator('[data-first-view-area="checkout"]')).toBeVisible();

      const email = uniqueEmail('first-view-late');
      await page.locator('#email').pressSequentially(email);
      await waitForLivePage(page);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
      await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    });
  });
}

test("cart: the checkout area's entry is fetched at idle priority before the first tap, run only at it, and the tap answers at once", async ({
  page,
}) => {
  await cartWithKit(page);
  await personalFirstView(page, '/shopping-cart');
  const requested: Request[] = [];
  await openUntouched(page, '/shopping-cart', requested);
  // No interaction yet: the entry is in the browser's cache, nothing of the area has run.
  await expect.poll(() => requested.some(prefetchesEntryOf('mf_checkout'))).toBe(true);
  expect(requested.filter(checkoutCode)).toEqual([]);
  const beforeTap = requested.length;

  await page.getByRole('button', { name: `One more ${KIT_TITLE}` }).click();
  await waitForLivePage(page);
  await expect(
    page.getByRole('group', { name: `Quantity of ${KIT_TITLE}` }).locator('output'),
  ).toHaveText('2');
  expect(requested.slice(0, beforeTap).some(prefetchesEntryOf('mf_checkout'))).toBe(true);
  expect(requested.slice(beforeTap).some(checkoutCode)).toBe(true);
});

test('checkout: begin_checkout goes out as the page opens, before any checkout code, and once', async ({
  page,
}) => {
  await cartWithKit(page);
  await personalFirstView(page, '/checkout');
  const requested: Request[] = [];
  await openUntouched(page, '/checkout', requested);
  // The server's list, sent by the shell: no interaction yet, no checkout code.
  const opened = await waitForDataLayerEvent(page, 'begin_checkout');
  expect(opened).toHaveLength(1);
  expect(opened[0]!.ecommerce).toMatchObject({ currency: 'USD', items: [expect.anything()] });
  expect(requested.filter(checkoutCode)).toEqual([]);

  // The live form's own begin_checkout for this visit is the same event: not sent again.
  const email = uniqueEmail('first-view-analytics');
  await waitForLivePage(page);
  await fillContactAndShipping(page, email);
  await fillCard(page, '4242 4242 4242 4242');
  await placeOrder(page);
  await expect(page).toHaveURL(THANK_YOU_URL);
  expect(await dataLayerEvents(page, 'begin_checkout')).toHaveLength(1);
});

test('thank-you: a link naming the order shows it, with its add-ons, from the HTML; nobody else gets it', async ({
  page,
  browser,
}) => {
  // A real order, through the pages; then a link naming it, opened afresh in the same browser.
  const orderId = await checkOutAsGuest(page);
  const path = `/checkout/thank-you?order=${orderId}`;
  const html = await personalFirstView(page, path);
  expect(html).toMatch(/Thank you, (<!-- -->)?Mary/);
  expect(html).toContain(orderId.slice(0, 8).toUpperCase());
  // The upgrades area drew its part into the page's slot.
  expect(html).toMatch(/data-first-view-slot="0"><section class="upg"/);

  await recordLayoutShifts(page);
  const requested: Request[] = [];
  await openUntouched(page, path, requested);
  expect(requested.filter(checkoutCode)).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you, Mary!' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await waitForLivePage(page);
  await expect(page.getByTestId('order-reference')).toContainText(
    orderId.slice(0, 8).toUpperCase(),
  );
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);

  // Another browser, with the id but not the buyer cookie: the page starts in the browser.
  const stranger = await browser.newContext();
  const html2 = await (
    await stranger.request.get(new URL(path, page.url()).href, { headers: { accept: 'text/html' } })
  ).text();
  expect(html2).not.toContain(`id="${FIRST_VIEW_STATE_ID}"`);
  expect(html2).not.toContain('Mary');
  await stranger.close();
});

// A partner's cart and checkout drawn on the server as the visitor, in the partner's frame
// (docs/decisions/server-rendered-first-view.md): the storefront draws its frame and heading, the
// checkout area its lines into the storefront's slot. Nothing of React runs before the visitor's
// first interaction, and a press made before the live page is there is kept and made on it.
import type { Page, Request } from '@playwright/test';
import { FIRST_VIEW_STATE_ID } from '../../shared/src/ssr/server-render';
import { uniqueEmail } from '../support/checkout-flow';
import { holdFiles, reactStarted, runsCodeOf, waitForLivePage } from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { watchNetwork } from '../support/settled';
import { expect, test } from '../support/shop-server';

const ACME_KIT = 'Acme Complete Panel';
const CART = '/shop/acme-wellness/shopping-cart';
const checkoutCode = runsCodeOf('mf_checkout');

/** A visitor with Acme's kit in their cart, added on Acme's pricing page (cookie and browser agree). */
async function acmeKitInCart(page: Page): Promise<void> {
  await page.goto('/shop/acme-wellness/pricing/one-time');
  await page.getByRole('button', { name: `Add to cart: ${ACME_KIT}` }).click();
  await expect(page).toHaveURL(new RegExp(`${CART}$`));
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
}

/** The page's HTML with this browser's cookies, once the server answers it with a first view. */
async function personalFirstView(page: Page, path: string): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(path, { headers: { accept: 'text/html' } });
        html = await response.text();
        if (!html.includes(`id="${FIRST_VIEW_STATE_ID}"`)) return false;
        // A page drawn as its visitor is theirs alone.
        expect(response.headers()['cache-control']).toBe('private, no-store');
        return true;
      },
      { message: `the first view of ${path}`, timeout: 60_000 },
    )
    .toBe(true);
  return html;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("partner cart: the visitor's line in the partner's frame from the HTML, React waits for the first interaction, and an early Remove lands", async ({
      page,
    }) => {
      await acmeKitInCart(page);
      const html = await personalFirstView(page, CART);
      expect(html).toContain(ACME_KIT);
      expect(html).toContain('Sold by Acme Wellness.');
      // Acme's price ($129) and US shipping, its colour, and links under its address.
      expect(html).toContain('$134.95');
      expect(html).toContain('--co-primary:#6b3fa0');
      expect(html).toContain('href="/shop/acme-wellness/checkout"');
      expect(html).toContain('data-partner-head');

      const requested: Request[] = [];
      page.on('request', (request) => requested.push(request));
      // The checkout's code is held once asked for, so the press is seen before the live page.
      const checkoutFiles = await holdFiles(page, (url) =>
        url.pathname.includes('/remotes/mf_checkout/'),
      );
      const network = watchNetwork(page);
      await page.goto(CART);
      // All the untouched page asked for is answered: checkout code would be among it.
      await network.settled();
      await expect(page.locator('[data-first-view-area="storefront"]')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
      await expect(page.getByTestId('summary-line')).toContainText(ACME_KIT);
      expect(await reactStarted(page)).toBe(false);
      expect(requested.filter(checkoutCode)).toEqual([]);
      await fullPageShot(page, `/tmp/shots/partner-cart-first-view-${width}.png`);

      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PUT' &&
          response.url().includes('/api/v1/cart') &&
          (response.request().postDataJSON() as { items: unknown[] }).items.length === 0,
      );
      const remove = page.getByRole('button', { name: `Remove ${ACME_KIT}` });
      await remove.click();
      // The press answers before the area's code has run: the button is busy, the press announced.
      await expect.poll(() => checkoutFiles.asked.length).toBeGreaterThan(0);
      await expect(page.locator('[data-first-view-area="storefront"]')).toHaveCount(1);
      await expect(remove).toHaveAttribute('aria-busy', 'true');
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(1);

      await checkoutFiles.release();
      await saved;
      await waitForLivePage(page);
      expect(await reactStarted(page)).toBe(true);
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      await fullPageShot(page, `/tmp/shots/partner-cart-after-remove-${width}.png`);
    });
  });
}

test("partner checkout: the form and the partner's line are in the HTML, and an email typed before the takeover is kept", async ({
  page,
}) => {
  await acmeKitInCart(page);
  const path = '/shop/acme-wellness/checkout';
  const html = await personalFirstView(page, path);
  expect(html).toContain('Your order with Acme Wellness.');
  expect(html).toContain('aria-label="Checkout"');
  expect(html).toMatch(/<input[^>]*id="email"/);
  expect(html).toContain(ACME_KIT);

  await page.goto(path);
  await expect(page.locator('[data-first-view-area="storefront"]')).toBeVisible();
  expect(await reactStarted(page)).toBe(false);
  await fullPageShot(page, '/tmp/shots/partner-checkout-first-view-1280.png');
  const email = uniqueEmail('partner-first-view');
  await page.locator('#email').pressSequentially(email);
  await waitForLivePage(page);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(
    page.getByRole('complementary', { name: 'Order summary' }).getByTestId('summary-line'),
  ).toHaveText([new RegExp(`^${ACME_KIT}`)]);
});

test("a stranger's browser gets no one's partner cart", async ({ page, browser }) => {
  await acmeKitInCart(page);
  await personalFirstView(page, CART);
  const stranger = await browser.newContext();
  const html = await (
    await stranger.request.get(new URL(CART, page.url()).href, { headers: { accept: 'text/html' } })
  ).text();
  // The partner's product names are in its public data; the stranger's cart holds no line.
  expect(html).toContain('Your cart is empty.');
  expect(html).not.toContain('data-testid="summary-line"');
  await stranger.close();
});

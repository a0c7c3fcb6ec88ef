// When the shell's React part starts on a server-drawn page (docs/decisions/shell-starts-on-first-interaction.md):
// at the visitor's first interaction when the first view is already their page, at once when the
// frame the server drew for anyone is not theirs; on a partner's pages too, whose head (title, icon,
// meta tags) the server draws.
import type { Page } from '@playwright/test';
import { VISITOR_FRAME_KEY } from '../../shared/src/client-state/client-storage';
import { API_PATHS } from '../../shared/src/contract/paths';
import { createConfirmedAccount } from '../support/accounts';
import { uniqueEmail } from '../support/checkout-flow';
import { firstViewReady, reactStarted, waitForLivePage } from '../support/first-view';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const KIT = 'bloodwise_kit_one_time';
const SHOTS = '/tmp/shots/shell-start';

/** The page view the shell logs for `path` (by the basics before React, or by React's first render). */
const pageViewOf = (page: Page, path: string) =>
  page.waitForRequest(
    (request) =>
      request.url().endsWith('/impact/log-page-view') && request.postDataJSON()?.url === path,
  );

test('a cart page drawn as its visitor shows their cart in the header, and React waits for their first interaction', async ({
  page,
  shop,
}) => {
  // A visitor with two kits in the cart (the cart cookie is the browser's), seen so before.
  const saved = await page.request.put(API_PATHS.cart, {
    data: { sessionId: crypto.randomUUID(), items: [{ lookupKey: KIT, quantity: 2 }] },
  });
  expect(saved.ok()).toBe(true);
  await page.addInitScript((key) => localStorage.setItem(key, 'personal'), VISITOR_FRAME_KEY);
  await firstViewReady(shop.api, '/shopping-cart');

  const logged = pageViewOf(page, '/shopping-cart');
  const response = await page.goto('/shopping-cart');
  const html = await response!.text();
  // The server drew the header as this visitor: their cart's count, not an empty cart.
  expect(html).toMatch(/data-testid="cart-count">2</);
  expect(html).toContain('"frame":"visitor"');
  await logged;
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
  // The cart page's own code is fetched ahead (the state names its page), not the checkout's
  // other pages: the cart page's chunk is the last of the files it needs.
  expect(html).toContain('"pages":["cart-page"]');
  const areaCode = page.locator('link[data-area-prefetch][href*="/remotes/mf_checkout/"]');
  await expect(areaCode.and(page.locator('[href*="/cart-page."]'))).toHaveCount(1);
  await expect(areaCode.and(page.locator('[href*="/remoteEntry.js"]'))).toHaveCount(1);
  await expect(areaCode.and(page.locator('[href*="-page."]'))).toHaveCount(1);
  expect(await reactStarted(page)).toBe(false);

  // The first interaction starts the shell; its header starts from the server's data.
  await page.mouse.move(40, 300);
  await expect.poll(() => reactStarted(page)).toBe(true);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(
    page.getByRole('button', { name: `One more Bloodwise Complete Panel` }),
  ).toBeVisible();
});

test('a visitor last seen with a cart gets the live shell at once on a page drawn for anyone; a plain one is remembered as plain', async ({
  page,
  shop,
}) => {
  await firstViewReady(shop.api, '/signup');
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', 'yes');
      localStorage.setItem(key, 'personal');
    }
  }, VISITOR_FRAME_KEY);
  const firstLogged = pageViewOf(page, '/signup');
  await page.goto('/signup');
  await firstLogged;
  // No interaction: the header (drawn for anyone) must become theirs.
  await expect.poll(() => reactStarted(page)).toBe(true);
  // Their cart is empty and they are signed out: the header remembers them as plain ...
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), VISITOR_FRAME_KEY))
    .toBe('plain');

  // ... so their next landing on a page drawn for anyone waits for them.
  const logged = pageViewOf(page, '/signup');
  await page.reload();
  await logged;
  await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
  expect(await reactStarted(page)).toBe(false);
  await page.keyboard.press('Tab');
  await expect.poll(() => reactStarted(page)).toBe(true);
});

/** The partner's own look in the head, as its customization sets it. */
async function acmeHead(page: Page) {
  const acme = await (await page.request.get('/api/v1/customization/acme-wellness')).json();
  const description = (acme.metaTags as { name: string; content: string }[]).find(
    (tag) => tag.name === 'description',
  );
  return { favicon: acme.favicon as string, description: description?.content ?? null };
}

async function expectPartnerHead(page: Page, head: Awaited<ReturnType<typeof acmeHead>>) {
  await expect(page).toHaveTitle(/ \| Acme Wellness$/);
  // One icon, the partner's: the shop's own is not in the page.
  await expect(page.locator('head link[rel~="icon"]')).toHaveCount(1);
  await expect(page.locator('head link[rel~="icon"]')).toHaveAttribute('href', head.favicon);
  if (head.description !== null)
    await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
      'content',
      head.description,
    );
}

test("a partner's pricing page comes with the partner's title and icon, React waits for the first tap, and that tap adds to the cart", async ({
  page,
  shop,
}) => {
  const head = await acmeHead(page);
  const path = '/shop/acme-wellness/pricing';
  await firstViewReady(shop.api, path);

  const logged = pageViewOf(page, path);
  const response = await page.goto(path);
  const html = await response!.text();
  // The server's HTML is already the partner's tab, before any script runs.
  expect(html).toMatch(/<title>[^<]+ \| Acme Wellness<\/title>/);
  expect(html).toContain(`<link rel="icon" href="${head.favicon}" data-partner-head="">`);
  expect(html).toContain('"partnerHead":true');
  await logged;
  await expectPartnerHead(page, head);
  const title = await page.title();
  await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
  expect(await reactStarted(page)).toBe(false);

  // The first tap is "Add to cart": it lands in the partner's cart, done by the first script (the
  // cart then drawn by the server as the visitor) or, when the shell was quicker, by the live page.
  await page
    .getByRole('button', { name: /^Add to cart: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/shopping-cart$/);
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectPartnerHead(page, head);
  await waitForLivePage(page);
  expect(await reactStarted(page)).toBe(true);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectPartnerHead(page, head);

  // Back on pricing, the live shell shows the title the server's page had.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page).toHaveTitle(title);
  await expectPartnerHead(page, head);
});

test("a partner's main page is the partner's whole page before the first interaction, and stays so after it", async ({
  page,
  shop,
}) => {
  const head = await acmeHead(page);
  const path = '/shop/acme-wellness';
  await firstViewReady(shop.api, path);
  const logged = pageViewOf(page, path);
  await page.goto(path);
  await logged;
  await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
  await expectPartnerHead(page, head);
  const title = await page.title();
  await expect(page.getByTestId('partner-name')).toHaveText('Acme Wellness');
  await screenshotAtWidths(page, SHOTS, 'partner-main-before-interaction');
  expect(await reactStarted(page)).toBe(false);

  await page.keyboard.press('Tab');
  await expect.poll(() => reactStarted(page)).toBe(true);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
  await expect(page).toHaveTitle(title);
  await expectPartnerHead(page, head);
  await expect(page.getByTestId('partner-name')).toHaveText('Acme Wellness');
  await expect(
    page.locator('[data-area="storefront"]').getByRole('heading', { level: 1 }),
  ).toBeVisible();
  await screenshotAtWidths(page, SHOTS, 'partner-main-after-interaction');
});

test("a press on the header's account menu before the shell runs starts it and opens the menu", async ({
  page,
  shop,
}) => {
  await createConfirmedAccount(page.request, shop, {
    email: uniqueEmail('frame-press'),
    name: 'Rita Early',
    password: 'frame-press-password-1',
  });
  await firstViewReady(page.request, '/account');
  await page.goto('/account');
  const trigger = page.getByRole('button', { name: 'Rita' });
  await expect(trigger).toBeVisible();
  expect(await reactStarted(page)).toBe(false);

  // One press: the shell starts, and the live header's menu opens as if it had been there.
  await trigger.click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(await reactStarted(page)).toBe(true);
  await expect(page.getByRole('button', { name: 'Rita' })).toHaveAttribute('aria-expanded', 'true');
});

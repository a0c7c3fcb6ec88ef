// When the shell's React part starts on a server-drawn page (docs/decisions/shell-starts-on-first-interaction.md):
// at the visitor's first interaction when the first view is already their page, at once when the
// frame the server drew for anyone is not theirs.
import type { Page } from '@playwright/test';
import { VISITOR_FRAME_KEY } from '../../shared/src/client-state/client-storage';
import { API_PATHS } from '../../shared/src/contract/paths';
import { firstViewReady, reactStarted } from '../support/first-view';
import { expect, test } from '../support/shop-server';

const KIT = 'bloodwise_kit_one_time';

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

// The cart's first taps on a server-drawn page are done by the shell's first script
// (docs/decisions/first-view-actions.md): "Add to cart" on /pricing and "+", "−" and Remove on the
// cart show their result from the server's answer while the shell's own code is still held, the
// live page then starts from that answer, and nothing is done twice.
import type { Page } from '@playwright/test';
import { SESSION_ID_KEY } from '../../shared/src/client-state/client-storage';
import { API_PATHS } from '../../shared/src/contract/paths';
import { cartWithKit } from '../support/checkout-flow';
import { dataLayerEvents, waitForDataLayerEvent } from '../support/data-layer';
import {
  firstViewReady,
  firstViewActionsOpen,
  holdShellStart,
  noFirstViewActionPending,
  reactStarted,
  waitForLivePage,
} from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { watchNetwork } from '../support/settled';
import { expect, test } from '../support/shop-server';

const KIT_TITLE = 'Bloodwise Complete Panel';

/** This browser's cart as the server holds it. */
async function serverCart(page: Page): Promise<{ lookupKey: string; quantity: number }[]> {
  return page.evaluate(
    async ([key, path]) => {
      const sessionId = localStorage.getItem(key) ?? '';
      const response = await fetch(`${path}?sessionId=${encodeURIComponent(sessionId)}`, {
        credentials: 'include',
      });
      return ((await response.json()) as { items: { lookupKey: string; quantity: number }[] })
        .items;
    },
    [SESSION_ID_KEY, API_PATHS.cart] as const,
  );
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('"Add to cart" on /pricing answers from the server before the shell runs, and is not made again', async ({
      page,
    }) => {
      await firstViewReady(page.request, '/pricing');
      const shell = await holdShellStart(page);
      const network = watchNetwork(page);
      await page.goto('/pricing');
      await firstViewActionsOpen(page);
      await expect(page.locator('[data-first-view-area="catalog"]')).toBeVisible();

      const add = page.getByRole('button', { name: /add to cart/i }).first();
      await add.click();
      await noFirstViewActionPending(page);
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      await expect(
        page.getByRole('status').filter({ hasText: 'Added to your cart.' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'View cart' })).toHaveAttribute(
        'href',
        '/shopping-cart',
      );
      // The shell asked for its code at the tap, and it is still held: the first script did this.
      await expect.poll(() => shell.asked.length).toBeGreaterThan(0);
      expect(await reactStarted(page)).toBe(false);
      expect(await serverCart(page)).toEqual([{ lookupKey: expect.any(String), quantity: 1 }]);
      await fullPageShot(page, `/tmp/shots/first-view-add-to-cart-${width}.png`);

      await shell.release();
      await waitForLivePage(page);
      await expect(page.getByTestId('cart-count')).toHaveText('1');
      // The live button opens saying so too: what the visitor read does not vanish at the swap.
      await expect(
        page.getByRole('status').filter({ hasText: 'Added to your cart.' }),
      ).toBeVisible();
      expect(await serverCart(page)).toEqual([{ lookupKey: expect.any(String), quantity: 1 }]);
      // add_to_cart went out once: from the first script, not again from a replayed press.
      await waitForDataLayerEvent(page, 'add_to_cart');
      // The live page has taken over and every request it made is answered: a replayed press
      // would have sent its own add_to_cart by now.
      await network.settled();
      expect(await dataLayerEvents(page, 'add_to_cart')).toHaveLength(1);
      expect(await serverCart(page)).toEqual([{ lookupKey: expect.any(String), quantity: 1 }]);
    });

    test('"+", "−" and Remove on the cart answer from the server before the shell runs; the live page starts from the answer', async ({
      page,
    }) => {
      await cartWithKit(page);
      await firstViewReady(page.request, '/shopping-cart');
      const priced = await page.request.get(API_PATHS.cartPriced);
      const unit = ((await priced.json()) as { quote: { lines: { unitAmount: number }[] } }).quote
        .lines[0]!.unitAmount;
      const shell = await holdShellStart(page);
      await page.goto('/shopping-cart');
      await firstViewActionsOpen(page);
      await expect(page.locator('[data-first-view-area="checkout"]')).toBeVisible();
      const quantity = page
        .getByRole('group', { name: `Quantity of ${KIT_TITLE}` })
        .locator('output');
      const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 ? 2 : 0)}`;

      await page.getByRole('button', { name: `One more ${KIT_TITLE}` }).click();
      await noFirstViewActionPending(page);
      await expect(quantity).toHaveText('2');
      await expect(page.getByTestId('summary-subtotal')).toHaveText(dollars(2 * unit));
      await expect(page.getByTestId('cart-count')).toHaveText('2');
      expect(await serverCart(page)).toEqual([
        { lookupKey: 'bloodwise_kit_one_time', quantity: 2 },
      ]);
      await fullPageShot(page, `/tmp/shots/first-view-cart-plus-${width}.png`);

      await page.getByRole('button', { name: `One fewer ${KIT_TITLE}` }).click();
      await noFirstViewActionPending(page);
      await expect(quantity).toHaveText('1');
      await expect(page.getByTestId('summary-subtotal')).toHaveText(dollars(unit));
      await expect(page.getByRole('button', { name: `One fewer ${KIT_TITLE}` })).toBeDisabled();

      await page.getByRole('button', { name: `Remove ${KIT_TITLE}` }).click();
      await noFirstViewActionPending(page);
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
      await expect(page.getByTestId('cart-count')).toHaveCount(0);
      expect(await reactStarted(page)).toBe(false);
      expect(await serverCart(page)).toEqual([]);
      await fullPageShot(page, `/tmp/shots/first-view-cart-emptied-${width}.png`);

      await shell.release();
      await waitForLivePage(page);
      await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
      expect(await serverCart(page)).toEqual([]);
    });
  });
}

test('a change the server refuses is rolled back, with a message, on the cart and on /pricing', async ({
  page,
}) => {
  await cartWithKit(page);
  await firstViewReady(page.request, '/shopping-cart');
  await holdShellStart(page);
  await page.route(`**${API_PATHS.cartLine}`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try again' } }),
    }),
  );
  await page.goto('/shopping-cart');
  await firstViewActionsOpen(page);
  await page.getByRole('button', { name: `One more ${KIT_TITLE}` }).click();
  await noFirstViewActionPending(page);
  await expect(
    page.getByRole('group', { name: `Quantity of ${KIT_TITLE}` }).locator('output'),
  ).toHaveText('1');
  await expect(page.getByRole('alert')).toHaveText(
    'We could not change your cart. Please try again in a moment.',
  );
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.goto('/pricing');
  await firstViewActionsOpen(page);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await noFirstViewActionPending(page);
  await expect(page.getByRole('status').filter({ hasText: 'We could not add that' })).toBeVisible();
  // The page was drawn for anyone (no count): the count shown at the tap is taken back.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  expect(await serverCart(page)).toEqual([{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }]);
});

test('a partner\'s "Add to cart" keeps the line and opens its cart before the shell runs', async ({
  page,
}) => {
  const pricing = '/shop/acme-wellness/pricing';
  await firstViewReady(page.request, pricing);
  await holdShellStart(page);
  await page.goto(pricing);
  await firstViewActionsOpen(page);
  await expect(page.locator('[data-first-view-area="storefront"]')).toBeVisible();
  const add = page.getByRole('button', { name: /^Add to cart: / }).first();
  const title = (await add.getAttribute('aria-label'))!.replace('Add to cart: ', '');
  await add.click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/shopping-cart$/);
  // The partner's cart drawn by the server as this visitor: the line is there, the shell still held.
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await expect(page.getByTestId('summary-line')).toContainText(title);
  expect(await reactStarted(page)).toBe(false);
  expect(await serverCart(page)).toEqual([{ lookupKey: expect.any(String), quantity: 1 }]);
});

for (const width of [375, 1280]) {
  test(`Apply on the checkout's first view answers before the shell runs, and the live page keeps it (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await cartWithKit(page);
    await firstViewReady(page.request, '/checkout');
    const shell = await holdShellStart(page);
    await page.goto('/checkout');
    await firstViewActionsOpen(page);
    await expect(page.locator('[data-first-view-area="checkout"]')).toBeVisible();
    const total = await page.getByTestId('summary-total').textContent();

    await page.locator('#co-discount-code').fill('nope-code');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await noFirstViewActionPending(page);
    await expect(page.getByRole('alert')).toHaveText('We could not find the code NOPE-CODE.');

    await page.locator('#co-discount-code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await noFirstViewActionPending(page);
    const message = page.getByTestId('discount-message');
    await expect(message).toHaveText(/^WELCOME10 applied: −\$\d/);
    await expect(page.getByTestId('summary-discount')).toHaveText(/^−\$\d/);
    await expect(page.getByTestId('summary-total')).not.toHaveText(total!);
    await expect(page.getByTestId('place-order')).toHaveText(
      `Place order · ${await page.getByTestId('summary-total').textContent()}`,
    );
    expect(await reactStarted(page)).toBe(false);
    await fullPageShot(page, `/tmp/shots/first-view-discount-applied-${width}.png`);
    const shown = await message.textContent();
    const discounted = await page.getByTestId('summary-total').textContent();

    await shell.release();
    await waitForLivePage(page);
    // The live page starts from what the visitor saw, checks the code again, and agrees.
    await expect(page.getByTestId('discount-message')).toHaveText(shown!);
    await expect(page.getByTestId('summary-total')).toHaveText(discounted!);
    await expect(page.getByRole('button', { name: 'Apply', exact: true })).toBeEnabled();
    await expect(page.getByTestId('discount-message')).toHaveText(shown!);
    await expect(page.locator('#co-discount-code')).toHaveValue(/welcome10/i);
  });
}

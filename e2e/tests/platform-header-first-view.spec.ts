// The header on a page that waits for the visitor: drawn by the server for anyone, it offers
// "Log in" to a visitor last seen signed out before the shell runs, as a plain link.
import { VISITOR_FRAME_KEY } from '../../shared/src/client-state/client-storage';
import { firstViewReady, holdFiles, reactStarted } from '../support/first-view';
import { expect, test } from '../support/shop-server';

test.use({ viewport: { width: 1280, height: 800 } });

test('a reader on the waiting main page finds "Log in" in the header and it takes them to log in', async ({
  page,
  shop,
}) => {
  await firstViewReady(shop.api, '/');
  await page.goto('/');
  await expect(page.locator('[data-first-view-area="catalog"]')).toHaveCount(1);
  const logIn = page.getByRole('banner').getByRole('link', { name: 'Log in' });
  await expect(logIn).toBeVisible();
  expect(await reactStarted(page)).toBe(false);
  // Nothing moves when the shell takes over: the live header's "Log in" is where this one was.
  const before = await logIn.boundingBox();
  await page.keyboard.press('Shift');
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
  await expect(logIn).toBeVisible();
  const after = (await logIn.boundingBox())!;
  // The same place to the pixel (the live layout may differ by a subpixel).
  for (const side of ['x', 'y', 'width', 'height'] as const)
    expect(after[side]).toBeCloseTo(before![side], 0);
  await logIn.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: /log in/i })).toBeVisible();
});

test('a visitor last seen signed in is not offered "Log in" by the server\'s header', async ({
  page,
  shop,
}) => {
  await firstViewReady(shop.api, '/pricing');
  await page.addInitScript((key) => localStorage.setItem(key, 'personal'), VISITOR_FRAME_KEY);
  // The shell starts at once for them; its start is held, so the server's header stays.
  const shellStart = await holdFiles(page, (url) => url.pathname.includes('/shell-start.'));
  await page.goto('/pricing');
  await expect.poll(() => shellStart.asked.length).toBe(1);
  const pending = page.locator('.header-login--pending');
  await expect(pending).toHaveCount(1);
  await expect(pending).toBeHidden();
  await shellStart.release();
});

// The shell is the one history owner. A link inside a remote changes the
// shell's URL without a page load, and Back and Forward reach the remote.
import type { Page } from '@playwright/test';
import { waitForLivePage } from '../support/first-view';
import { expect, test } from '../support/shop-server';

/** Marks the document, so a full page load (which would drop the mark) is detectable. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
}
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);

test('a link inside the catalog changes the URL, Back returns to the home page and Forward to pricing', async ({
  page,
}) => {
  await page.goto('/');
  // A link of the remote's own page: before the shell runs, the server's first view has plain links.
  await waitForLivePage(page);
  const catalog = page.locator('[data-area="catalog"]');
  const homeHeading = await catalog.getByRole('heading', { level: 1 }).first().textContent();
  await markDocument(page);

  await catalog.locator('a[href="/pricing"]').first().click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(catalog.getByRole('heading', { level: 1 }).first()).toHaveText(/pricing/i);
  // The header's NavLink follows the shell's location too.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests & pricing' }),
  ).toHaveClass(/active/);
  expect(await isSameDocument(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(catalog.getByRole('heading', { level: 1 }).first()).toHaveText(homeHeading ?? '');

  await page.goForward();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(catalog.getByRole('heading', { level: 1 }).first()).toHaveText(/pricing/i);
  expect(await isSameDocument(page)).toBe(true);
});

test('a link inside a storefront keeps its partner basename, and Back returns', async ({
  page,
}) => {
  await page.goto('/shop/acme-wellness');
  const storefront = page.locator('[data-area="storefront"]');
  await expect(storefront.getByRole('heading', { level: 1 })).toHaveText(/acme/i);
  // A server first view too: the shell's navigation is tested from the live page.
  await waitForLivePage(page);
  await markDocument(page);

  await storefront
    .getByRole('link', { name: /pricing/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/pricing$/);
  await expect(storefront.getByRole('heading', { level: 1 })).toHaveText(/pricing/i);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop\/acme-wellness$/);
  await expect(storefront.getByRole('heading', { level: 1 })).toHaveText(/acme/i);
  expect(await isSameDocument(page)).toBe(true);
});

test('a link from one area to another swaps the area, and Back brings the first one back', async ({
  page,
}) => {
  await page.goto('/login');
  const account = page.locator('[data-area="account"]');
  await expect(account.getByRole('heading', { level: 1 })).toHaveText(/log in/i);
  // /login is a server first view: before the shell runs its links are plain links (a new
  // document, by design). This test is about the shell's own navigation, so it starts from the live page.
  await waitForLivePage(page);
  await markDocument(page);

  await account.getByRole('link', { name: /create an account/i }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(account.getByRole('heading', { level: 1 })).toHaveText(/create your account/i);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Tests & pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(
    page.locator('[data-area="catalog"]').getByRole('heading', { level: 1 }).first(),
  ).toHaveText(/pricing/i);
  await expect(account).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(account.getByRole('heading', { level: 1 })).toHaveText(/create your account/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await expect(account.getByRole('heading', { level: 1 })).toHaveText(/log in/i);
  expect(await isSameDocument(page)).toBe(true);
});

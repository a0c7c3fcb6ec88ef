// Every page of the spec renders its area (each with a level-1 heading of its own), an unknown
// route gets the shell's 404 page, and a deep-link refresh works. The shell lists no pages: it
// routes by the prefixes the live remotes declare, so the examples are checked against those.
import type { Page } from '@playwright/test';
import type { RegistryDocument } from '../../shared/src/releases/registry-document';
import { areaTableOf, resolveArea } from '../../shared/src/shell-contract/area-routes';
import { expect, test } from '../support/shop-server';

const PARTNER = 'acme-wellness';
// A variant page a partner has no offers for goes to its /pricing; Acme sells a kit and a quarterly
// plan, Harbor every plan (and shows its quarterly plans on /pricing itself).
const PARTNER_WITH_EVERY_PLAN = 'harbor-health';

/** One example URL per route of the spec, with the area's heading (a regex where content is seeded). */
const EXAMPLES: {
  pattern: string;
  path: string;
  area: string;
  heading: RegExp;
  signedIn?: boolean;
}[] = [
  { pattern: '/login', path: '/login', area: 'account', heading: /log in/i },
  { pattern: '/signup', path: '/signup', area: 'account', heading: /create your account/i },
  // Without a token the confirmation page says the link cannot be used (its own heading).
  {
    pattern: '/signup/confirm',
    path: '/signup/confirm',
    area: 'account',
    heading: /this link cannot be used/i,
  },
  {
    pattern: '/reset-password',
    path: '/reset-password',
    area: 'account',
    heading: /reset your password/i,
  },
  // Signed in: logged out, /account answers with the log-in redirect (account-journeys covers that).
  {
    pattern: '/account/*',
    path: '/account',
    area: 'account',
    heading: /your account/i,
    signedIn: true,
  },

  { pattern: '/', path: '/', area: 'catalog', heading: /./ },
  { pattern: '/pricing', path: '/pricing', area: 'catalog', heading: /pricing/i },
  { pattern: '/programs', path: '/programs', area: 'catalog', heading: /program/i },
  {
    pattern: '/programs/heart-health',
    path: '/programs/heart-health',
    area: 'catalog',
    heading: /heart/i,
  },
  {
    pattern: '/pricing/heart-and-metabolic-program',
    path: '/pricing/heart-and-metabolic-program',
    area: 'catalog',
    heading: /heart/i,
  },
  { pattern: '/products', path: '/products', area: 'catalog', heading: /./ },
  {
    pattern: '/quiz/which-test-is-right-for-me',
    path: '/quiz/which-test-is-right-for-me',
    area: 'catalog',
    heading: /which test/i,
  },
  {
    pattern: '/understand-your-health',
    path: '/understand-your-health',
    area: 'catalog',
    heading: /health/i,
  },
  {
    pattern: '/advanced-cholesterol',
    path: '/advanced-cholesterol',
    area: 'catalog',
    heading: /cholesterol/i,
  },
  { pattern: '/upload-results', path: '/upload-results', area: 'catalog', heading: /upload/i },
  {
    pattern: '/upload-results/how-to-export',
    path: '/upload-results/how-to-export',
    area: 'catalog',
    heading: /export/i,
  },

  { pattern: '/shopping-cart', path: '/shopping-cart', area: 'checkout', heading: /cart/i },
  { pattern: '/checkout', path: '/checkout', area: 'checkout', heading: /checkout/i },
  {
    pattern: '/checkout/thank-you',
    path: '/checkout/thank-you',
    area: 'checkout',
    heading: /thank you/i,
  },

  { pattern: '/shop/:b2bKey', path: `/shop/${PARTNER}`, area: 'storefront', heading: /acme/i },
  {
    pattern: '/shop/:b2bKey/pricing',
    path: `/shop/${PARTNER}/pricing`,
    area: 'storefront',
    heading: /pric/i,
  },
  {
    pattern: '/shop/:b2bKey/pricing/one-time',
    path: `/shop/${PARTNER}/pricing/one-time`,
    area: 'storefront',
    heading: /./,
  },
  {
    pattern: '/shop/:b2bKey/pricing/add-ons',
    path: `/shop/${PARTNER_WITH_EVERY_PLAN}/pricing/add-ons`,
    area: 'storefront',
    heading: /./,
  },
  {
    pattern: '/shop/:b2bKey/pricing/monthly',
    path: `/shop/${PARTNER_WITH_EVERY_PLAN}/pricing/monthly`,
    area: 'storefront',
    heading: /monthly/i,
  },
  {
    pattern: '/shop/:b2bKey/pricing/quarterly',
    path: `/shop/${PARTNER}/pricing/quarterly`,
    area: 'storefront',
    heading: /quarterly/i,
  },
  {
    pattern: '/shop/:b2bKey/pricing/annual',
    path: `/shop/${PARTNER_WITH_EVERY_PLAN}/pricing/annual`,
    area: 'storefront',
    heading: /annual/i,
  },
  {
    pattern: '/shop/:b2bKey/checkout',
    path: `/shop/${PARTNER}/checkout`,
    area: 'storefront',
    heading: /checkout/i,
  },
  {
    pattern: '/shop/:b2bKey/checkout/thank-you',
    path: `/shop/${PARTNER}/checkout/thank-you`,
    area: 'storefront',
    heading: /thank you/i,
  },
  {
    pattern: '/shop/:b2bKey/shopping-cart',
    path: `/shop/${PARTNER}/shopping-cart`,
    area: 'storefront',
    heading: /cart/i,
  },
];

async function signIn(page: Page): Promise<void> {
  const login = await page.request.post('/auth2/login/password', {
    data: { username: 'demo@bloodwise.test', password: 'bloodwise-demo-1' },
  });
  expect(login.ok()).toBe(true);
}

test('every example belongs to its area by the prefixes the live remotes declare', async ({
  shop,
}) => {
  const registry = (await (await shop.api.get('/remotes.json')).json()) as RegistryDocument;
  const areas = areaTableOf(registry);
  for (const example of EXAMPLES)
    expect(resolveArea(example.path, areas)?.area, example.path).toBe(example.area);
});

test('every route renders its area with its own heading, and nothing falls back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const failed: string[] = [];
  page.on('pageerror', (error) => failed.push(`${page.url()}: ${error.message}`));
  for (const { path, area, heading, signedIn } of EXAMPLES) {
    await test.step(`${path} → ${area}`, async () => {
      if (signedIn) await signIn(page);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const root = page.locator(`[data-area="${area}"]`);
      await expect(root.getByRole('heading', { level: 1 }).first(), path).toHaveText(heading);
      if (signedIn) await expect(root, path).toContainText('Logged in as demo@bloodwise.test');
      await expect(page.locator('[data-area-fallback]'), path).toHaveCount(0);
      await expect(page.locator('[data-page="not-found"]')).toHaveCount(0);
      // The shell's own chrome is there on every route.
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }
  expect(failed).toEqual([]);
});

test('an unknown route shows the 404 page inside the shell, without loading any remote', async ({
  page,
}) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/')) remoteRequests.push(request.url());
  });
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  const notFound = page.locator('[data-page="not-found"]');
  await expect(notFound.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(notFound).toContainText('/no/such/page');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.locator('[data-area]')).toHaveCount(0);
  expect(remoteRequests).toEqual([]);

  // And its link leads back into an area.
  await notFound.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-area="catalog"] h1').first()).toBeVisible();
});

test('a refresh on a deep link serves the shell and renders the same area again', async ({
  page,
}) => {
  // Signed in, so /account/address is the account page itself rather than the log-in redirect.
  await signIn(page);
  for (const path of [
    '/upload-results/how-to-export',
    `/shop/${PARTNER_WITH_EVERY_PLAN}/pricing/monthly`,
    '/checkout/thank-you',
    '/account/address',
  ]) {
    await page.goto(path);
    const example = EXAMPLES.find((candidate) => candidate.path === path);
    const area = example?.area ?? 'account';
    const heading = page
      .locator(`[data-area="${area}"]`)
      .getByRole('heading', { level: 1 })
      .first();
    await expect(heading).toBeVisible();
    const before = await heading.textContent();
    const reloaded = await page.reload();
    expect(reloaded?.status(), path).toBe(200);
    expect(reloaded?.headers()['content-type'], path).toContain('text/html');
    await expect(heading).toHaveText(before ?? '');
    if (area === 'account')
      await expect(page.locator('[data-area="account"]')).toContainText(
        'Logged in as demo@bloodwise.test',
      );
    expect(new URL(page.url()).pathname).toBe(path);
  }
});

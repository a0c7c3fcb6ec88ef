// Partner storefronts in a real browser against the built shop: branding on every route, an
// unknown key, the redirect partner, accessibility, and screenshots of two partners.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { screenshotAtWidths } from '../support/screenshots';
import { waitForLivePage } from '../support/first-view';
import { afterNextPaints } from '../support/settled';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/storefront';
const PAGES = [
  '',
  '/pricing',
  '/pricing/one-time',
  '/pricing/add-ons',
  '/pricing/monthly',
  '/pricing/quarterly',
  '/pricing/annual',
  '/checkout',
  '/checkout/thank-you',
  '/shopping-cart',
];

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

// A web-first assertion retries, so an element the live page replaces after the server's first
// view is read again rather than read once while detached (an empty computed style).
async function expectBackground(page: Page, selector: string, colour: string) {
  await expect(page.locator(selector).first()).toHaveCSS('background-color', colour);
}

test.describe('partner storefront branding', () => {
  test("a branded partner shows its colours, logo, favicon and businessName on every route, and never the product's name", async ({
    page,
    shop,
  }) => {
    test.setTimeout(120_000);
    const acme = await (await shop.api.get('/api/v1/customization/acme-wellness')).json();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const path of PAGES) {
      await test.step(path || '/', async () => {
        await page.goto(`/shop/acme-wellness${path}`);
        const area = page.locator('[data-area="storefront"]');
        await expect(area.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByTestId('partner-name')).toHaveText('Acme Wellness');
        await expect(page.getByTestId('partner-logo')).toHaveAttribute('src', acme.logo);
        await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', acme.favicon);
        await expect(page).toHaveTitle(/ \| Acme Wellness$/);
        await expect(page.locator('head meta[name="og:title"]')).toHaveAttribute(
          'content',
          'Acme Wellness',
        );
        await expectBackground(page, '.site-header', rgb('#4a2a73'));
        await expectBackground(page, '.site-footer', rgb('#2e1a47'));
        await expect(page.locator('body')).not.toContainText(/\bBloodwise\b/);
      });
    }
    // The add-to-cart buttons take the partner colour too.
    await page.goto('/shop/acme-wellness/pricing');
    await expect(page.getByRole('button', { name: /^Add to cart: / }).first()).toBeVisible();
    await expectBackground(page, '.sf-offer .sf-button', rgb('#6b3fa0'));
    await expectBackground(page, '.sf-offer', 'rgb(255, 255, 255)');
    expect(errors).toEqual([]);
  });

  test("a long businessName stays readable at 375 px, and the partner's footer words and links show on every page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const description =
      'Your Health Business helps employers offer preventive blood testing to their teams.';
    for (const path of ['', '/pricing']) {
      await page.goto(`/shop/your-health-business${path}`);
      await expect(
        page.locator('[data-area="storefront"]').getByRole('heading', { level: 1 }),
      ).toBeVisible();
      // The whole name shows: nothing cut off, and the page does not scroll sideways. Measured on
      // the live page, so the element read is not the server's, about to be replaced.
      await waitForLivePage(page);
      const name = page.getByTestId('partner-name');
      await expect(name).toHaveText('Your Health Business');
      expect(
        await name.evaluate((element) => ({
          cut: element.scrollWidth > element.clientWidth,
          ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
        })),
      ).toEqual({ cut: false, ellipsis: false });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
    // Off the main page, the frame's footer carries the partner's description and links.
    const frameFooter = page.locator('footer.storefront-footer');
    await expect(frameFooter.getByText(description)).toBeVisible();
    await expect(frameFooter.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/yourhealthbusiness',
    );
    // On the main page the catalog's closing band shows them, and the frame does not repeat them.
    await page.goto('/shop/your-health-business');
    const band = page.getByRole('region', { name: 'About Your Health Business' });
    await expect(band.getByText(description)).toBeVisible();
    await expect(
      band.getByRole('link', { name: 'Your Health Business on Facebook' }),
    ).toHaveAttribute('href', 'https://facebook.com/yourhealthbusiness');
    await expect(frameFooter.getByText(description)).toHaveCount(0);
  });

  test("the main page's kit box carries the partner's box logo, and its chips and pictures take the partner's colours", async ({
    page,
    shop,
  }) => {
    const acme = await (await shop.api.get('/api/v1/customization/acme-wellness')).json();
    await page.goto('/shop/acme-wellness');
    const steps = page.getByRole('region', { name: 'How it works' });
    const boxLogo = steps.getByRole('listitem').first().getByTestId('box-logo');
    await expect(boxLogo).toBeVisible();
    await expect(boxLogo).toHaveAttribute('src', acme.boxLogo);
    await expect(boxLogo).toHaveAttribute('alt', 'Acme Wellness logo on the kit box');
    await expectBackground(page, '.mp-step-media', rgb('#f4effa'));
    const chip = page.locator('.mp-chips li').first();
    await expect(chip).toBeVisible();
    await expect(chip).toHaveCSS('background-color', rgb('#6b3fa0'));
    await expect(chip).toHaveCSS('color', 'rgb(255, 255, 255)');
  });

  test("an unknown key shows 'Not found' with the API's 404 and a way back to the main shop", async ({
    page,
  }) => {
    const answer = page.waitForResponse((response) =>
      response.url().includes('/api/v1/customization/no-such-partner'),
    );
    await page.goto('/shop/no-such-partner/pricing');
    expect((await answer).status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.getByText(/There is no partner shop at this address\./)).toBeVisible();
    await expect(page).toHaveTitle('Not found');
    await page.getByRole('link', { name: 'Go to the main shop' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeHidden();
  });

  test('a redirect partner sends main and pricing visitors to its link, but not checkout visitors', async ({
    page,
  }) => {
    const target = 'https://redirect-partner.example.com/shop';
    await page.route(`${target}*`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<title>Partner site</title><h1>Partner site</h1>',
      }),
    );
    for (const path of ['', '/pricing', '/pricing/monthly', '/pricing/add-ons']) {
      await page.goto(`/shop/redirect-partner${path}`);
      await expect(page, path || '/').toHaveURL(target);
      await expect(page.getByRole('heading', { name: 'Partner site' })).toBeVisible();
    }
    for (const path of ['/checkout', '/shopping-cart', '/checkout/thank-you']) {
      await page.goto(`/shop/redirect-partner${path}`);
      await expect(
        page.locator('[data-area="storefront"]').getByRole('heading', { level: 1 }),
      ).toBeVisible();
      // The checkout area has mounted inside the storefront, so a redirect effect would have run.
      await expect(page.locator('[data-area="checkout"]')).toBeVisible();
      await afterNextPaints(page);
      expect(new URL(page.url()).pathname, path).toBe(`/shop/redirect-partner${path}`);
    }
  });

  test('storefront pages have no serious or critical accessibility violations, at both widths; screenshots of two partners', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    for (const partner of ['acme-wellness', 'harbor-health']) {
      for (const path of ['', '/pricing', '/shopping-cart', '/checkout']) {
        await page.goto(`/shop/${partner}${path}`);
        await expect(
          page.locator('[data-area="storefront"]').getByRole('heading', { level: 1 }),
        ).toBeVisible();
        if (path === '') await expect(page.getByRole('region', { name: /^How/ })).toBeVisible();
        if (path === '/pricing')
          await expect(page.getByTestId('storefront-offer').first()).toBeVisible();
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await expectNoSeriousA11yViolations(page);
          // Nothing sticks out sideways on a phone (the header used to).
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${partner}${path} at ${width}`,
          ).toBeLessThanOrEqual(width);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
        if (path === '' || path === '/pricing')
          await screenshotAtWidths(page, SHOTS, `${partner}${path.replace(/\//g, '-') || '-main'}`);
      }
    }
  });
});

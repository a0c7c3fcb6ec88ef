// A partner's main and pricing pages are drawn on the server in the partner's frame
// (docs/decisions/server-rendered-first-view.md): read from the HTML alone, taken over by the
// browser without a second copy, and never drawn for an unknown partner or one that redirects.
import { DEMO_CUSTOMIZATIONS } from '../../api/src/db/seed/demo-partners-and-discounts';
import { dataLayerEvents, waitForDataLayerEvent } from '../support/data-layer';
import {
  firstViewReady,
  interact,
  openAndTakeOver,
  runsCodeOf,
  waitForLivePage,
} from '../support/first-view';
import { expect, test } from '../support/shop-server';

const acme = DEMO_CUSTOMIZATIONS['acme-wellness']!;

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a partner's main page and pricing are there from the HTML alone, in the partner's frame", async ({
    page,
    shop,
  }) => {
    await firstViewReady(shop.api, '/shop/acme-wellness');
    await page.goto('/shop/acme-wellness');
    await expect(page.getByRole('heading', { level: 1, name: acme.mainPageTitle! })).toBeVisible();
    await expect(page.getByText(acme.bannerContent!)).toBeVisible();
    await expect(page.getByText(acme.businessName!).first()).toBeVisible();
    // The shop's own name is not the page's brand.
    await expect(page.getByRole('link', { name: 'Bloodwise home' })).toHaveCount(0);

    await firstViewReady(shop.api, '/shop/acme-wellness/pricing');
    await page.goto('/shop/acme-wellness/pricing');
    await expect(page.getByTestId('storefront-offer').first()).toBeVisible();
    await expect(
      page.getByTestId('storefront-offer').filter({ hasText: 'Acme Complete Panel' }),
    ).toHaveCount(1);
  });
});

test('the browser takes over a partner first view: one live page, no leftover copy, no errors', async ({
  page,
  shop,
}) => {
  const problems = await openAndTakeOver(page, shop.api, '/shop/acme-wellness/pricing');
  await expect(
    page.locator('[data-area="storefront"]').getByRole('heading', { level: 1 }),
  ).toHaveCount(1);
  // It is live: adding an offer reaches the partner's cart.
  await page
    .getByTestId('storefront-offer')
    .filter({ hasText: 'Acme Complete Panel' })
    .getByRole('button', { name: /add to cart/i })
    .click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/shopping-cart$/);
  expect(problems).toEqual([]);
});

test("the pricing page's view_item events go out as it opens, once each, before any storefront code", async ({
  page,
  shop,
}) => {
  const storefrontCode: string[] = [];
  page.on('request', (request) => {
    if (runsCodeOf('mf_storefront')(request)) storefrontCode.push(request.url());
  });
  await firstViewReady(shop.api, '/shop/acme-wellness/pricing');
  await page.goto('/shop/acme-wellness/pricing');
  // Sent by the shell from the server's list: one per offer card, naming the partner. The server
  // drew Acme's offers (a page with no card would make every "once each" below hold vacuously).
  const offers = page.getByTestId('storefront-offer');
  await expect(offers.filter({ hasText: 'Acme Complete Panel' })).toHaveCount(1);
  await expect(page.locator('[data-first-view-area="storefront"]')).toBeVisible();
  const cards = await offers.count();
  expect(cards).toBeGreaterThanOrEqual(2);
  const opened = await waitForDataLayerEvent(page, 'view_item', cards);
  expect(opened).toHaveLength(cards);
  for (const entry of opened) expect(entry.business_key).toBe('acme-wellness');
  expect(storefrontCode).toEqual([]);

  // The live cards send the same events at the takeover: dropped. Adding an offer still counts.
  await interact(page);
  await waitForLivePage(page);
  expect(storefrontCode.length).toBeGreaterThan(0);
  await page
    .getByTestId('storefront-offer')
    .filter({ hasText: 'Acme Complete Panel' })
    .getByRole('button', { name: /add to cart/i })
    .click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/shopping-cart$/);
  expect(await dataLayerEvents(page, 'view_item')).toHaveLength(cards);
  expect(await dataLayerEvents(page, 'add_to_cart')).toHaveLength(1);
});

test('an unknown partner and a partner that redirects get no first view', async ({ shop }) => {
  // A warm renderer first, so an answer without a first view is the rule, not a slow render.
  await firstViewReady(shop.api, '/shop/acme-wellness');
  for (const path of [
    '/shop/no-such-partner',
    '/shop/redirect-partner',
    '/shop/redirect-partner/pricing',
  ]) {
    const response = await shop.api.get(path, { headers: { accept: 'text/html' } });
    expect(await response.text(), path).not.toContain('id="shop-first-view"');
  }
});

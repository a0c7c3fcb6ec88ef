// The catalog's server-rendered first view (docs/decisions/server-rendered-first-view.md): the main
// page and pricing read from the HTML alone, the browser takes over without a second copy or a
// flash back to a skeleton, and the server renderers themselves are never served.
import { formatMoney } from '../../shared/src/format/money';
import { DEMO_PRICES, DEMO_PRODUCTS } from '../../api/src/db/seed/demo-catalog';
import { MAIN_PAGE_CONTENT } from '../../api/src/db/seed/catalog-content';
import { firstViewReady, openAndTakeOver } from '../support/first-view';
import { expect, test } from '../support/shop-server';

const quarterly = () => {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.key === 'bloodwise-quarterly')!;
  const price = DEMO_PRICES.find(
    (candidate) => candidate.productKey === product.key && !candidate.metadata.partner,
  )!;
  return { title: product.title, amount: formatMoney(price.unitAmount) };
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the main page and pricing are there from the HTML alone: header, seeded copy, seeded prices, footer', async ({
    page,
    shop,
  }) => {
    await firstViewReady(shop.api, '/');
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: MAIN_PAGE_CONTENT.hero.title }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: MAIN_PAGE_CONTENT.howItWorks.title }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests & pricing' }),
    ).toHaveAttribute('href', '/pricing');
    await expect(page.locator('footer.site-footer')).toBeVisible();

    await firstViewReady(shop.api, '/pricing');
    await page.goto('/pricing');
    const { title, amount } = quarterly();
    const card = page
      .locator('[data-interval="quarterly"] article')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card.locator('.cat-price')).toHaveText(`${amount}per 3 months`);
    await expect(page.getByRole('radio', { name: 'Quarterly' })).toBeChecked();
  });
});

test('the browser takes over the first view: one live page, no leftover copy, no errors', async ({
  page,
  shop,
}) => {
  // The live page has replaced the server's element, in place.
  const problems = await openAndTakeOver(page, shop.api, '/pricing');
  await expect(page.locator('.area-root[data-area="catalog"][hidden]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  // It is live: switching the interval re-renders the table and updates the address.
  await page
    .getByRole('radiogroup', { name: 'How often do you want to test?' })
    .getByText('Monthly', { exact: true })
    .click();
  await expect(page).toHaveURL(/interval=monthly$/);
  expect(problems).toEqual([]);
});

test('server renderers are code for the server, never files for the browser', async ({
  page,
  shop,
}) => {
  expect((await shop.api.get('/ssr/render.cjs')).status()).toBe(404);
  const registry = (await (await shop.api.get('/remotes.json')).json()) as {
    remotes: Record<string, { manifestUrl: string }>;
  };
  const catalogBase = registry.remotes.mf_catalog!.manifestUrl.replace(/mf-manifest\.json$/, '');
  expect((await shop.api.get(`${catalogBase}mf-manifest.json`)).status()).toBe(200);
  expect((await shop.api.get(`${catalogBase}ssr/render.cjs`)).status()).toBe(404);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: MAIN_PAGE_CONTENT.hero.title }),
  ).toBeVisible();
});

// Field data end to end: with every page load sampled, a shopper's visit to /pricing (with a query)
// loads the web-vitals reporter after the page is live and sends its LCP, INP and CLS as the
// shopper leaves; the operator console's Field data screen then shows /pricing's 75th percentile,
// filed under the route pattern, with its sample count and not yet rated (one sample is too few). What the body holds is checked in the shell's
// unit tests: the browser does not show tests a request sent from a page being left.
import { expect, test } from '@playwright/test';
import { signInOperator } from '../support/accounts';
import { waitForLivePage } from '../support/first-view';
import { startShopServer, type ShopServer } from '../support/shop-server';

const PASSWORD = 'Field-data-pass-2026!';
// One page load is below the console's minimum for a rating: the figure is shown, not rated.
const UNRATED = 'Not enough data';

let server: ShopServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startShopServer({
    env: { SHOP_WEB_VITALS_SAMPLE_RATE: '1' },
    label: 'platform-web-vitals',
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test("a measured visit reaches the operator console as its route's p75", async ({ browser }) => {
  test.setTimeout(120_000);
  const shopper = await browser.newContext({ baseURL: server.url });
  const page = await shopper.newPage();
  const reporter = page.waitForResponse((response) =>
    /\/field-vitals\.[^/]+\.js$/.test(response.url()),
  );
  await page.goto('/pricing?utm_source=newsletter');
  await waitForLivePage(page);
  await reporter;
  // A tap, so the visit has an interaction to measure (and LCP is settled at it).
  await page.getByRole('heading', { level: 1 }).first().click();
  // Leaving hides the page, which sends what was measured.
  await page.goto('/');
  await waitForLivePage(page);
  await shopper.close();

  const context = await browser.newContext({ baseURL: server.url });
  const ops = await context.newPage();
  await signInOperator(server, ops, PASSWORD);
  await ops
    .getByRole('navigation', { name: 'Operator console' })
    .getByRole('link', { name: 'Field data' })
    .click();
  await expect(ops.getByRole('heading', { level: 2, name: 'Field data' })).toBeVisible();
  const day = ops.getByRole('region', { name: 'Last 24 hours' });
  const pricing = day.getByRole('row').filter({ has: ops.getByText('/pricing', { exact: true }) });
  // Sent as the shopper left: read again until it is stored.
  await expect(async () => {
    await ops.getByRole('button', { name: 'Refresh' }).click();
    await expect(pricing).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  // One sample of each: its p75 is its value, in seconds, milliseconds and unitless.
  await expect(pricing).toContainText(new RegExp(`\\d+\\.\\d{2} s ${UNRATED}1 sample`));
  await expect(pricing).toContainText(new RegExp(`\\d+ ms ${UNRATED}1 sample`));
  await expect(pricing).toContainText(new RegExp(`\\d\\.\\d{3} ${UNRATED}1 sample`));
  await expect(day.getByText('All catalog pages')).toBeVisible();
  // Filed under the route pattern, never the address the shopper opened.
  await expect(ops.getByText(/utm_source/)).toHaveCount(0);
  await expect(ops.getByRole('region', { name: 'Last 7 days' })).toContainText('/pricing');
  await context.close();
});

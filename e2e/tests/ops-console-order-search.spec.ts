// The operator finds a customer's order by what the customer reads out (the thank-you page's
// number, in either case), by part of their e-mail and by their card's last four; a row opens the
// order on a page of its own, from the keyboard too, where the refund dialog says whether the plan
// keeps billing (a subscription's order names its plan). The Jobs screen lists a dead job with its error and retries it. The subscriptions
// table fits at 1280 px, and no screen scrolls sideways at 375 px.
//
// A dead job cannot be made through the pages, so the database is prepared before the server
// starts: migrated, with one dead job of a kind no runner handles (a retry leaves it queued), and
// one subscriber with a long e-mail whose plan (bought by a paid order) keeps billing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { migrateToLatest } from '../../api/src/db/migrate';
import { openDatabase } from '../../api/src/db/open-database';
import { signInOperator } from '../support/accounts';
import { checkOutAsGuest, uniqueEmail } from '../support/checkout-flow';
import { screenshotAtWidths } from '../support/screenshots';
import { startShopServer, type ShopServer } from '../support/shop-server';

const SHOTS = '/tmp/shots/ops';
const PASSWORD = 'Console-pass-2026!';
const DEAD_KIND = 'e2e.dead-probe';
const DEAD_ERROR = 'The lab API answered 503 five times';
const SEARCH = 'Order number, e-mail or card’s last four';
const SUBSCRIBER = 'a-rather-long-subscriber-address@example-company.com';
const SUBSCRIPTION = 'sub_e2e_ops_search_with_a_long_identifier';
const DAY_MS = 86_400_000;
let planOrderId: string;

let dir: string;
let server: ShopServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-console-order-search-'));
  const dataDir = path.join(dir, 'pglite');
  await fs.mkdir(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db);
    const at = new Date(Date.now() - 3_600_000);
    await handle.db
      .insertInto('jobs')
      .values({
        kind: DEAD_KIND,
        payload: JSON.stringify({ probe: true }),
        job_key: null,
        singleton_key: null,
        status: 'dead',
        run_at: at,
        attempts: 5,
        max_attempts: 5,
        locked_until: null,
        locked_by: null,
        last_error: DEAD_ERROR,
        created_at: at,
        updated_at: at,
        finished_at: at,
      })
      .execute();
    const { id } = await handle.db
      .insertInto('orders')
      .values({
        kind: 'consumer',
        user_id: null,
        email: SUBSCRIBER,
        name: 'Long Name Subscriber',
        status: 'paid',
        currency: 'usd',
        subtotal_cents: 2900,
        discount_cents: 0,
        shipping_cents: 0,
        total_cents: 2900,
        discount_code: null,
        ship_upfront: false,
        bnpl: false,
        bnpl_consent_id: null,
        business_key: null,
        marketing_enabled: false,
        session_id: null,
        shipping_address: JSON.stringify({}),
        payment_charge_id: null,
        payment_method_id: null,
        payment_label: 'Visa •••• 1881',
        idempotency_key: null,
        buyer_token_hash: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planOrderId = id;
    await handle.db
      .insertInto('payment_customers')
      .values({ id: 'cus_e2e_ops_search', user_id: null, email: SUBSCRIBER, name: 'Long Name' })
      .execute();
    await handle.db
      .insertInto('payment_subscriptions')
      .values({
        id: SUBSCRIPTION,
        customer_id: 'cus_e2e_ops_search',
        price_id: 'price_bloodwise_monthly',
        payment_method_id: null,
        quantity: 1,
        status: 'active',
        current_period_start: at,
        current_period_end: new Date(at.getTime() + 30 * DAY_MS),
        billing_anchor: at,
        origin_order_id: id,
        created_at: at,
      })
      .execute();
  } finally {
    await handle.close();
  }
  server = await startShopServer({ env: { DATA_DIR: dataDir }, label: 'ops-console-order-search' });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** How far the page itself scrolls sideways (0: its content fits the viewport). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function search(page: Page, text: string) {
  const box = page.getByLabel(SEARCH);
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`[?&]q=${encodeURIComponent(text).replace(/[.]/g, '\\.')}`),
  );
  await expect(page.getByRole('status').filter({ hasText: /matching the filters/ })).toBeVisible();
}

test('an operator finds an order by number, e-mail or last four, opens it and sees what a refund does', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const buyer = uniqueEmail('ops-search');
  const shopper = await browser.newPage({ baseURL: server.url });
  const orderId = await checkOutAsGuest(shopper, { email: buyer });
  const number = orderId.slice(0, 8).toUpperCase();
  // The number the customer reads on their thank-you page.
  await expect(shopper.getByText(number, { exact: true })).toBeVisible();
  await shopper.close();

  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInOperator(server, page, PASSWORD);
  await page.goto('/ops/orders');
  const row = page.getByRole('row', { name: `Order ${number}, ${buyer}` });

  for (const text of [number, number.toLowerCase(), buyer.split('@')[0]!.slice(-10), '4242']) {
    await search(page, text);
    await expect(row, `searching for ${text}`).toBeVisible();
  }
  await search(page, 'nobody-at-all');
  await expect(row).toHaveCount(0);
  await search(page, number);
  await screenshotAtWidths(page, SHOTS, 'order-search');

  // The keyboard reaches the row, and Enter opens the order where the operator is looking.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/ops/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Order ${number}` })).toBeFocused();
  const refund = page.getByRole('button', { name: /^Refund the whole order/ });
  await expect(refund).toBeInViewport();
  await screenshotAtWidths(page, SHOTS, 'order-detail');

  await refund.click();
  const dialog = page.getByRole('dialog', { name: /^Refund \$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`goes back to ${buyer}, on Visa •••• 4242`);
  await expect(dialog).not.toContainText('plan');
  // Centred in the window, not stuck to an edge.
  const box = (await dialog.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(24);
  await screenshotAtWidths(page, SHOTS, 'order-refund-dialog');
  await dialog.getByRole('button', { name: 'Keep the money' }).click();
  await expect(dialog).toBeHidden();

  // Back returns to the same search; the page never scrolls sideways on a phone.
  await page.getByRole('link', { name: '← Back to orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/ops/orders\\?q=${number}$`));
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(row).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
  // The customer's e-mail is in reach without scrolling the table; whole in its title.
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByTitle(buyer)).toBeInViewport({ ratio: 1 });
  await page.goto(`/ops/orders/${orderId}`);
  await expect(refund).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);

  // A subscription's order names its plan and where it stands (the refund dialog's words about
  // the plan are proven in mf-ops/test/orders.test.tsx: this seeded order has no charge to refund).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/ops/orders/${planOrderId}`);
  await expect(page.getByRole('link', { name: SUBSCRIPTION })).toBeVisible();
  await expect(page.getByText(`Plan ${SUBSCRIPTION}: active`)).toBeVisible();

  // The subscriptions table: whole at 1280 px, ids and e-mails whole in their titles.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/ops/subscriptions');
  const email = page.getByText(SUBSCRIBER, { exact: true });
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('title', SUBSCRIBER);
  await expect(
    page.getByRole('link', { name: `Open subscription ${SUBSCRIPTION}` }),
  ).toHaveAttribute('title', SUBSCRIPTION);
  const overflow = await page
    .locator('.ops-table-scroll')
    .evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBe(0);
  await expect(page.getByRole('columnheader', { name: 'Failures' })).toBeInViewport({ ratio: 1 });
  await screenshotAtWidths(page, SHOTS, 'subscriptions-table');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('columnheader', { name: 'Failures' })).toBeInViewport({ ratio: 1 });
  expect(await pageOverflow(page)).toBe(0);
  await context.close();
});

test('the Jobs screen lists a dead job with its error and retries it', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInOperator(server, page, PASSWORD);
  await page
    .getByRole('navigation', { name: 'Operator console' })
    .getByRole('link', { name: 'Jobs' })
    .click();
  await expect(page).toHaveURL(/\/ops\/jobs$/);
  const job = page.getByRole('listitem').filter({ hasText: DEAD_KIND });
  await expect(job).toContainText(DEAD_ERROR);
  await expect(job).toContainText('5 of 5');
  await screenshotAtWidths(page, SHOTS, 'jobs');
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await pageOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  const retried = page.waitForResponse((response) =>
    /\/api\/v1\/ops\/jobs\/\d+\/retry$/.test(response.url()),
  );
  await job.getByRole('button', { name: /^Retry job \d+/ }).click();
  expect((await retried).status()).toBe(200);
  await expect(page.getByText(/is queued again, due now/)).toBeVisible();
  await expect(job).toHaveCount(0);
  await context.close();
});

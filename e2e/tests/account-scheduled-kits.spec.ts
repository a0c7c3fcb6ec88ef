// Kits on a schedule, as the shopper sees them: /account marks a subscription whose next kit is
// scheduled, and the thank-you page offers no upgrade the shopper already has kits scheduled for.
//
// How a kit becomes scheduled here (scheduled-kits.ts): a subscription row that still runs (active;
// cancelled to its period end, until that end). No page or API creates a provider subscription
// (only the demo seed does), and every upgrade is a one-time price, so neither state can be reached
// through the shop. This file's server therefore opens a database prepared before it starts: the
// demo seed (the demo shopper's active quarterly subscription), plus an active subscription to the
// mini panel and a canceled monthly one for the demo shopper, written through the provider's table.
// Everything after that goes through the real pages: log-in, checkout with the saved card, thank-you.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { migrateToLatest } from '../../api/src/db/migrate';
import { openDatabase } from '../../api/src/db/open-database';
import { DEMO_USER } from '../../api/src/db/seed/demo-partners-and-discounts';
import { seedDemoData } from '../../api/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../api/src/services/account/password-hasher';
import { cartWithKit, THANK_YOU_URL } from '../support/checkout-flow';
import { startShopServer, type ShopServer } from '../support/shop-server';

let dir: string;
let server: ShopServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'account-scheduled-kits-'));
  const dataDir = path.join(dir, 'pglite');
  await fs.mkdir(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { hashPassword: createPasswordHasher().hash });
    const now = new Date();
    const inAMonth = new Date(now.getTime() + 30 * 24 * 3_600_000);
    const { id: customerId, userId } = await handle.db
      .selectFrom('payment_customers')
      .innerJoin('users', 'users.id', 'payment_customers.user_id')
      .select(['payment_customers.id', 'users.id as userId'])
      .where('users.email', '=', DEMO_USER.email)
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('payment_subscriptions')
      .values([
        {
          id: 'sub_e2e_mini_panel',
          customer_id: customerId,
          user_id: userId,
          price_id: 'price_mini_panel_upgrade',
          quantity: 1,
          status: 'active',
          current_period_start: now,
          current_period_end: inAMonth,
          billing_anchor: now,
        },
        {
          id: 'sub_e2e_monthly_canceled',
          customer_id: customerId,
          user_id: userId,
          price_id: 'price_bloodwise_monthly',
          quantity: 1,
          status: 'canceled',
          current_period_start: now,
          current_period_end: inAMonth,
          billing_anchor: now,
          canceled_at: now,
        },
      ])
      .execute();
  } finally {
    await handle.close();
  }
  server = await startShopServer({ env: { DATA_DIR: dataDir }, label: 'account-scheduled-kits' });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** A page of this file's server, in a browser context of its own. */
async function shopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

const accountArea = (page: Page) => page.locator('[data-area="account"]');

/** Opens /account, which asks for a log-in, and logs the demo shopper in there: back on /account. */
async function logInAsDemoShopper(page: Page) {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?/);
  const form = accountArea(page);
  await form.getByLabel('Email').fill(DEMO_USER.email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

// The answer comes at the end of a chain (log-in, redirect, the account area, the subscriptions,
// then this call), which can outlast the 10 s action timeout on a busy machine.
const scheduledAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => response.ok() && /\/kits\/products\/has-scheduled\?/.test(response.url()),
    { timeout: 45_000 },
  );

test('/account marks the subscription whose next kit is scheduled, and only that one', async ({
  browser,
}) => {
  const page = await shopPage(browser);
  const scheduled = scheduledAnswer(page);
  await logInAsDemoShopper(page);
  expect((await (await scheduled).json()).hasScheduled).toEqual({
    bloodwise_quarterly: true,
    bloodwise_monthly: false,
  });

  const membership = accountArea(page).getByRole('region', { name: 'Membership' });
  const line = (title: string) =>
    membership.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
  await expect(line('Bloodwise Quarterly')).toContainText('Active');
  await expect(line('Bloodwise Quarterly').getByTestId('kit-scheduled')).toHaveText(
    'Next kit scheduled',
  );
  await expect(line('Bloodwise Monthly')).toContainText('Canceled');
  await expect(line('Bloodwise Monthly').getByTestId('kit-scheduled')).toHaveCount(0);
  // The mini panel is no plan: it is not listed as one.
  await expect(membership.getByRole('listitem')).toHaveCount(2);
  await page.context().close();
});

test('the thank-you page leaves out the upgrade the shopper already has kits scheduled for', async ({
  browser,
}) => {
  const page = await shopPage(browser);
  await logInAsDemoShopper(page);
  await cartWithKit(page);
  await page.goto('/checkout');
  await expect(page.getByLabel(/Visa •••• 4242/)).toBeChecked();
  const scheduled = scheduledAnswer(page);
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(THANK_YOU_URL);
  expect((await (await scheduled).json()).hasScheduled).toMatchObject({
    mini_panel_upgrade: true,
    easy_draw_device: false,
    bp_monitor_tape: false,
  });

  const upgrades = page.locator('[data-area="upgrades"]');
  // Offers show together once every answer is in, the scheduled kits included.
  await expect(
    upgrades.getByRole('article', { name: 'Easy-Draw Collection Device' }),
  ).toBeVisible();
  await expect(
    upgrades.getByRole('article', { name: 'Blood-Pressure Monitor with Measuring Tape' }),
  ).toBeVisible();
  await expect(upgrades.getByRole('article', { name: 'Mini Panel' })).toHaveCount(0);
  await expect(upgrades.getByRole('article')).toHaveCount(2);
  await page.context().close();
});

// The operator's Subscriptions screen: an operator finds a subscriber by e-mail, retries the
// past-due renewal (the card is charged once and the plan is active again, with its renewal order),
// pauses the plan until a day, then cancels it now with a reason; the subscriber is mailed each
// change and the console's change log shows the operator's actions.
//
// A past-due renewal cannot be reached through the pages with the built-in provider (a card either
// always pays or always declines), so this file's server opens a database prepared before it
// starts: the demo seed plus one subscriber whose first renewal was declined, written through the
// provider's and the subscription's tables. Everything after that goes through the console.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { migrateToLatest } from '../../api/src/db/migrate';
import { openDatabase } from '../../api/src/db/open-database';
import { seedDemoData } from '../../api/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../api/src/services/account/password-hasher';
import { signInOperator } from '../support/accounts';
import { screenshotAtWidths } from '../support/screenshots';
import { startShopServer, type ShopServer } from '../support/shop-server';

const SHOTS = '/tmp/shots/ops';
const PASSWORD = 'Console-pass-2026!';
const SUBSCRIBER = 'renewing-subscriber@example.com';
const SUBSCRIPTION = 'sub_e2e_ops_past_due';
const DAY_MS = 86_400_000;

let dir: string;
let server: ShopServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-console-subscriptions-'));
  const dataDir = path.join(dir, 'pglite');
  await fs.mkdir(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, { hashPassword: createPasswordHasher().hash });
    const now = Date.now();
    const declinedOn = new Date(now - 2 * DAY_MS);
    const anchor = new Date(declinedOn.getTime() - 30 * DAY_MS);
    await handle.db
      .insertInto('payment_customers')
      .values({ id: 'cus_e2e_ops', user_id: null, email: SUBSCRIBER, name: 'Rene Subscriber' })
      .execute();
    await handle.db
      .insertInto('payment_methods')
      .values({
        id: 'pm_e2e_ops_visa',
        customer_id: 'cus_e2e_ops',
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 4,
        test_behaviour: 'succeed',
        is_default: true,
      })
      .execute();
    await handle.db
      .insertInto('payment_subscriptions')
      .values({
        id: SUBSCRIPTION,
        customer_id: 'cus_e2e_ops',
        price_id: 'price_bloodwise_monthly',
        payment_method_id: 'pm_e2e_ops_visa',
        quantity: 1,
        status: 'past_due',
        current_period_start: anchor,
        current_period_end: declinedOn,
        billing_anchor: anchor,
        failed_attempts: 1,
        // Its next automatic try is days away: only the operator's retry runs it now.
        next_retry_at: new Date(now + 5 * DAY_MS),
        created_at: anchor,
      })
      .execute();
    await handle.db
      .insertInto('subscription_renewals')
      .values({
        subscription_id: SUBSCRIPTION,
        cycle: 1,
        period_start: declinedOn,
        period_end: new Date(declinedOn.getTime() + 30 * DAY_MS),
        amount_cents: 9900,
        currency: 'usd',
        status: 'failed',
        charge_id: null,
        order_id: null,
        failure_code: 'insufficient_funds',
        failure_message: 'Your card has insufficient funds.',
        first_failed_at: declinedOn,
      })
      .execute();
  } finally {
    await handle.close();
  }
  server = await startShopServer({
    env: { DATA_DIR: dataDir },
    label: 'ops-console-subscriptions',
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Confirms the open dialog with its button and waits for the API's answer to `action`. */
async function confirm(page: Page, dialogName: string, button: string, action: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/v1/ops/subscriptions/${SUBSCRIPTION}/${action}`) &&
      response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: button }).click();
  expect((await answered).status()).toBe(200);
  await expect(dialog).toBeHidden();
}

test('an operator finds a subscriber by e-mail, retries the past-due renewal, pauses and cancels the plan', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signInOperator(server, page, PASSWORD);
  const status = page.getByTestId('subscription-status');

  await test.step('find the subscriber by e-mail: past due, one failed try', async () => {
    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Subscriptions' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Subscriptions' })).toBeVisible();
    await page.getByLabel('E-mail address or subscription id').fill(SUBSCRIBER.toUpperCase());
    await page.getByLabel('E-mail address or subscription id').press('Enter');
    const open = page.getByRole('link', { name: `Open subscription ${SUBSCRIPTION}` });
    await expect(open).toBeVisible();
    const row = page.getByRole('row').filter({ has: open });
    await expect(row.getByText('Past due')).toBeVisible();
    await expect(row.getByText(SUBSCRIBER)).toBeVisible();
    await expect(page.getByText('1 subscription matching the filters')).toBeVisible();
    await open.click();
    await expect(status).toContainText('Past due');
    await expect(
      page
        .getByRole('region', { name: 'Renewals' })
        .getByText('insufficient_funds: Your card has insufficient funds.'),
    ).toBeVisible();
    await screenshotAtWidths(page, SHOTS, 'subscriptions');
  });

  await test.step('retry now: the card is charged, the plan is active again with its renewal order', async () => {
    await page.getByRole('button', { name: 'Retry the renewal now' }).click();
    await expect(page.getByRole('dialog', { name: 'Retry the renewal now?' })).toContainText(
      'for cycle 1 now (try 2)',
    );
    await confirm(page, 'Retry the renewal now?', 'Retry now', 'retry');
    // The try runs as a job; the detail is read again until its outcome shows.
    await expect(status).toContainText('Active', { timeout: 30_000 });
    const renewals = page.getByRole('region', { name: 'Renewals' });
    await expect(renewals.getByText('Paid', { exact: true })).toBeVisible();
    await expect(renewals.getByRole('link')).toHaveCount(1);
    await expect
      .poll(async () => (await server.outbox(SUBSCRIBER)).map((mail) => mail.subject))
      .toContainEqual(expect.stringMatching(/renewed/));
  });

  await test.step('pause until a day three weeks ahead: paused, and the subscriber is told', async () => {
    await page.getByRole('button', { name: 'Pause' }).click();
    const day = new Date(Date.now() + 21 * DAY_MS).toISOString().slice(0, 10);
    const dialog = page.getByRole('dialog', { name: 'Pause renewals until a day' });
    await dialog.getByLabel(/Renewals start again on/).fill(day);
    await dialog.getByLabel(/^Reason/).fill('Travelling');
    await screenshotAtWidths(page, SHOTS, 'subscription-pause-dialog');
    await confirm(page, 'Pause renewals until a day', 'Pause', 'pause');
    await expect(status).toContainText('Paused');
    const [mail] = await server.outbox(SUBSCRIBER);
    expect(mail?.subject).toMatch(/is paused until/);
  });

  await test.step('cancel now with a reason: cancelled, nothing more to do, the change log says who', async () => {
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' });
    await dialog.getByLabel(/^Now:/).check();
    await dialog.getByLabel(/^Reason/).fill('Asked by phone');
    await confirm(page, 'Cancel this subscription?', 'Cancel subscription', 'cancel');
    await expect(status).toContainText('Cancelled');
    await expect(
      page.getByText('This subscription is cancelled: it cannot change any more.'),
    ).toBeVisible();
    const changes = page.getByRole('region', { name: 'Changes' });
    for (const action of ['Retry', 'Paused', 'Cancelled now'])
      await expect(changes.getByText(action, { exact: true })).toBeVisible();
    const [mail] = await server.outbox(SUBSCRIBER);
    expect(mail?.subject).toMatch(/has ended/);
    await screenshotAtWidths(page, SHOTS, 'subscription-detail');
  });

  await test.step('the settings page shows the dunning defaults', async () => {
    // The detail is a page of its own; the settings are linked from the list.
    await page.getByRole('link', { name: '← Back to subscriptions' }).click();
    await page.getByRole('link', { name: 'Dunning and reminder settings' }).click();
    await expect(page.getByLabel(/Try again after/)).toHaveValue('1, 3, 7, 14');
    await screenshotAtWidths(page, SHOTS, 'subscription-settings');
  });
  await context.close();
});

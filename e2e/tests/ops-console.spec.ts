// The operator console at /ops: an operator made with `shop operator add` sets a password from the
// mailed link, signs in, rolls the catalog back (a shopper's next load gets the earlier version),
// creates a partner (its storefront answers), and refunds a shopper's order. Everyone else gets the
// not-found page there, and the browser never asks for a file of the console.
import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import type { OpsOrderDetail } from '../../shared/src/contract/ops';
import { resetPasswordLink } from '../support/accounts';
import { checkOutAsGuest, uniqueEmail } from '../support/checkout-flow';
import {
  releaseServerForFile,
  findBuiltText,
  liveVersionFrom,
  patchedCopyOfBuild,
  type ReleaseServer,
} from '../support/releases';
import { waitForLivePage } from '../support/first-view';
import { screenshotAtWidths } from '../support/screenshots';

const SHOTS = '/tmp/shots/ops';
const PASSWORD = 'Console-pass-2026!';

const currentServer = releaseServerForFile(async (server) => {
  const deployed = await server.shop('deploy-all');
  if (deployed.code !== 0)
    throw new Error(`shop deploy-all failed:\n${deployed.out}\n${deployed.err}`);
});

/** How far the page itself scrolls sideways (0: its content fits the viewport). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Every URL the page asks for that belongs to the console's remote. */
function opsRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/mf_ops|mf-ops/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** A fresh shopper's load of the main page: the catalog version its browser fetched, once live. */
async function shopperLoad(
  browser: Browser,
  server: ReleaseServer,
): Promise<{ page: Page; catalogVersion: string }> {
  const page = await browser.newPage({ baseURL: server.url });
  const entry = page.waitForResponse((response: Response) =>
    /\/remotes\/mf_catalog\/[^/]+\/remoteEntry\.js$/.test(response.url()),
  );
  await page.goto('/');
  const version = decodeURIComponent(
    /\/remotes\/mf_catalog\/([^/]+)\//.exec((await entry).url())![1]!,
  );
  await expect(page.locator('[data-area="catalog"] h1').first()).toBeVisible();
  await waitForLivePage(page);
  return { page, catalogVersion: version };
}

test('a shopper and an anonymous visitor on /ops get the not-found page, and no console file', async ({
  browser,
}) => {
  const server = currentServer();
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const asked = opsRequests(page);

  const anonymous = await page.goto('/ops');
  expect(anonymous?.status()).toBe(404);
  await expect(page.locator('[data-page="not-found"]')).toBeVisible();

  // A signed-in shopper: the API answers the console's session call with its 404, so the same page.
  const email = uniqueEmail('shopper-ops');
  const signup = await context.request.post('/auth2/signup', {
    data: { email, name: 'Sam Shopper', password: PASSWORD },
  });
  expect(signup.status()).toBe(202);
  const [mail] = await server.outbox(email);
  const token = /token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
  expect(
    (
      await context.request.post('/auth2/signup/confirm', {
        data: { token: decodeURIComponent(token ?? '') },
      })
    ).status(),
  ).toBe(200);
  const session = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/ops/session'),
  );
  const shopper = await page.goto('/ops/releases');
  expect(shopper?.status()).toBe(404);
  expect((await session).status()).toBe(404);
  await expect(page.locator('[data-page="not-found"]')).toBeVisible();
  expect(asked).toEqual([]);
  await context.close();
});

test('an operator rolls back the catalog, creates a partner and refunds an order from the console', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = currentServer();
  const email = uniqueEmail('operator');

  await test.step('shop operator add mails a set-password link; the operator sets a password and signs in', async () => {
    const added = await server.shop('operator', 'add', email, '--name', 'Olga');
    expect(added.code, `${added.out}\n${added.err}`).toBe(0);
    expect(added.out).toContain(`${email} is an operator`);
  });
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto(await resetPasswordLink(server, email));
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();

  await page.goto('/login?redirect=%2Fops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(page).toHaveURL(/\/ops\/releases$/);

  await test.step('Releases: a second catalog release, then a rollback that a shopper sees on the next load', async () => {
    const before = await shopperLoad(browser, server);
    const v1 = before.catalogVersion;
    const v1Text = await findBuiltText(before.page, 'catalog', 'mf-catalog');
    await before.page.close();
    const folder = await patchedCopyOfBuild(server.workDir, 'mf-catalog', 'ops-v2', [
      [v1Text, `${v1Text} (v2)`],
    ]);
    const v2 = liveVersionFrom(await server.shop('deploy', 'mf-catalog', '--from', folder));
    expect(v2).not.toBe(v1);
    expect((await shopperLoad(browser, server)).catalogVersion).toBe(v2);

    // The console reads the registry afresh on each visit.
    await page.reload();
    const catalog = page.getByLabel('catalog live version');
    await expect(catalog.getByText(v2, { exact: true })).toBeVisible();
    await screenshotAtWidths(page, SHOTS, 'releases');
    await page.getByRole('button', { name: 'Roll back catalog to the previous version' }).click();
    const rolledBack = page.waitForResponse((response) =>
      response.url().endsWith('/deliveries/mf_catalog/rollback'),
    );
    await page.getByRole('button', { name: 'Roll back', exact: true }).click();
    expect((await rolledBack).status()).toBe(200);
    await expect(page.getByText(`mf_catalog ${v1} is live (was ${v2})`)).toBeVisible();
    await expect(catalog.getByText(v1, { exact: true })).toBeVisible();
    // The history the CLI prints has the rollback too.
    const status = await server.shop('status');
    expect(status.out).toMatch(
      new RegExp(`rollback\\s+${v2.replace(/[+.]/g, '\\$&')} -> ${v1.replace(/[+.]/g, '\\$&')}`),
    );
    await expect(
      page.getByRole('region', { name: 'History' }).getByRole('cell', { name: 'rollback' }).first(),
    ).toBeVisible();

    const after = await shopperLoad(browser, server);
    expect(after.catalogVersion).toBe(v1);
    await expect(
      after.page.locator('[data-area="catalog"]').getByText(v1Text, { exact: true }).first(),
    ).toBeVisible();
    await expect(after.page.getByText(`${v1Text} (v2)`)).toHaveCount(0);
    await after.page.close();
  });

  await test.step('Partners: create a partner; its storefront answers with its name', async () => {
    const key = `ops-${Date.now().toString(36)}`;
    const name = `Console Partner ${key}`;
    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Partners' })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: 'Partners' })).toBeVisible();
    await page.getByRole('button', { name: 'New partner' }).click();
    await page.getByLabel(/^Shop key/).fill(key);
    await page.getByLabel('Business name').fill(name);
    await page.getByLabel('Title', { exact: true }).fill('Know your numbers');
    // The preview is the catalog's partner main page, with the values not saved yet.
    await expect(
      page.locator('.ops-preview [data-area="catalog"]').getByText('Know your numbers').first(),
    ).toBeVisible();
    await screenshotAtWidths(page, SHOTS, 'partner-editor');
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/ops/partners') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create partner' }).click();
    expect((await created).status()).toBe(201);
    await expect(page.getByText(`${name} is published`)).toBeVisible();
    await page.getByRole('link', { name: '← All partners' }).click();
    await expect(page.getByRole('link', { name: `Edit ${name}` })).toBeVisible();
    await screenshotAtWidths(page, SHOTS, 'partners');

    const shopper = await browser.newPage({ baseURL: server.url });
    await shopper.goto(`/shop/${key}`);
    await expect(shopper.getByText(name).first()).toBeVisible();
    await shopper.close();
  });

  await test.step('Orders: a shopper orders; the list opens with it; the operator finds it by e-mail and refunds it', async () => {
    const buyer = uniqueEmail('ops-buyer');
    const shopper = await browser.newPage({ baseURL: server.url });
    const orderId = await checkOutAsGuest(shopper, { email: buyer });
    await shopper.close();

    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Orders' })
      .click();
    // The screen opens on the newest orders, the shopper's among them, with no search typed.
    await expect(page.getByRole('link', { name: `Open order ${orderId}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /\d+ orders?/ })).toBeVisible();
    // The shoppers' chat bubble is not part of the console.
    await expect(page.getByRole('button', { name: 'Chat with us' })).toHaveCount(0);
    await screenshotAtWidths(page, SHOTS, 'orders-list');
    // At a phone's width the table scrolls inside its box; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await pageOverflow(page)).toBe(0);
    await page.goto('/ops/releases');
    await expect(page.getByRole('region', { name: 'History' })).toBeVisible();
    expect(await pageOverflow(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // A filter is kept in the address: the same link shows the same list.
    await page.goto('/ops/orders?status=paid');
    await expect(page.getByRole('link', { name: `Open order ${orderId}` })).toBeVisible();
    await page.goto('/ops/orders?status=failed');
    await expect(
      page.getByRole('status').filter({ hasText: /orders? matching the filters/ }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Open order ${orderId}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/ops\/orders$/);

    await page.getByLabel('Order number, e-mail or card’s last four').fill(buyer);
    await page.getByLabel('Order number, e-mail or card’s last four').press('Enter');
    await page.getByRole('link', { name: `Open order ${orderId}` }).click();
    const refundButton = page.getByRole('button', { name: /^Refund the whole order/ });
    await expect(refundButton).toBeEnabled();
    await screenshotAtWidths(page, SHOTS, 'orders');
    await refundButton.click();
    const refunded = page.waitForResponse((response) =>
      response.url().endsWith(`/orders/${orderId}/refunds`),
    );
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Refund \$/ })
      .click();
    const answer = await refunded;
    expect(answer.status()).toBe(200);
    const { order } = (await answer.json()) as { order: OpsOrderDetail };
    expect(order.refundable).toBe(0);
    expect(order.charges.every((charge) => charge.amountRefunded === charge.amount)).toBe(true);
    await expect(page.getByRole('button', { name: 'Fully refunded' })).toBeDisabled();
    await expect(page.getByTestId('refundable')).toHaveText('$0');
    await expect(
      page.getByRole('region', { name: 'Refunds' }).getByText('succeeded'),
    ).toBeVisible();
    await screenshotAtWidths(page, SHOTS, 'orders-refunded');
  });
  await context.close();
});

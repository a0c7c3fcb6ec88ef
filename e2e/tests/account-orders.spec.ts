// A guest buys a monthly plan; the thank-you page tells them that the account with the order's
// e-mail gets the plan and the order, and links to make one. They sign up with it (the mailed link
// proves the e-mail), and the account then has the plan and the order: its order history lists it,
// its page shows the receipt with its lines and totals (downloadable as a PDF), and the plan's
// history links to it. At the phone and desktop widths nothing runs past the screen. Also here:
// /account/uploads opens with its heading below the sticky header.
import fs from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { signupConfirmationLink } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { checkOutAsGuest, uniqueEmail } from '../support/checkout-flow';
import { screenshotAtWidths, SHOT_WIDTHS } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/account-orders';
const area = (page: Page): Locator => page.locator('[data-area="account"]');

/** Nothing on the page is wider than the screen, at each of the phone and desktop widths. */
async function fitsEveryWidth(page: Page) {
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a guest’s plan and order join the account made with the order’s e-mail, with the order’s receipt', async ({
  page,
  shop,
}) => {
  // A checkout, a sign-up and its confirmation, and four account pages on a two-core machine.
  test.setTimeout(180_000);
  await fs.mkdir(SHOTS, { recursive: true });
  const email = uniqueEmail('guest-plan');
  const orderId = await checkOutAsGuest(page, { email, lookupKey: 'bloodwise_monthly' });
  const number = orderId.slice(0, 8).toUpperCase();

  const note = page.getByRole('region', { name: 'Manage your subscription' });
  await expect(note).toContainText(`use an account with ${email}`);
  await expectNoSeriousA11yViolations(page);
  await note.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\?redirect=%2Faccount$/);
  const signup = area(page);
  await signup.getByLabel('Full name').fill('Mary Ann Lee');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill('guest-plan-password-42');
  await signup.getByRole('button', { name: 'Create account' }).click();
  await expect(signup.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  await page.goto(await signupConfirmationLink(shop, email));
  await expect(page).toHaveURL(/\/account$/);
  await expect(area(page).getByRole('link', { name: 'Bloodwise Monthly' })).toBeVisible();
  await area(page).getByRole('link', { name: 'Orders', exact: true }).click();

  await expect(page).toHaveURL(/\/account\/orders$/);
  const row = area(page).getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Order ${number}`);
  await expect(row).toContainText('Bloodwise Monthly');
  await expect(row).toContainText('Bloodwise shop');
  await expect(row).toContainText('Paid');
  await fitsEveryWidth(page);
  await expectNoSeriousA11yViolations(page);
  await screenshotAtWidths(page, SHOTS, 'order-history');

  await row.getByRole('link', { name: `Order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
  await expect(
    area(page).getByRole('heading', { level: 1, name: `Order ${number}` }),
  ).toBeVisible();
  const receipt = area(page).getByRole('region', { name: 'Receipt' });
  await expect(receipt.getByRole('list', { name: 'Items' })).toContainText('Bloodwise Monthly');
  await expect(receipt.getByLabel('Totals')).toContainText('Total$');
  await expect(area(page).getByRole('region', { name: 'Payment' })).toContainText('4242');
  await expect(area(page).getByRole('region', { name: 'Shipping address' })).toContainText(
    '10 Elm St',
  );
  await expect(area(page).getByRole('region', { name: 'Refunds' })).toContainText(
    'No refunds on this order.',
  );
  await fitsEveryWidth(page);
  await expectNoSeriousA11yViolations(page);
  await screenshotAtWidths(page, SHOTS, 'order-detail');

  const download = page.waitForEvent('download');
  await receipt.getByRole('link', { name: 'Download receipt (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`bloodwise-receipt-${number}.pdf`);
  const pdf = await fs.readFile(await file.path());
  expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  expect(pdf.toString('latin1')).toContain(`Order ${number}`);

  // The plan's history names the order by the same number, and opens it.
  await area(page).getByRole('link', { name: 'Your subscription' }).click();
  await expect(page).toHaveURL(/\/account\/subscriptions\/sub_/);
  await area(page)
    .getByRole('list', { name: 'Orders, renewals and changes' })
    .getByRole('link', { name: `Order ${number}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
  await expect(
    area(page).getByRole('heading', { level: 1, name: `Order ${number}` }),
  ).toBeVisible();

  // /account/uploads scrolls to its panel: the heading stops below the sticky header.
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/account/uploads');
    const heading = area(page).getByRole('heading', { level: 2, name: 'Lab results' });
    await expect(heading).toBeFocused();
    const header = await page.locator('.site-header').boundingBox();
    await expect
      .poll(async () => (await heading.boundingBox())?.y ?? -1)
      .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  }
});

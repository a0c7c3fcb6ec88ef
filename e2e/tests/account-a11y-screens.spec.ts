// Account area: every account screen, in its ordinary and its error or open states,
// passes an axe scan with no serious or critical violations at phone and desktop widths, without
// sideways scrolling; screenshots go to /tmp/shots/account for a person to look at.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  resetPasswordLink,
  signupConfirmationLink,
} from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { answerChallenge, cardFrame, fillCard } from '../support/checkout-flow';
import { fullPageShot } from '../support/screenshots';
import { waitForLivePage } from '../support/first-view';
import { expect, test } from '../support/shop-server';
import { DEMO_USER } from '../../api/src/db/seed/demo-partners-and-discounts';

// Each test scans and photographs its screens at two widths; with both cores busy a full-page
// screenshot alone can take many seconds. The tests still wait for state, never for time.
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/shots/account';
const WIDTHS = [375, 1280] as const;

function area(page: Page): Locator {
  return page.locator('[data-area="account"]');
}

/** Scans and photographs the page as it is now, at each width. */
async function scanAndShoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(area(page).locator('.ant-skeleton')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width}px`,
    ).toBeLessThanOrEqual(width);
    await fullPageShot(page, `${SHOTS}/${name}-${width}.png`);
  }
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  // The log-in, sign-up and reset screens are first drawn by the server: scan the live screen.
  await waitForLivePage(page);
  await expect(area(page).getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test('log-in screen, empty and after a wrong password', async ({ page }) => {
  await open(page, '/login', 'Log in');
  await scanAndShoot(page, 'login');
  await area(page).getByLabel('Email').fill(DEMO_USER.email);
  await area(page).getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await area(page).getByRole('button', { name: 'Log in' }).click();
  await expect(area(page).getByRole('alert')).toContainText('Email or password is incorrect');
  await scanAndShoot(page, 'login-error');
});

test('log-in screen for an account from the old store', async ({ page }) => {
  await open(page, '/login', 'Log in');
  await area(page).getByLabel('Email').fill('legacy@bloodwise.test');
  await area(page).getByLabel('Password', { exact: true }).fill('an-old-password-1');
  await area(page).getByRole('button', { name: 'Log in' }).click();
  await expect(area(page).getByText('Your account is from our old store')).toBeVisible();
  await scanAndShoot(page, 'login-legacy');
});

test('sign-up screen, empty and with every error showing', async ({ page }) => {
  await open(page, '/signup', 'Create your account');
  await scanAndShoot(page, 'signup');
  await area(page).getByRole('checkbox', { name: 'I already have a test kit' }).check();
  await area(page).getByLabel('Kit ID').fill('not a kit!');
  await area(page).getByLabel('Password', { exact: true }).fill('short');
  await area(page).getByRole('button', { name: 'Create account' }).click();
  await expect(area(page).getByText('Please enter your name')).toBeVisible();
  await scanAndShoot(page, 'signup-errors');
});

test('sign-up sent ("check your email"), then the emailed link: confirming and already used', async ({
  page,
  shop,
}) => {
  // Three screens, each scanned and photographed at two widths.
  test.setTimeout(150_000);
  const email = `check-${randomBytes(4).toString('hex')}@example.com`;
  await open(page, '/signup', 'Create your account');
  await area(page).getByLabel('Full name').fill('Robin Reader');
  await area(page).getByLabel('Email').fill(email);
  await area(page).getByLabel('Password', { exact: true }).fill('reader-password-12');
  await area(page).getByRole('button', { name: 'Create account' }).click();
  // Keyboard and screen reader: focus lands on the new heading, the status line names the address.
  await expect(
    area(page).getByRole('heading', { level: 1, name: 'Check your email' }),
  ).toBeFocused();
  await expect(area(page).getByRole('status')).toContainText(`We sent an email to ${email}`);
  await scanAndShoot(page, 'signup-check-email');

  // Hold the confirmation call, to see the page while it confirms.
  const link = await signupConfirmationLink(shop, email);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/auth2/signup/confirm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(area(page).getByRole('status')).toHaveText('Confirming your email…');
  await scanAndShoot(page, 'signup-confirming');
  release();
  await expect(page).toHaveURL(/\/account$/);
  await page.unroute('**/auth2/signup/confirm');

  await open(page, new URL(link).pathname + new URL(link).search, 'This link cannot be used');
  await expect(area(page).getByRole('alert')).toContainText('already used');
  await scanAndShoot(page, 'signup-link-used');
});

test('reset screens: request, sent, new password, and a link that cannot be used', async ({
  page,
  request,
  shop,
}) => {
  // Four screens at two widths: more than the default minute on a busy two-core machine.
  test.setTimeout(120_000);
  const account = {
    email: `reset-${randomBytes(3).toString('hex')}@example.com`,
    name: 'Robin Reset',
    password: 'an-old-password-42',
  };
  await createConfirmedAccount(request, shop, account);
  await open(page, '/reset-password', 'Reset your password');
  await scanAndShoot(page, 'reset-request');
  await area(page).getByLabel('Email').fill(account.email);
  await area(page).getByRole('button', { name: 'Send reset link' }).click();
  await expect(area(page).getByText('Check your inbox')).toBeVisible();
  await scanAndShoot(page, 'reset-sent');

  const link = new URL(await resetPasswordLink(shop, account.email));
  await open(page, link.pathname + link.search, 'Choose a new password');
  await expect(area(page).getByLabel('New password', { exact: true })).toBeVisible();
  await scanAndShoot(page, 'reset-new-password');

  // A link the server does not know says so as the page opens.
  await open(page, '/reset-password?linkId=made-up-link', 'Choose a new password');
  await expect(area(page).getByRole('alert')).toContainText('This link cannot be used');
  await expect(area(page).getByLabel('New password', { exact: true })).toHaveCount(0);
  await scanAndShoot(page, 'reset-link-unknown');
});

test('account page with a subscription, cards and address, and each form open', async ({
  page,
  request,
  shop,
}) => {
  test.setTimeout(120_000);
  // The demo shopper shows a subscription (its credit belongs to the cart and checkout, not the
  // account page); the card and address states use a fresh
  // account, so they start empty however often the test runs.
  await open(page, '/login?redirect=%2Faccount', 'Log in');
  await area(page).getByLabel('Email').fill(DEMO_USER.email);
  await area(page).getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await area(page).getByRole('button', { name: 'Log in' }).click();
  await expect(area(page).getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(area(page).getByText('Bloodwise Quarterly')).toBeVisible();
  await expect(area(page).getByText('Account credit')).toHaveCount(0);
  await scanAndShoot(page, 'account-demo');

  const email = `screens-${randomBytes(4).toString('hex')}@example.com`;
  await createConfirmedAccount(request, shop, {
    email,
    name: 'Sam Screens',
    password: 'screens-password-1',
  });
  await page.getByRole('button', { name: 'Demo', exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await open(page, '/login?redirect=%2Faccount', 'Log in');
  await area(page).getByLabel('Email').fill(email);
  await area(page).getByLabel('Password', { exact: true }).fill('screens-password-1');
  await area(page).getByRole('button', { name: 'Log in' }).click();
  await expect(area(page).getByText('No saved cards yet.')).toBeVisible();
  await scanAndShoot(page, 'account-empty');

  const cardForm = area(page).getByRole('form', { name: 'Add a card' });
  await area(page).getByRole('button', { name: 'Add a card' }).click();
  await fillCard(cardForm, '4000 0000 0000 0002');
  await cardForm.getByRole('button', { name: 'Save card' }).click();
  await expect(cardForm.getByText('Your card was declined.')).toBeVisible();
  await scanAndShoot(page, 'account-card-declined');

  await cardFrame(cardForm).getByLabel('Card number').fill('4000 0027 6000 3184');
  await cardForm.getByRole('button', { name: 'Save card' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Confirm your payment with your bank' }),
  ).toBeVisible();
  await scanAndShoot(page, 'account-card-confirm');
  await answerChallenge(page, 'Complete');
  await expect(area(page).getByText('Visa ending in 3184')).toBeVisible();

  await area(page).getByRole('button', { name: 'Add an address' }).click();
  const addressForm = area(page).getByRole('form', { name: 'Shipping address' });
  await addressForm.getByLabel('ZIP code').fill('123');
  await addressForm.getByRole('button', { name: 'Save address' }).click();
  await expect(addressForm.getByText('Please enter an address')).toBeVisible();
  await scanAndShoot(page, 'account-address-form');
});

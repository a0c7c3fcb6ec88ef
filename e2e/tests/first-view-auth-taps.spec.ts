// "Log in" and "Create account" on their server-drawn first views are done by the shell's first
// script (shell/src/federation/first-view-auth-actions.ts): a wrong password shows the live form's
// alert, an accepted sign-up "check your email", while the shell's own code is still held; the live
// page then takes over with what is on screen and the values intact, and nothing is sent twice; a
// right password goes where the live form would.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { API_PATHS } from '../../shared/src/contract/paths';
import { createConfirmedAccount } from '../support/accounts';
import {
  firstViewReady,
  holdFiles,
  firstViewActionsOpen,
  holdShellStart,
  noFirstViewActionPending,
  reactStarted,
  waitForLivePage,
} from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { watchNetwork } from '../support/settled';
import { expect, test } from '../support/shop-server';

/** Every POST to `path` this page sends. */
function countPosts(page: Page, path: string): { count: () => number } {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) sent += 1;
  });
  return { count: () => sent };
}
const countLogIns = (page: Page) => countPosts(page, API_PATHS.login);

const uniqueEmail = (what: string) => `${what}-${randomBytes(4).toString('hex')}@example.com`;

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('a wrong password shows the live form’s alert before the shell runs; the live form takes over with it and the values, and logs in nothing twice', async ({
      page,
    }) => {
      const email = uniqueEmail('first-view-wrong');
      const logIns = countLogIns(page);
      await firstViewReady(page.request, '/login');
      const shell = await holdShellStart(page);
      const network = watchNetwork(page);
      await page.goto('/login');
      await firstViewActionsOpen(page);
      const firstView = page.locator('[data-first-view-area="account"] form');
      await expect(firstView).toBeVisible();

      await firstView.getByLabel('Email').fill(email);
      await firstView.getByLabel('Password', { exact: true }).fill('not-the-password-1');
      await firstView.getByRole('button', { name: 'Log in' }).click();
      await noFirstViewActionPending(page);
      const alert = firstView.getByRole('alert');
      await expect(alert).toContainText('Email or password is incorrect');
      await expect(alert).toContainText('Check both and try again, or reset your password.');
      await expect(firstView.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      await expect(firstView.getByLabel('Password', { exact: true })).toHaveValue(
        'not-the-password-1',
      );
      // The shell asked for its code at the tap, and it is still held: the first script did this.
      await expect.poll(() => shell.asked.length).toBeGreaterThan(0);
      expect(await reactStarted(page)).toBe(false);
      expect(logIns.count()).toBe(1);
      await fullPageShot(page, `/tmp/shots/first-view-login-wrong-password-${width}.png`);

      await shell.release();
      await waitForLivePage(page);
      const live = page.locator('[data-area="account"] form');
      await expect(live.getByRole('alert')).toContainText('Email or password is incorrect');
      await expect(live.getByLabel('Email')).toHaveValue(email);
      await expect(live.getByLabel('Password', { exact: true })).toHaveValue('not-the-password-1');
      await expect(live.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
      // Every request the live page made is answered: a replayed "Log in" would be among them.
      await network.settled();
      expect(logIns.count()).toBe(1);
      expect(await reactStarted(page)).toBe(true);

      // The live form is the shopper's now: an edit takes the message away, a press logs in again.
      await live.getByLabel('Password', { exact: true }).fill('not-the-password-2');
      await expect(live.getByRole('alert')).toHaveCount(0);
      await live.getByRole('button', { name: 'Log in' }).click();
      await expect(live.getByRole('alert')).toContainText('Email or password is incorrect');
      expect(logIns.count()).toBe(2);
    });

    test('"Create account" shows "check your email" before the shell runs; the live page takes over with it, having sent one sign-up, and sends it again on request', async ({
      page,
    }) => {
      const email = uniqueEmail('first-view-signup');
      const signups = countPosts(page, API_PATHS.signup);
      await firstViewReady(page.request, '/signup');
      const shell = await holdShellStart(page);
      const network = watchNetwork(page);
      await page.goto('/signup');
      await firstViewActionsOpen(page);
      const firstView = page.locator('[data-first-view-area="account"]');
      await expect(firstView.locator('form')).toBeVisible();

      await firstView.getByLabel('Full name').fill('Jordan Firsttap');
      await firstView.getByLabel('Email').fill(email);
      await firstView.getByLabel('Password', { exact: true }).fill('first-tap-pass-12');
      await firstView.getByRole('button', { name: 'Create account' }).click();
      await noFirstViewActionPending(page);
      const heading = firstView.getByRole('heading', { level: 1, name: 'Check your email' });
      await expect(heading).toBeFocused();
      await expect(firstView.getByRole('status')).toContainText(`We sent an email to ${email}`);
      await expect(firstView.getByRole('button', { name: 'Send the email again' })).toBeVisible();
      await expect(firstView.locator('form')).toBeHidden();
      await expect.poll(() => shell.asked.length).toBeGreaterThan(0);
      expect(await reactStarted(page)).toBe(false);
      expect(signups.count()).toBe(1);
      await fullPageShot(page, `/tmp/shots/first-view-signup-check-email-${width}.png`);

      await shell.release();
      await waitForLivePage(page);
      const live = page.locator('[data-area="account"]');
      await expect(live.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
      await expect(live.getByRole('status')).toContainText(`We sent an email to ${email}`);
      await network.settled();
      expect(signups.count()).toBe(1);
      expect(await reactStarted(page)).toBe(true);

      // The live page sends the same sign-up again (the values carried over from the first view).
      await live.getByRole('button', { name: 'Send the email again' }).click();
      await expect(live.getByRole('status')).toContainText(`We sent another email to ${email}`);
      expect(signups.count()).toBe(2);
      await live.getByRole('button', { name: 'Use a different email' }).click();
      await expect(live.getByLabel('Full name')).toHaveValue('Jordan Firsttap');
      await expect(live.getByLabel('Email')).toHaveValue(email);
    });
  });
}

test('a right password logs in from the first view and goes to the safe `redirect`, once', async ({
  page,
  request,
  shop,
}) => {
  const email = uniqueEmail('first-view-right');
  await createConfirmedAccount(request, shop, {
    email,
    name: 'Ada Firsttap',
    password: 'first-tap-pass-12',
  });
  const logIns = countLogIns(page);
  await firstViewReady(page.request, '/login');
  await holdShellStart(page);
  await page.goto('/login?redirect=%2Faccount');
  await firstViewActionsOpen(page);
  const firstView = page.locator('[data-first-view-area="account"] form');
  await firstView.getByLabel('Email').fill(email);
  await firstView.getByLabel('Password', { exact: true }).fill('first-tap-pass-12');
  await firstView.getByRole('button', { name: 'Log in' }).press('Enter');
  await expect(page).toHaveURL(/\/account$/);
  expect(logIns.count()).toBe(1);
  const session = await page.request.get(API_PATHS.cmsInfo);
  expect(session.status()).toBe(200);
});

test('fields the live form would refuse send nothing: the press is replayed on the live form, which says what is missing', async ({
  page,
}) => {
  const logIns = countLogIns(page);
  // The account area's code held: the press is made on the first view, then kept.
  const account = await holdFiles(page, (url) => url.pathname.includes('/remotes/mf_account/'));
  await firstViewReady(page.request, '/login');
  await page.goto('/login');
  const firstView = page.locator('[data-first-view-area="account"] form');
  await firstView.getByLabel('Email').fill('not-an-email');
  await firstView.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => account.asked.length).toBeGreaterThan(0);
  await noFirstViewActionPending(page);
  await expect(firstView.getByRole('alert')).toHaveCount(0);
  await account.release();
  const live = page.locator('[data-area="account"] form');
  await expect(live.getByText('Please enter a valid email')).toBeVisible();
  await expect(live.getByText('Please enter your password')).toBeVisible();
  expect(logIns.count()).toBe(0);
});

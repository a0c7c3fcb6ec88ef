// The log-in and sign-up pages' first views (docs/decisions/on-interaction-takeover.md): the form is
// painted from the server's HTML, no account code runs before the visitor interacts, what is
// typed before the takeover reaches the live form (focus included), and logging in or signing up works.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createConfirmedAccount } from '../support/accounts';
import { firstViewReady, holdFiles, reactStarted } from '../support/first-view';
import { expect, test } from '../support/shop-server';

/** The account area's files. */
const holdAccountFiles = async (page: Page) => {
  const { asked, release } = await holdFiles(page, (url) =>
    url.pathname.includes('/remotes/mf_account/'),
  );
  return { accountFiles: asked, release };
};

test('the log-in form is the server’s until the visitor interacts; typed text survives the takeover and logging in works', async ({
  page,
  request,
  shop,
}) => {
  const email = `first-view-${randomBytes(4).toString('hex')}@example.com`;
  await createConfirmedAccount(request, shop, {
    email,
    name: 'Ada Firstview',
    password: 'first-view-pass-12',
  });

  const { accountFiles, release } = await holdAccountFiles(page);
  const registryRead = page.waitForResponse((response) => response.url().endsWith('/remotes.json'));
  const pageViewLogged = page.waitForRequest(
    (request) =>
      request.url().endsWith('/impact/log-page-view') && request.postDataJSON()?.url === '/login',
  );

  await firstViewReady(shop.api, '/login');
  const response = await page.goto('/login');
  const html = await response!.text();
  // The form is in the HTML: its fields by the live form's ids, its button, its look (antd's styles).
  expect(html).toContain('"takeover":"on-interaction"');
  expect(html).toMatch(/<input[^>]*id="username"/);
  expect(html).toMatch(/<input[^>]*id="password"/);
  expect(html).toMatch(/<button[^>]*type="submit"[\s\S]*?Log in/);
  expect(html).toMatch(/<style[^>]*>[^<]*\.ant-btn/);
  expect(response!.headers()['cache-control']).toBe('private, no-store');

  // Until the visitor acts the page is the server's: the shell's basics read the registry, logged
  // the page view and fetched the shell's start files ahead (prefetched, not run); React has not
  // started, and the area's code is not asked for.
  await registryRead;
  await pageViewLogged;
  const serverForm = page.locator('[data-first-view-area="account"] form');
  await expect(serverForm).toBeVisible();
  await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
  expect(await reactStarted(page)).toBe(false);
  expect(accountFiles).toEqual([]);

  // The visitor clicks into the email field: the first interaction asks for the area's code, and
  // the address is typed into the server's field while that code is on its way.
  const serverEmail = serverForm.locator('#username');
  await serverEmail.click();
  await expect.poll(() => accountFiles.length).toBeGreaterThan(0);
  await serverEmail.pressSequentially(email);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(1);

  await release();
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);

  // The live form has the address, and the focus, so typing goes on there.
  const form = page.locator('[data-area="account"] form');
  const liveEmail = form.getByLabel('Email');
  await expect(liveEmail).toHaveValue(email);
  await expect(liveEmail).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('first-view-pass-12');
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('first-view-pass-12');
  await form.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Ada', exact: true })).toBeVisible();
  expect(await reactStarted(page)).toBe(true);
});

test('a sign-up typed into the server’s form while the shell starts, and sent before the account area has loaded, is sent whole', async ({
  page,
  shop,
}) => {
  const email = `first-view-signup-${randomBytes(4).toString('hex')}@example.com`;
  const { accountFiles, release: releaseAccount } = await holdAccountFiles(page);
  // The shell's chunks (react-dom, its app; not its first script, which keeps the clicks): held,
  // so the visitor is in a field before the shell's first render moves the form into its outlet.
  const shell = await holdFiles(page, (url) => /^\/\d+\.[0-9a-f]+\.js$/.test(url.pathname));

  await firstViewReady(shop.api, '/signup');
  await page.goto('/signup', { waitUntil: 'domcontentloaded' });
  const serverForm = page.locator('[data-first-view-area="account"] form');
  await serverForm.getByLabel('Email').fill(email);
  await serverForm.getByLabel('Password', { exact: true }).fill('first-view-pass-12');
  const name = serverForm.getByLabel('Full name');
  await name.click();
  await expect.poll(() => shell.asked.length).toBeGreaterThan(0);
  await shell.release();
  // The shell now holds the server's form in its outlet; typing goes on in the same field.
  await expect(page.locator('[data-first-view] [data-first-view-area="account"]')).toHaveCount(1);
  await page.keyboard.insertText('Jordan Firstview');
  await expect(name).toHaveValue('Jordan Firstview');

  // "Create account" pressed, the area's code still on its way.
  await serverForm.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => accountFiles.length).toBeGreaterThan(0);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(1);

  await releaseAccount();
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);

  // The live form took every value in and sent the sign-up: no field asks to be filled again.
  const live = page.locator('[data-area="account"]');
  await expect(live.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(live.getByRole('status')).toContainText(`We sent an email to ${email}`);
});

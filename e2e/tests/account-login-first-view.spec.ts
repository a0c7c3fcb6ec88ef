// The log-in page's first view (docs/decisions/on-interaction-takeover.md): the form is painted from
// the server's HTML, no account code is fetched before the visitor interacts, what is typed before
// the takeover reaches the live form (focus included), and logging in works.
import { randomBytes } from 'node:crypto';
import type { Route } from '@playwright/test';
import { createConfirmedAccount } from '../support/accounts';
import { firstViewReady } from '../support/first-view';
import { expect, test } from '../support/shop-server';

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

  // The account area's files, held until the test lets them through.
  const accountFiles: string[] = [];
  const held: Route[] = [];
  let released = false;
  await page.route('**/remotes/mf_account/**', (route) => {
    accountFiles.push(route.request().url());
    return released ? route.continue() : void held.push(route);
  });
  const registryRead = page.waitForResponse((response) => response.url().endsWith('/remotes.json'));

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

  // The shell runs and holds the server's form; the area's code is not asked for.
  await registryRead;
  const serverForm = page.locator('[data-first-view] [data-first-view-area="account"] form');
  await expect(serverForm).toBeVisible();
  expect(accountFiles).toEqual([]);

  // The visitor clicks into the email field: the first interaction asks for the area's code, and
  // the address is typed into the server's field while that code is on its way.
  const serverEmail = serverForm.locator('#username');
  await serverEmail.click();
  await expect.poll(() => accountFiles.length).toBeGreaterThan(0);
  await serverEmail.pressSequentially(email);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(1);

  released = true;
  await Promise.all(held.splice(0).map((route) => route.continue()));
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
});

// Accounts for browser specs. Sign-up makes no account by itself: the account exists once the
// emailed confirmation link is opened, so specs read that link from the server's dev outbox.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ShopServer } from './shop-server';

export interface NewAccount {
  email: string;
  name: string;
  password: string;
}

/** The confirmation link in the newest mail to `email` that has one (the sign-up's answer came after it was queued). */
export async function signupConfirmationLink(
  shop: Pick<ShopServer, 'outbox' | 'url'>,
  email: string,
): Promise<string> {
  // The newest mail with such a link: a paid order's receipt may have come after it.
  const mail = (await shop.outbox(email)).find((message) =>
    message.text.includes('/signup/confirm?'),
  );
  const link = /https?:\/\/\S+\/signup\/confirm\?token=[A-Za-z0-9_%-]+/.exec(mail?.text ?? '')?.[0];
  expect(link, `a confirmation link in the newest mail to ${email}: ${mail?.text}`).toBeDefined();
  expect(link!.startsWith(`${shop.url}/signup/confirm?token=`)).toBe(true);
  return link!;
}

/** The reset link in the newest mail to `email`. */
export async function resetPasswordLink(
  shop: Pick<ShopServer, 'outbox' | 'url'>,
  email: string,
): Promise<string> {
  const [mail] = await shop.outbox(email);
  const link = /https?:\/\/\S+\/reset-password\?linkId=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link, `a reset link in the newest mail to ${email}: ${mail?.text}`).toBeDefined();
  expect(link!.startsWith(`${shop.url}/reset-password?linkId=`)).toBe(true);
  return link!;
}

/** Signs up and confirms through the API, as the emailed link would; `request` is then logged in. */
export async function createConfirmedAccount(
  request: APIRequestContext,
  shop: Pick<ShopServer, 'outbox' | 'url'>,
  account: NewAccount,
): Promise<void> {
  const created = await request.post('/auth2/signup', { data: account });
  expect(created.status()).toBe(202);
  const token = new URL(await signupConfirmationLink(shop, account.email)).searchParams.get(
    'token',
  );
  const confirmed = await request.post('/auth2/signup/confirm', { data: { token } });
  expect(confirmed.status()).toBe(200);
}

/** An operator made with `shop operator add`, password set from the mailed link, signed in on the console. */
export async function signInOperator(
  server: Pick<ShopServer, 'outbox' | 'url' | 'shop'>,
  page: Page,
  password: string,
): Promise<void> {
  const email = `operator-${Date.now().toString(36)}@example.com`;
  const added = await server.shop('operator', 'add', email, '--name', 'Olga');
  expect(added.code, `${added.out}\n${added.err}`).toBe(0);
  await page.goto(await resetPasswordLink(server, email));
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
  await page.goto('/login?redirect=%2Fops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
}

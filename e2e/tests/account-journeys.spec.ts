// Account area in a real browser against the built shop: the whole journey from sign-up
// (confirmed by the link read from the dev outbox) to a password reset read from the outbox too,
// the /account guard, and the card rules.
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  createConfirmedAccount,
  resetPasswordLink,
  signupConfirmationLink,
} from '../support/accounts';
import { answerChallenge, cardFrame, fillCard } from '../support/checkout-flow';
import { waitForDataLayerEvent } from '../support/data-layer';
import { waitForLivePage } from '../support/first-view';
import { expect, test } from '../support/shop-server';

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

function area(page: Page): Locator {
  return page.locator('[data-area="account"]');
}

async function logIn(page: Page, email: string, password: string) {
  // A first view of the form is taken over at the first interaction: fill the live one.
  await waitForLivePage(page);
  const form = area(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** The shell's header menu: resets analytics, calls POST /auth2/logout, then goes to '/'. */
async function logOut(page: Page, firstName: string) {
  const logoutCall = page.waitForResponse(
    (response) =>
      response.url().endsWith('/auth2/logout') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: firstName, exact: true }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  expect((await logoutCall).status()).toBe(200);
  await waitForDataLayerEvent(page, 'logout');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
}

async function addCard(page: Page, number: string, { makeDefault = false } = {}) {
  await area(page).getByRole('button', { name: 'Add a card' }).click();
  const form = area(page).getByRole('form', { name: 'Add a card' });
  await fillCard(form, number);
  if (makeDefault) await form.getByRole('checkbox', { name: 'Make this my default card' }).check();
  await form.getByRole('button', { name: 'Save card' }).click();
  return form;
}

const savedCard = (page: Page, name: string) =>
  area(page)
    .getByRole('list', { name: 'Saved cards' })
    .getByRole('listitem')
    .filter({ hasText: name });

test('sign up, log out, log in, cards, address, password reset from the outbox', async ({
  page,
  shop,
}) => {
  // A long story on a two-core machine: give it room beyond the 60 s default.
  test.setTimeout(150_000);
  const email = uniqueEmail('journey');
  const firstPassword = 'first-password-123';
  const newPassword = 'second-password-456';

  // Sign up: nobody is logged in until the emailed link is opened; then the account page.
  await page.goto('/signup');
  const signup = area(page);
  await signup.getByLabel('Full name').fill('Jordan Journey');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill(firstPassword);
  await signup.getByRole('button', { name: 'Create account' }).click();
  await expect(signup.getByRole('heading', { level: 1, name: 'Check your email' })).toBeFocused();
  await expect(signup.getByRole('status')).toContainText(`We sent an email to ${email}`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto(await signupConfirmationLink(shop, email));
  await expect(page).toHaveURL(/\/account$/);
  await expect(area(page).getByText(`Logged in as ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Jordan', exact: true })).toBeVisible();

  // Log out from the header menu, then log back in.
  await logOut(page, 'Jordan');
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, firstPassword);
  await expect(page).toHaveURL(/\/$/);
  const [logInEvent] = await waitForDataLayerEvent(page, 'log_in');
  expect(logInEvent).toMatchObject({ event: 'log_in', method: 'password' });

  // Add two cards and make the second the default.
  await page.getByRole('button', { name: 'Jordan', exact: true }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await addCard(page, '4242 4242 4242 4242');
  await expect(savedCard(page, 'Visa ending in 4242')).toContainText('Default');
  await addCard(page, '5555 5555 5555 4444');
  await expect(savedCard(page, 'Mastercard ending in 4444')).not.toContainText('Default');
  await area(page)
    .getByRole('button', { name: 'Make Mastercard ending in 4444 the default card' })
    .click();
  await expect(savedCard(page, 'Mastercard ending in 4444')).toContainText('Default');
  await expect(savedCard(page, 'Visa ending in 4242')).not.toContainText('Default');

  // Edit the shipping address.
  await area(page).getByRole('button', { name: 'Add an address' }).click();
  const address = area(page).getByRole('form', { name: 'Shipping address' });
  await expect(address.getByLabel('Full name')).toHaveValue('Jordan Journey');
  await address.getByLabel('Address line 1').fill('100 Congress Ave');
  await address.getByLabel('Address line 2 (optional)').fill('Suite 200');
  await address.getByLabel('City').fill('Austin');
  await address.getByLabel('State').fill('Texas');
  await page.keyboard.press('Enter');
  await address.getByLabel('ZIP code').fill('78701');
  await address.getByRole('button', { name: 'Save address' }).click();
  const shipping = area(page).getByRole('region', { name: 'Shipping address' });
  await expect(shipping).toContainText('100 Congress Ave');
  await expect(shipping).toContainText('Austin, TX 78701');

  // The saved data survives a reload.
  await page.reload();
  await expect(savedCard(page, 'Mastercard ending in 4444')).toContainText('Default');
  await expect(area(page).getByRole('region', { name: 'Shipping address' })).toContainText(
    'Suite 200',
  );

  // Request a reset while logged out and follow the emailed link. The reloaded page is the
  // server's until the first interaction; the header's menu is the live shell's.
  await waitForLivePage(page);
  await logOut(page, 'Jordan');
  await page.goto('/reset-password');
  await area(page).getByLabel('Email').fill(email.toUpperCase());
  await area(page).getByRole('button', { name: 'Send reset link' }).click();
  await expect(area(page).getByRole('status')).toContainText('If an account exists for that email');
  const link = await resetPasswordLink(shop, email);

  await page.goto(link!);
  await area(page).getByLabel('New password', { exact: true }).fill(newPassword);
  await area(page).getByLabel('Repeat the new password').fill(newPassword);
  await area(page).getByRole('button', { name: 'Save new password' }).click();
  await expect(area(page).getByText('Your password is changed')).toBeVisible();

  // The old password fails without saying which field was wrong; the new one works.
  await area(page).getByRole('link', { name: 'Log in' }).click();
  await logIn(page, email, firstPassword);
  await expect(area(page).getByRole('alert')).toContainText('Email or password is incorrect');
  await expect(area(page).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(area(page).getByLabel('Password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await area(page).getByLabel('Password', { exact: true }).fill(newPassword);
  await area(page).getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Jordan', exact: true })).toBeVisible();

  // The link worked once: opened again, the page says so before any password is typed.
  await page.goto(link!);
  await expect(area(page).getByRole('alert')).toContainText('already used');
  await expect(area(page).getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(area(page).getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('a sign-up from the cart, confirmed on another device, lands back in the cart with it merged', async ({
  page,
  browser,
  shop,
}) => {
  const email = uniqueEmail('cart-signup');
  await page.goto('/shopping-cart?add=bloodwise_kit_one_time');
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await page.goto('/signup?redirect=%2Fshopping-cart');
  const signup = area(page);
  await signup.getByLabel('Full name').fill('Casey Cart');
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password', { exact: true }).fill('cart-password-123');
  await signup.getByRole('button', { name: 'Create account' }).click();
  await expect(signup.getByRole('status')).toContainText(email);

  // The link opened in a browser that never saw this cart: the sign-up carried its session id.
  const elsewhere = await browser.newContext({ baseURL: shop.url });
  try {
    const other = await elsewhere.newPage();
    await other.goto(await signupConfirmationLink(shop, email));
    await expect(other).toHaveURL(/\/shopping-cart$/);
    await expect(other.getByRole('button', { name: 'Casey', exact: true })).toBeVisible();
    await expect(other.getByTestId('summary-line')).toHaveCount(1);
    // The link worked once.
    await other.goto(await signupConfirmationLink(shop, email));
    await expect(area(other).getByRole('alert')).toContainText('already used');
  } finally {
    await elsewhere.close();
  }
});

test('/account while logged out goes to log in and comes back after it', async ({
  page,
  request,
  shop,
}) => {
  const email = uniqueEmail('guard');
  await createConfirmedAccount(request, shop, {
    email,
    name: 'Guarded Shopper',
    password: 'guarded-password-1',
  });

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await logIn(page, email, 'guarded-password-1');
  await expect(page).toHaveURL(/\/account$/);
  await expect(area(page).getByText(`Logged in as ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guarded', exact: true })).toBeVisible();
});

test('a declined card shows its reason; a card the bank must confirm is saved after the confirm step', async ({
  page,
  request,
  shop,
}) => {
  const email = uniqueEmail('cards');
  await createConfirmedAccount(request, shop, {
    email,
    name: 'Card Tester',
    password: 'card-password-12',
  });
  await page.goto('/login?redirect=%2Faccount');
  await logIn(page, email, 'card-password-12');
  await expect(page).toHaveURL(/\/account$/);

  const declined = await addCard(page, '4000 0000 0000 0002');
  await expect(declined.getByText('Your card was declined.')).toBeVisible();
  await expect(cardFrame(declined).getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
  await declined.getByRole('button', { name: 'Cancel' }).click();
  await expect(area(page).getByText('No saved cards yet.')).toBeVisible();

  await addCard(page, '4000 0027 6000 3184');
  // The bank's step runs at the provider; the card is saved only once the provider says so.
  await expect(
    page.getByRole('dialog', { name: 'Confirm your payment with your bank' }),
  ).toBeVisible();
  await expect(area(page).getByText('No saved cards yet.')).toBeVisible();
  await answerChallenge(page, 'Complete');
  await expect(savedCard(page, 'Visa ending in 3184')).toContainText('Default');

  // Removing asks first.
  await area(page).getByRole('button', { name: 'Remove Visa ending in 3184' }).click();
  await page.getByRole('button', { name: 'Remove card' }).click();
  await expect(area(page).getByText('No saved cards yet.')).toBeVisible();
});

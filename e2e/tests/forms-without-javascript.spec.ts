// With scripts off (a blocked script, a failed chunk, a partner's strict CSP), the server's pages
// still work as plain forms (docs/decisions/forms-without-javascript.md): "Add to cart" on /pricing
// and on a partner's pricing page, "+", "−" and Remove in the cart, and Log in each post the form,
// the area's handler makes the API call, and the answer is a 303 to the page that shows the result.
import type { Page } from '@playwright/test';
import { FIRST_VIEW_STATE_ID } from '../../shared/src/ssr/server-render';
import { API_PATHS } from '../../shared/src/contract/paths';
import { createConfirmedAccount } from '../support/accounts';
import { uniqueEmail } from '../support/checkout-flow';
import { firstViewReady } from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const ACME_KIT = 'Acme Complete Panel';
const ACME_PRICING = '/shop/acme-wellness/pricing';
const ACME_CART = '/shop/acme-wellness/shopping-cart';

/** The page as the server drew it: its first view is there (no script will draw it otherwise). */
async function drawnByServer(page: Page): Promise<void> {
  await expect(page.locator(`script#${FIRST_VIEW_STATE_ID}`)).toHaveCount(1);
}

/** The quantity the cart shows for its only line. */
const lineQuantity = (page: Page) => page.getByTestId('summary-line').locator('output');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [375, 1280]) {
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 800 } });

      test('"Add to cart" on /pricing opens the cart with the line; "+", "−" and Remove change it', async ({
        page,
        shop,
      }) => {
        await firstViewReady(shop.api, '/pricing');
        await firstViewReady(shop.api, '/shopping-cart');
        await page.goto('/pricing');
        await drawnByServer(page);
        await page
          .getByRole('button', { name: /^Add to cart: / })
          .first()
          .click();

        await expect(page).toHaveURL(/\/shopping-cart$/);
        await drawnByServer(page);
        await expect(page.getByTestId('summary-line')).toHaveCount(1);
        await expect(lineQuantity(page)).toHaveText('1');
        await fullPageShot(page, `/tmp/shots/no-js-cart-${width}.png`);

        await page.getByRole('button', { name: /^One more / }).click();
        await expect(lineQuantity(page)).toHaveText('2');
        await page.getByRole('button', { name: /^One more / }).click();
        await expect(lineQuantity(page)).toHaveText('3');
        await page.getByRole('button', { name: /^One fewer / }).click();
        await expect(lineQuantity(page)).toHaveText('2');

        await page.getByRole('button', { name: /^Remove/ }).click();
        await expect(page).toHaveURL(/\/shopping-cart$/);
        await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
        await expect(page.getByTestId('summary-line')).toHaveCount(0);
      });

      test('a refused change is said on the cart page once, and the cart is as it was', async ({
        page,
        shop,
        baseURL,
      }) => {
        await firstViewReady(shop.api, '/pricing');
        await firstViewReady(shop.api, '/shopping-cart');
        await page.goto('/pricing');
        await page
          .getByRole('button', { name: /^Add to cart: / })
          .first()
          .click();
        await expect(lineQuantity(page)).toHaveText('1');
        const lookupKey = await page
          .locator('form[id^="cart-line-"] input[name="lookupKey"]')
          .first()
          .getAttribute('value');

        // The form as a stale tab or a hand-edited page could post it: more than a line may hold.
        const refused = await page.request.post('/shopping-cart', {
          form: { _form: 'cart-line', lookupKey: lookupKey ?? '', quantity: '99' },
          headers: { origin: baseURL ?? '' },
          maxRedirects: 0,
        });
        expect(refused.status()).toBe(303);
        await page.goto('/shopping-cart');
        await expect(page.getByRole('alert')).toContainText('Your cart was not changed');
        await expect(lineQuantity(page)).toHaveText('1');
        await fullPageShot(page, `/tmp/shots/no-js-cart-refused-${width}.png`);

        // Said once: the next visit is the plain cart.
        await page.reload();
        await drawnByServer(page);
        await expect(page.getByRole('alert')).toHaveCount(0);
      });

      test('"Add to cart" on a partner\'s pricing page opens the partner\'s cart with the line', async ({
        page,
        shop,
      }) => {
        await firstViewReady(shop.api, ACME_PRICING);
        await firstViewReady(shop.api, ACME_CART);
        await page.goto(ACME_PRICING);
        await drawnByServer(page);
        await page.getByRole('button', { name: `Add to cart: ${ACME_KIT}` }).click();

        await expect(page).toHaveURL(new RegExp(`${ACME_CART}$`));
        await drawnByServer(page);
        await expect(page.getByTestId('summary-line')).toHaveCount(1);
        await expect(page.getByTestId('summary-line')).toContainText(ACME_KIT);
        await fullPageShot(page, `/tmp/shots/no-js-partner-cart-${width}.png`);
      });

      test('Log in: a wrong password says so with the email kept; the right one logs in and goes to ?redirect=', async ({
        page,
        request,
        shop,
      }) => {
        const email = uniqueEmail(`no-js-login-${width}`);
        await createConfirmedAccount(request, shop, {
          email,
          name: 'Ada Noscript',
          password: 'no-script-pass-12',
        });
        await firstViewReady(shop.api, '/login');
        await page.goto('/login?redirect=%2Faccount');
        await drawnByServer(page);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
        await page.getByRole('button', { name: 'Log in' }).click();

        await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
        await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
        await expect(page.getByLabel('Email')).toHaveValue(email);
        await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
        await fullPageShot(page, `/tmp/shots/no-js-login-refused-${width}.png`);

        await page.getByLabel('Password', { exact: true }).fill('no-script-pass-12');
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page).toHaveURL(/\/account$/);
        const session = await page.request.get(API_PATHS.cmsInfo);
        expect(session.status()).toBe(200);
        expect(((await session.json()) as { email?: string }).email).toBe(email);
      });
    });
  }
});

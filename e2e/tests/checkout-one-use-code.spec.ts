// A one-use-per-customer code (the seeded ONCEPER15) in a real browser: the shopper who used it
// and types it again is told so, and an order that still carries it (the code was used in another
// order after it was applied here) is refused with the reason: no order, no thank-you page.
import type { Page } from '@playwright/test';
import {
  cartWithKit,
  fillCard,
  fillContactAndShipping,
  THANK_YOU_URL,
  uniqueEmail,
} from '../support/checkout-flow';
import { expect, test } from '../support/shop-server';

const CODE = 'ONCEPER15';
const ALREADY_USED = 'This discount code was already used with this email address.';
const ORDERS_PATH = '/payments/stripe-subscriptions/checkout/orders';

const discountField = (page: Page) => page.getByRole('textbox', { name: 'Discount code' });
const isOrderPost = (url: string, method: string) =>
  method === 'POST' && new URL(url).pathname === ORDERS_PATH;

/** Records the status of every order the page sends. */
function orderAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (isOrderPost(response.url(), response.request().method())) statuses.push(response.status());
  });
  return statuses;
}

test('the same email typing the code a second time is told it was used, and gets no discount', async ({
  page,
}) => {
  const email = uniqueEmail('once');
  // First use, through the checkout page.
  await cartWithKit(page);
  await page.goto('/checkout');
  await fillContactAndShipping(page, email);
  await discountField(page).fill(CODE);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('discount-message')).toContainText(`${CODE} applied`);
  await expect(page.getByTestId('summary-discount')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(THANK_YOU_URL);
  await expect(page.getByTestId('summary-discount')).toBeVisible();

  // Back for another kit with the same email.
  const orders = orderAnswers(page);
  await cartWithKit(page);
  await page.goto('/checkout');
  await fillContactAndShipping(page, email);
  await discountField(page).fill(CODE);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: ALREADY_USED })).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  expect(orders).toEqual([]);
});

test('an order still carrying a code the email used meanwhile is refused with the reason, and no order is placed', async ({
  page,
  browser,
  shop,
}) => {
  const email = uniqueEmail('overtaken');
  await cartWithKit(page);
  await page.goto(`/checkout?discount=${CODE}`);
  await expect(page.getByTestId('discount-message')).toContainText(`${CODE} applied`);
  const rechecked = page.waitForResponse(
    (response) =>
      response.url().includes(`/discounts/${CODE}/is-valid?`) &&
      new URL(response.url()).searchParams.get('email') === email,
  );
  await fillContactAndShipping(page, email);
  // Checked again for the typed email: still open to it.
  expect((await (await rechecked).json()).valid).toBe(true);
  await expect(page.getByTestId('discount-message')).toContainText(`${CODE} applied`);
  await fillCard(page, '4242 4242 4242 4242');

  // Meanwhile the same email uses the code in another order, in another browser.
  const elsewhere = await browser.newContext({ baseURL: shop.url });
  const otherPage = await elsewhere.newPage();
  await cartWithKit(otherPage);
  await otherPage.goto(`/checkout?discount=${CODE}`);
  await expect(otherPage.getByTestId('discount-message')).toContainText(`${CODE} applied`);
  await fillContactAndShipping(otherPage, email);
  await fillCard(otherPage, '4242 4242 4242 4242');
  await otherPage.getByTestId('place-order').click();
  await expect(otherPage).toHaveURL(THANK_YOU_URL);
  await elsewhere.close();

  const refused = page.waitForResponse((response) =>
    isOrderPost(response.url(), response.request().method()),
  );
  await page.getByTestId('place-order').click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect((await answer.json()).error).toMatchObject({
    code: 'DISCOUNT_INVALID',
    fields: { discountCode: ALREADY_USED },
  });
  await expect(page.getByTestId('payment-error')).toHaveText(ALREADY_USED);
  await expect(page).toHaveURL(/\/checkout\?discount=ONCEPER15$/);
  // The cart was not turned into an order.
  await page.goto('/shopping-cart');
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
});

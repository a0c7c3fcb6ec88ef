// A payment that does not go through loses nothing: after a failed bank check, an abandoned one
// or a refused pay-later, the shopper is back at the checkout with a clear message and the cart
// holds the same lines in the same quantities (read again from the server, after a reload).
import type { Page } from '@playwright/test';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';
import {
  answerChallenge,
  cardFrame,
  fillCard,
  fillContactAndShipping,
  THANK_YOU_URL,
  uniqueEmail,
} from '../support/checkout-flow';

const SHOTS = '/tmp/shots/checkout';

const summaryLine = (page: Page, lookupKey: string) =>
  page.locator(`[data-testid="summary-line"][data-line-key="${lookupKey}"]`);

/** Two kits and an easy-draw device, put in this browser's server-side cart by the cart page's links. */
async function fillCart(page: Page) {
  for (const lookupKey of [
    'bloodwise_kit_one_time',
    'bloodwise_kit_one_time',
    'easy_draw_device',
  ]) {
    await page.goto(`/shopping-cart?add=${lookupKey}`);
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(summaryLine(page, lookupKey)).toBeVisible();
  }
  await expectCartLines(page);
}

async function expectCartLines(page: Page) {
  await expect(page.getByTestId('summary-line')).toHaveCount(2);
  await expect(summaryLine(page, 'bloodwise_kit_one_time')).toContainText('2 ×');
  await expect(summaryLine(page, 'easy_draw_device')).toContainText('1 ×');
}

/** The cart page, loaded afresh from the server, shows what the shopper had put in it. */
async function expectCartIntact(page: Page) {
  await page.goto('/shopping-cart');
  await expectCartLines(page);
}

async function checkoutWithCard(page: Page, card: string) {
  await page.goto('/checkout');
  await fillContactAndShipping(page, uniqueEmail('kept-cart'));
  await fillCard(page, card);
  await page.getByTestId('place-order').click();
}

test.describe('a failed payment keeps the cart', () => {
  test('the bank check fails: the checkout says so, and the cart is intact', async ({ page }) => {
    await fillCart(page);
    await checkoutWithCard(page, '4000 0027 6000 3184');
    await answerChallenge(page, 'Fail');
    await expect(page.getByTestId('payment-error')).toContainText(/authenticat|bank/i);
    await expect(page).toHaveURL(/\/checkout$/);
    await screenshotAtWidths(page, SHOTS, 'checkout-after-failed-check');
    // The checkout, read again, still has everything to pay for.
    await page.reload();
    await expectCartLines(page);
    await expectCartIntact(page);
    await screenshotAtWidths(page, SHOTS, 'cart-after-failed-check');
  });

  test('the bank check is closed before it finished: the checkout says so, and the cart is intact', async ({
    page,
  }) => {
    await fillCart(page);
    await checkoutWithCard(page, '4000 0027 6000 3184');
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment with your bank' });
    await expect(
      dialog.locator('iframe').contentFrame().getByRole('button', {
        name: 'Fail authentication',
      }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('payment-error')).toContainText(
      'The bank’s check was closed before it finished. Nothing was charged.',
    );
    await expect(dialog).toBeHidden();
    await expectCartIntact(page);
  });

  test('pay-later is refused: the shopper reads why, goes back to the checkout, and the cart is intact', async ({
    page,
  }) => {
    await fillCart(page);
    await page.goto('/checkout');
    await fillContactAndShipping(page, uniqueEmail('refused-later'));
    await cardFrame(page).getByLabel('Pay later').check();
    await page.getByLabel('I have read and accept the pay-later terms').check();
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(/\/test-provider\/bnpl/);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(THANK_YOU_URL);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your payment did not go through' }),
    ).toBeVisible();
    const failed = page.getByTestId('payment-failed');
    await expect(failed).toContainText('Nothing was charged');
    await expect(failed).toContainText('Your cart still holds everything');
    await screenshotAtWidths(page, SHOTS, 'pay-later-refused');
    await failed.getByRole('link', { name: 'Back to checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expectCartLines(page);
    await expectCartIntact(page);
  });
});

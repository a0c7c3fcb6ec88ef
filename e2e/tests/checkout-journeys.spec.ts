// The checkout area in a real browser against the built shop: the guest journey with analytics,
// a declined card, pay-later, a saved card, a double click, accessibility and screenshots.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { dataLayerEvents, waitForDataLayerEvent } from '../support/data-layer';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';
import {
  answerChallenge,
  cardFrame,
  cartWithKit,
  fillCard,
  fillContactAndShipping,
  placeOrder,
  renewalConsentBox,
  THANK_YOU_URL,
  thankYouOrderId,
  uniqueEmail,
} from '../support/checkout-flow';
import { afterNextPaints, trackRequests } from '../support/settled';

const SHOTS = '/tmp/shots/checkout';

const shoot = (page: Page, name: string) => screenshotAtWidths(page, SHOTS, name);

test.describe('checkout', () => {
  test('guest journey: pricing -> cart -> checkout with a URL discount -> 4242 -> thank-you, analytics once', async ({
    page,
  }) => {
    // Four pages and two accessibility scans: more than one page's budget on a busy machine.
    test.setTimeout(120_000);
    await page.goto('/pricing?interval=one-time');
    const add = page.getByRole('button', { name: /^Add to cart: / }).first();
    await add.click();
    await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
    await waitForDataLayerEvent(page, 'add_to_cart');
    await expect(page.locator('.header-cart-count')).toHaveText('1');
    await page.getByRole('link', { name: 'View cart' }).click();

    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    await expect(page.getByTestId('summary-total')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'cart');
    // The cart is on the server: it survives a reload.
    await page.reload();
    await expect(page.getByTestId('summary-line')).toHaveCount(1);
    const addToCart = await dataLayerEvents(page, 'add_to_cart');
    expect(addToCart).toHaveLength(0); // a reload starts a new dataLayer; the add was counted before

    await page.goto('/checkout?discount=WELCOME10');
    await expect(page.getByTestId('discount-message')).toContainText('WELCOME10 applied');
    await expect(page.getByTestId('summary-discount')).toBeVisible();
    await waitForDataLayerEvent(page, 'begin_checkout');
    const email = uniqueEmail('guest');
    await fillContactAndShipping(page, email);
    await fillCard(page, '4242 4242 4242 4242');
    await waitForDataLayerEvent(page, 'add_payment_info');
    await expect(page.getByTestId('delivery-estimate')).toHaveText(
      /^Arrives \w{3}, \w{3} \d{1,2} - \w{3}, \w{3} \d{1,2}$/,
    );
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'checkout');
    const checkoutTotal = await page.getByTestId('summary-total').textContent();

    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(THANK_YOU_URL);
    await expect(page.getByRole('heading', { name: 'Thank you, Mary!' })).toBeVisible();
    await expect(page.getByTestId('order-reference')).toContainText(email);
    await expect(page.getByTestId('summary-total')).toHaveText(checkoutTotal!);
    await expect(page.getByTestId('summary-discount')).toBeVisible();
    const [purchase] = await waitForDataLayerEvent(page, 'purchase');
    const orderId = await thankYouOrderId(page);
    expect(purchase!.ecommerce).toMatchObject({
      transaction_id: orderId,
      currency: 'USD',
      coupon: 'WELCOME10',
      new_customer: true,
    });
    expect(await dataLayerEvents(page, 'purchase')).toHaveLength(1);
    // The upgrade offers inside the slot are the upgrades area's own page, scanned by its own specs.
    await expectNoSeriousA11yViolations(page, { exclude: ['[data-area="upgrades"]'] });
    await shoot(page, 'thank-you');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you, Mary!' })).toBeVisible();
    // The purchase is tracked when the order has loaded; the upgrade offers come after it.
    await expect(page.locator('[data-area="upgrades"]').getByRole('article').first()).toBeVisible();
    await afterNextPaints(page);
    expect(await dataLayerEvents(page, 'purchase')).toHaveLength(0);
    // The order emptied the cart.
    await expect(page.locator('.header-cart-count')).toHaveCount(0);
  });

  test('a declined card shows its reason, keeps the form filled, and makes no order', async ({
    page,
  }) => {
    await cartWithKit(page);
    await page.goto('/checkout');
    await fillContactAndShipping(page, uniqueEmail('declined'));
    await fillCard(page, '4000 0000 0000 0002');
    const responses: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/checkout/orders') && response.request().method() === 'POST')
        responses.push(response.status());
    });
    await page.getByTestId('place-order').click();
    await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.');
    await expect(cardFrame(page).getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
    expect(responses).toEqual([402]);
    await expect(page).toHaveURL(/\/checkout$/);
    await shoot(page, 'checkout-declined');
    // The cart is still there to pay with another card.
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(THANK_YOU_URL);
  });

  test('pay later: explicit consent, the provider approves on its own page, the webhook settles a bnpl order', async ({
    page,
  }) => {
    await cartWithKit(page);
    await page.goto('/checkout');
    await fillContactAndShipping(page, uniqueEmail('later'));
    await cardFrame(page).getByLabel('Pay later').check();
    await page.getByTestId('place-order').click();
    await expect(page.getByText('Please accept the pay-later terms')).toBeVisible();
    await page.getByLabel('I have read and accept the pay-later terms').check();
    await shoot(page, 'checkout-bnpl');
    await page.getByTestId('place-order').click();
    // The pay-later partner's own page (the provider's redirect), then back to the shop.
    await expect(page).toHaveURL(/\/test-provider\/bnpl/);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page).toHaveURL(THANK_YOU_URL);
    await expect(page.getByText('Paid later in 4 instalments, as you agreed.')).toBeVisible();
    const orderId = (await thankYouOrderId(page))!;
    await expect
      .poll(async () =>
        (
          await page.request.get(`/payments/stripe-subscriptions/checkout/orders/${orderId}`)
        ).json(),
      )
      .toMatchObject({ bnpl: true, status: 'paid', paymentLabel: 'Pay later' });
  });

  test('3-D Secure: the bank asks, the shopper completes it in the dialog, the order is paid; a failed check charges nothing', async ({
    page,
  }) => {
    await cartWithKit(page);
    await page.goto('/checkout');
    await fillContactAndShipping(page, uniqueEmail('three-d'));
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByTestId('place-order').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your payment with your bank' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.locator('iframe').contentFrame().getByRole('button', { name: 'Fail authentication' }),
    ).toBeVisible();
    await shoot(page, 'checkout-3ds');
    await answerChallenge(page, 'Fail');
    await expect(page.getByTestId('payment-error')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByLabel('City')).toHaveValue('Austin');

    await page.getByTestId('place-order').click();
    await answerChallenge(page, 'Complete');
    await expect(page).toHaveURL(THANK_YOU_URL);
    const orderId = (await thankYouOrderId(page))!;
    const order = await (
      await page.request.get(`/payments/stripe-subscriptions/checkout/orders/${orderId}`)
    ).json();
    expect(order).toMatchObject({ status: 'paid', paymentLabel: 'Visa •••• 3184' });
  });

  test('a logged-in shopper pays with a saved card', async ({ page }) => {
    const login = await page.request.post('/auth2/login/password', {
      data: { username: 'demo@bloodwise.test', password: 'bloodwise-demo-1' },
    });
    expect(login.ok()).toBe(true);
    await cartWithKit(page);
    await page.goto('/checkout');
    await expect(page.getByLabel('Saved card')).toBeChecked();
    await expect(page.getByLabel(/Visa •••• 4242/)).toBeChecked();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('demo@bloodwise.test');
    await expect(page.getByLabel('City')).toHaveValue('Brooklyn');
    await expect(page.getByTestId('summary-balance')).toHaveText('$25');
    await shoot(page, 'checkout-saved-card');
    await page.getByTestId('place-order').click();
    await expect(page).toHaveURL(THANK_YOU_URL);
    await expect(page.getByTestId('order-reference')).toContainText('Paid with Visa •••• 4242');
  });

  test('a double click on "Place order" makes one order', async ({ page }) => {
    await cartWithKit(page);
    await page.goto('/checkout');
    await fillContactAndShipping(page, uniqueEmail('double'));
    await fillCard(page, '4242 4242 4242 4242');
    const orderIds: string[] = [];
    const isOrder = (url: string, method: string) =>
      url.endsWith('/checkout/orders') && method === 'POST';
    const orders = trackRequests(page, isOrder);
    page.on('response', async (response) => {
      if (isOrder(response.url(), response.request().method()))
        orderIds.push((await response.json()).id);
    });
    await page.getByTestId('place-order').dblclick();
    await expect(page).toHaveURL(THANK_YOU_URL);
    await orders.allAnswered();
    await expect.poll(() => orderIds.length).toBe(orders.sent);
    expect(new Set(orderIds).size).toBe(1);
    expect(await thankYouOrderId(page)).toBe(orderIds[0]);
  });

  test('a plan in the cart shows the automatic-renewal terms, and no order goes until the box is ticked', async ({
    page,
  }) => {
    await cartWithKit(page, 'bloodwise_monthly');
    await page.goto('/checkout');
    await fillContactAndShipping(page, uniqueEmail('renewal-consent'));
    await fillCard(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('renewal-terms')).toContainText(
      'Bloodwise Monthly: $99 every month',
    );
    const orders = trackRequests(
      page,
      (url, method) => method === 'POST' && /\/checkout\/orders$/.test(url),
    );
    await page.getByTestId('place-order').click();
    await expect(
      page.getByText('Please agree to the automatic renewal terms to continue'),
    ).toBeVisible();
    await expect(renewalConsentBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);
    expect(orders.sent).toBe(0);
    await renewalConsentBox(page).check();
    await placeOrder(page);
    await expect(page).toHaveURL(THANK_YOU_URL);
    expect(orders.sent).toBe(1);
  });

  test('the empty cart', async ({ page }) => {
    await page.goto('/shopping-cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'cart-empty');
  });
});

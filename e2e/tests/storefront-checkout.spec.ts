// A full partner checkout: pricing -> cart -> business checkout with the partner's businessKey ->
// status polled to paid -> thank-you, which then follows the partner's redirectAfterPurchase.
import {
  fillCard,
  fillContactAndShipping,
  thankYouOrderId,
  uniqueEmail,
} from '../support/checkout-flow';
import { dataLayerEvents, waitForDataLayerEvent } from '../support/data-layer';
import { expect, test } from '../support/shop-server';

/** Acme's own title for its kit: the only name the shopper, the order and analytics ever see. */
const ACME_KIT = 'Acme Complete Panel';

test('a full acme-wellness checkout creates a business checkout with its businessKey, reaches paid, then goes to the partner page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const thanks = 'https://acme-wellness.example.com/thanks';
  await page.route(`${thanks}*`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Acme thanks</title><h1>Thanks from Acme</h1>',
    }),
  );
  const email = uniqueEmail('partner');

  await page.goto('/shop/acme-wellness/pricing/one-time');
  await page.getByRole('button', { name: 'Add to cart: Acme Complete Panel' }).click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/shopping-cart$/);
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await expect(page.getByTestId('summary-line')).toContainText('Acme Complete Panel');
  await expect(page.getByTestId('summary-total')).toHaveText('$134.95');
  await page.getByTestId('go-to-checkout').click();

  await expect(page).toHaveURL(/\/shop\/acme-wellness\/checkout$/);
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByTestId('summary-line')).toHaveText([new RegExp(`^${ACME_KIT}`)]);
  const [beginCheckout] = await waitForDataLayerEvent(page, 'begin_checkout');
  expect(beginCheckout!.ecommerce).toMatchObject({ items: [{ item_name: ACME_KIT }] });
  await fillContactAndShipping(page, email);
  // The partner's own discount: the storefront lookup (/api/v1/discounts/{code}?b2bKey) carries the
  // code, the partner key and the email.
  const lookup = page.waitForRequest((req) => /\/api\/v1\/discounts\/ACME15\?/.test(req.url()));
  await page.getByRole('textbox', { name: 'Discount code' }).fill('ACME15');
  await page.getByRole('button', { name: 'Apply' }).click();
  const lookupUrl = new URL((await lookup).url());
  expect(Object.fromEntries(lookupUrl.searchParams)).toMatchObject({
    b2bKey: 'acme-wellness',
    email,
  });
  await expect(page.getByTestId('summary-discount')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');

  const started = page.waitForRequest(
    (req) =>
      req.url().endsWith('/payments/stripe-subscriptions/business/checkout') &&
      req.method() === 'POST',
  );
  const polled = page.waitForResponse((res) =>
    /\/business\/checkout\/[^/]+\/status$/.test(res.url()),
  );
  await page.getByTestId('place-order').click();
  expect((await started).postDataJSON()).toMatchObject({
    businessKey: 'acme-wellness',
    email,
    discount: 'ACME15',
    products: [{ lookupKey: 'acme_kit_one_time', quantity: 1 }],
  });
  await polled;

  await expect(page).toHaveURL(/\/shop\/acme-wellness\/checkout\/thank-you$/);
  // The page's own browser context: the checkout is shown only to the browser that started it.
  const orderId = (await thankYouOrderId(page))!;
  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible();
  await expect(page.getByTestId('order-reference')).toContainText(email);
  await expect(
    page.getByRole('region', { name: 'Your order' }).getByTestId('summary-line'),
  ).toHaveText([new RegExp(`^${ACME_KIT}`)]);
  // Measured like the shop, in the one document the journey ran in: each event names the partner.
  const [purchase] = await waitForDataLayerEvent(page, 'purchase');
  expect(purchase).toMatchObject({
    business_key: 'acme-wellness',
    ecommerce: {
      transaction_id: orderId,
      coupon: 'ACME15',
      items: [{ item_id: 'acme_kit_one_time', item_name: ACME_KIT, item_variant: 'one-time' }],
    },
    shipping_address: { city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
  });
  for (const name of ['view_item', 'add_to_cart', 'begin_checkout', 'add_payment_info']) {
    const events = await dataLayerEvents(page, name);
    expect(events.length, name).toBeGreaterThan(0);
    for (const event of events) expect(event.business_key, name).toBe('acme-wellness');
  }
  const status = await (
    await page.request.get(`/payments/stripe-subscriptions/business/checkout/${orderId}/status`)
  ).json();
  expect(status).toMatchObject({ id: orderId, status: 'paid', final: true });
  const details = await (
    await page.request.get(`/payments/stripe-subscriptions/business/checkout/${orderId}/details`)
  ).json();
  expect(details).toMatchObject({
    kind: 'business',
    businessKey: 'acme-wellness',
    discountCode: 'ACME15',
    lines: [{ lookupKey: 'acme_kit_one_time', title: ACME_KIT }],
  });

  await expect(page.getByText('Taking you back to Acme Wellness in a moment…')).toBeVisible();
  await expect(page).toHaveURL(thanks, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Thanks from Acme' })).toBeVisible();

  // The bought line left the cart.
  await page.goto('/shop/acme-wellness/shopping-cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();
});

test('a shopper who types fast and places the order while the URL discount is checked again pays the discounted total', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('fast');
  await page.goto('/shop/acme-wellness/pricing/one-time');
  await page.getByRole('button', { name: 'Add to cart: Acme Complete Panel' }).click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/shopping-cart$/);

  // The first check of the code answers; every later one (the email changed) is held until the
  // order has been clicked, so the click always lands while the code is being checked again.
  let clicked!: () => void;
  const placeClicked = new Promise<void>((resolve) => (clicked = resolve));
  let checks = 0;
  await page.route(/\/api\/v1\/discounts\/ACME15\/is-valid/, async (route) => {
    checks += 1;
    if (checks > 1) await placeClicked;
    await route.continue();
  });

  await page.goto('/shop/acme-wellness/checkout?discount=ACME15');
  await expect(page.getByTestId('discount-message')).toContainText('ACME15 applied');
  await expect(page.getByTestId('summary-discount')).toBeVisible();
  const shownTotal = (await page.getByTestId('summary-total').textContent())!;

  const recheck = page.waitForRequest((req) => /\/discounts\/ACME15\/is-valid/.test(req.url()));
  await fillContactAndShipping(page, email);
  await fillCard(page, '4242 4242 4242 4242');
  await recheck;
  const started = page.waitForRequest(
    (req) =>
      req.url().endsWith('/payments/stripe-subscriptions/business/checkout') &&
      req.method() === 'POST',
  );
  await page.getByTestId('place-order').click();
  clicked();

  expect((await started).postDataJSON()).toMatchObject({ discount: 'ACME15', email });
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/checkout\/thank-you$/);
  const orderId = (await thankYouOrderId(page))!;
  const details = await (
    await page.request.get(`/payments/stripe-subscriptions/business/checkout/${orderId}/details`)
  ).json();
  expect(details).toMatchObject({ discountCode: 'ACME15' });
  expect(`$${(details.total / 100).toFixed(2)}`).toBe(shownTotal);
});

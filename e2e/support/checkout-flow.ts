// A guest checkout through the real pages, for specs that need a placed order to start from
// (the upgrades on the thank-you page). The checkout's own specs test each step in detail.
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** The thank-you page's address: no order id in it (the id rides in the history entry). */
export const THANK_YOU_URL = /\/checkout\/thank-you$/;

/** The order the thank-you page shows: react-router keeps it in the history entry's state. */
export async function thankYouOrderId(page: Page): Promise<string | null> {
  return page.evaluate(
    () => (window.history.state as { usr?: { orderId?: string } } | null)?.usr?.orderId ?? null,
  );
}

export const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

export async function fillContactAndShipping(page: Page, email: string, name = 'Mary Ann Lee') {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Address', { exact: true }).fill('10 Elm St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP code').fill('78701');
}

/** Puts one item in this browser's server-side cart through the cart page's ?add= link. */
export async function cartWithKit(page: Page, lookupKey = 'bloodwise_kit_one_time') {
  await page.goto(`/shopping-cart?add=${lookupKey}`);
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
}

/** The payment provider's own card element: the shop's page never holds the card's fields. */
export const cardFrame = (scope: Page | Locator): FrameLocator =>
  scope.locator('iframe[title="Secure card payment"]').contentFrame();

/** Types a card into the provider's element (the built-in provider's iframe, as Stripe's would be). */
export async function fillCard(scope: Page | Locator, number: string) {
  const frame = cardFrame(scope);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM / YY)').fill(`12 / ${nextYear}`);
  await frame.getByLabel('CVC').fill('123');
}

/** The provider's 3-D Secure challenge, shown by the shop in a dialog; completes or fails it. */
export async function answerChallenge(page: Page, outcome: 'Complete' | 'Fail') {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog
    .locator('iframe')
    .contentFrame()
    .getByRole('button', { name: `${outcome} authentication` })
    .click();
}

/** The automatic-renewal box a cart with a recurring line shows beside the pay button. */
export const renewalConsentBox = (page: Page): Locator =>
  page.getByRole('checkbox', { name: /renews automatically until I cancel/ });

/** Ticks the automatic-renewal box when the priced cart has a recurring line, as a subscriber must. */
export async function agreeToRenewalIfAsked(page: Page) {
  await expect(page.getByTestId('summary-total')).toBeVisible();
  if ((await page.getByTestId('renewal-terms').count()) > 0) await renewalConsentBox(page).check();
}

/**
 * Cart (one kit, through the cart page's ?add= link) -> checkout -> card 4242 (and the renewal
 * box for a plan) -> thank-you.
 * Resolves the order id from the order response: the thank-you URL never carries it.
 */
export async function checkOutAsGuest(
  page: Page,
  { email = uniqueEmail('guest'), lookupKey = 'bloodwise_kit_one_time' } = {},
): Promise<string> {
  await cartWithKit(page, lookupKey);
  await page.goto('/checkout');
  await fillContactAndShipping(page, email);
  await fillCard(page, '4242 4242 4242 4242');
  await agreeToRenewalIfAsked(page);
  const order = await placeOrder(page);
  await expect(page).toHaveURL(THANK_YOU_URL);
  return order.id;
}

/** Presses "Place order" and resolves with the order the API answered. */
export async function placeOrder(page: Page): Promise<{ id: string }> {
  const placed = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/checkout\/orders$/.test(response.url()),
  );
  await page.getByTestId('place-order').click();
  return (await (await placed).json()) as { id: string };
}

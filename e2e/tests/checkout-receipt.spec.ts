// The thank-you page promises a receipt: a guest who pays finds one in their mail (the dev
// outbox), with the total the page showed, and reloading the page sends no second one.
import { expect, test } from '../support/shop-server';
import { checkOutAsGuest, uniqueEmail } from '../support/checkout-flow';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("a guest's paid order gets one receipt with the thank-you page's total; a reload sends no second", async ({
  page,
  shop,
}) => {
  const email = uniqueEmail('receipt');
  const orderId = await checkOutAsGuest(page, { email });
  await expect(page.getByTestId('order-reference')).toContainText(email);
  const total = (await page.getByTestId('summary-total').textContent())!.trim();
  expect(total).toMatch(/^\$\d/);

  const receipts = async () =>
    (await shop.outbox(email)).filter((mail) => mail.subject.startsWith('Your receipt'));
  // The receipt is written by a job after the payment: wait for it, then read it.
  await expect.poll(async () => (await receipts()).length, { timeout: 30_000 }).toBe(1);
  const [receipt] = await receipts();
  expect(receipt!.subject).toBe(`Your receipt for order ${orderId.slice(0, 8).toUpperCase()}`);
  expect(receipt!.text).toMatch(new RegExp(`Total paid\\s+${escapeRegExp(total)}`));
  expect(receipt!.text).toContain('Visa •••• 4242');
  expect(receipt!.html).toContain(total);

  // The reloaded page reads the order again (and asks the provider about it once more).
  const reread = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && response.url().includes(orderId) && response.ok(),
  );
  await page.reload();
  await reread;
  await expect(page.getByTestId('order-reference')).toContainText(email);
  await expect(page.getByTestId('summary-total')).toHaveText(total);
  expect(await receipts()).toHaveLength(1);
});

// The employer flow end to end: an employee asks their employer to pay, which empties their cart
// and mails them a confirmation; the employer's email (read from the dev outbox) links to the pay
// page, and paying there marks the order paid and mails the employee again.
import {
  cartWithKit,
  fillCard,
  fillContactAndShipping,
  uniqueEmail,
} from '../support/checkout-flow';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/checkout';

test('an employee asks the employer to pay, and the emailed link pays the order once', async ({
  page,
  shop,
}) => {
  const employee = uniqueEmail('employee');
  const employer = uniqueEmail('employer');
  await cartWithKit(page);
  await page.goto('/checkout');
  await fillContactAndShipping(page, employee, 'Sam Worker');
  await page.getByRole('button', { name: 'Ask your employer to pay for this order' }).click();
  await page.getByLabel("Your employer's email").fill(employer);
  await page.getByRole('button', { name: 'Send payment request' }).click();
  await expect(page.getByTestId('employer-sent')).toContainText(employer);
  // The cart became the order: the header's badge empties without a reload, and so does the cart page.
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await screenshotAtWidths(page, SHOTS, 'employer-request-sent');
  await page.goto('/shopping-cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const employeeMail = async () => (await shop.outbox(employee)).map((message) => message.subject);
  expect(await employeeMail()).toEqual(['We asked your employer to pay for your Bloodwise order']);

  const [mail] = await shop.outbox(employer);
  const link = /https?:\/\/\S+\/checkout\?employerPay=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link, mail?.text).toBeDefined();
  expect(link!.startsWith(`${shop.url}/checkout?employerPay=`)).toBe(true);

  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for an order' })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: /Sam Worker .* asked you to pay for this order/ }),
  ).toBeVisible();
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await screenshotAtWidths(page, SHOTS, 'employer-pay');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay for this order' }).click();
  await expect(page.getByTestId('employer-paid')).toContainText('this order is paid');
  await expect
    .poll(employeeMail)
    .toEqual(
      expect.arrayContaining([
        'We asked your employer to pay for your Bloodwise order',
        'Your employer paid for your Bloodwise order',
      ]),
    );

  // The link stays a receipt: opened again, it shows the order as paid and offers no second payment.
  await page.reload();
  await expect(page.getByTestId('employer-paid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay for this order' })).toHaveCount(0);
  expect(await employeeMail()).toHaveLength(2);
});

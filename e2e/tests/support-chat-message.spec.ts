// With no chat provider configured, the chat bubble takes a message: the visitor leaves it, sees
// when to expect an answer, and support gets it by mail (read here from the dev outbox).
import { interact } from '../support/first-view';
import { uniqueEmail } from '../support/checkout-flow';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/chat';

test('a visitor leaves a message in the chat, and support gets it by mail', async ({
  page,
  shop,
}) => {
  const email = uniqueEmail('chat');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/pricing');
  await interact(page);
  await page.getByRole('button', { name: 'Chat with us' }).click();
  const form = page.getByRole('form', { name: 'Leave us a message' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByLabel('Your name')).toBeFocused();
  await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Your name').fill('Rita Visitor');
  await form.getByLabel('Your email').fill(email);
  const text = `Do you ship to Alaska? (${email})`;
  await form.getByLabel('Your message').fill(text);
  // The panel fits a phone screen: the send button is reachable without leaving the panel.
  await expect(form.getByRole('button', { name: 'Send message' })).toBeInViewport();
  await form.getByRole('button', { name: 'Send message' }).click();

  const ack = page.getByTestId('support-message-sent');
  await expect(ack).toBeFocused();
  await expect(ack).toContainText(
    new RegExp(
      `We will answer (today by 3:00 PM ET|by \\w{3}, \\w{3} \\d{1,2}, 3:00 PM ET) at ${email}`,
    ),
  );
  await screenshotAtWidths(page, SHOTS, 'message-sent');

  await expect
    .poll(async () =>
      (await shop.outbox('support@bloodwise.example')).some((mail) => mail.text.includes(text)),
    )
    .toBe(true);
});

test('at 375 px the end of the page is not hidden under the chat button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/pricing');
  await interact(page);
  const launcher = page.getByRole('button', { name: 'Chat with us' });
  await expect(launcher).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = page.locator('footer').last();
  await expect(footer).toBeVisible();
  await expect
    .poll(async () => {
      const [button, end] = await Promise.all([launcher.boundingBox(), footer.boundingBox()]);
      // The footer's bottom edge sits above the button once scrolled to the end.
      return button && end ? end.y + end.height <= button.y : false;
    })
    .toBe(true);
});

// A subscriber manages a monthly plan from the account page, in a real browser against the built
// shop: buy it with a test card, then cancel (the save offer shown and declined) and keep, pause
// and resume, skip and undo, change the interval after its preview, and charge renewals to a new
// card; then the shop clock moves a month and the renewal shows in the history, with its receipt
// in the dev outbox. The clock moves for the whole server, so this file starts a server of its own.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { createConfirmedAccount } from '../support/accounts';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  cartWithKit,
  fillCard,
  placeOrder,
  renewalConsentBox,
  THANK_YOU_URL,
} from '../support/checkout-flow';
import { waitForLivePage } from '../support/first-view';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, startShopServer, test, type ShopServer } from '../support/shop-server';

const SHOTS = '/tmp/shots';
const password = 'renewals-every-month-1';
let server: ShopServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startShopServer({ label: 'account-subscriptions' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function shopPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

const area = (page: Page) => page.locator('[data-area="account"]');
const manage = (page: Page) => area(page).getByRole('region', { name: 'Manage' });
const summary = (page: Page) => area(page).getByTestId('subscription-summary');
/** A day `days` ahead of this machine's today, as typed (2026-12-01) and as shown (Dec 1, 2026). */
function dayAhead(days: number) {
  const day = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    typed: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
    shown: day.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
  };
}
const notice = (page: Page) => area(page).getByRole('status').filter({ hasText: /\S/ });

/** Signs up (confirmed through the outbox link) in this page's own cookie jar, so it is logged in. */
async function newSubscriber(page: Page) {
  const email = `subscriber-${randomBytes(4).toString('hex')}@example.com`;
  await createConfirmedAccount(page.request, server, { email, name: 'Sam Subscriber', password });
  return email;
}

/** Cart (the monthly plan) -> checkout with card 4242, saved, and the renewal terms accepted. */
async function buyMonthlyPlan(page: Page) {
  await cartWithKit(page, 'bloodwise_monthly');
  await page.goto('/checkout');
  await page.getByLabel('Full name').fill('Sam Subscriber');
  await page.getByLabel('Address', { exact: true }).fill('10 Elm St');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').fill('TX');
  await page.getByLabel('ZIP code').fill('78701');
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByRole('checkbox', { name: 'Save this card for next time' }).check();
  await renewalConsentBox(page).check();
  const order = await placeOrder(page);
  await expect(page).toHaveURL(THANK_YOU_URL);
  return order.id;
}

test('a subscriber cancels and keeps, pauses and resumes, skips and undoes, changes the interval and the card; a month later the renewal and its receipt are there', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const page = await shopPage(browser);
  const email = await newSubscriber(page);
  await buyMonthlyPlan(page);

  await test.step('the account lists the plan and opens its page', async () => {
    await page.goto('/account');
    const plan = area(page)
      .getByRole('region', { name: 'Membership' })
      .getByRole('link', { name: 'Bloodwise Monthly' });
    // Shot once every panel has its data, not its loading placeholders.
    await expect(plan).toBeVisible();
    await expect(area(page).locator('.ant-skeleton')).toHaveCount(0);
    await screenshotAtWidths(page, SHOTS, 'account-overview-subscription');
    await plan.click();
    await expect(page).toHaveURL(/\/account\/subscriptions\/[^/]+$/);
    await expect(area(page).getByRole('heading', { level: 1 })).toHaveText('Bloodwise Monthly');
    await expect(summary(page)).toContainText(/^Renews \w+ \d+, \d{4} · \$99$/);
    await expect(area(page).getByTestId('subscription-card')).toContainText('ending in 4242');
    await expect(
      area(page).getByRole('list', { name: 'Orders, renewals and changes' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await screenshotAtWidths(page, SHOTS, 'subscription-page');
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('cancel: the save offer is shown beside the cancel button and declined; then keep', async () => {
    await manage(page).getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription' });
    await expect(
      dialog.getByRole('complementary', { name: 'Need a break instead?' }),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    await expect(dialog).toContainText(/stays active until \w+ \d+, \d{4}/);
    await dialog.getByRole('radio', { name: 'I am not using it' }).check();
    await screenshotAtWidths(page, SHOTS, 'subscription-cancel-dialog');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(notice(page)).toContainText(
      /stays active until \w+ \d+, \d{4} and will not renew/,
    );
    await expect(notice(page)).toBeFocused();
    await expect(summary(page)).toHaveText(/^Ends \w+ \d+, \d{4}$/);
    await screenshotAtWidths(page, SHOTS, 'subscription-cancelled');
    await manage(page).getByRole('button', { name: 'Keep my subscription' }).click();
    await expect(notice(page)).toContainText('Your subscription continues');
    await expect(summary(page)).toContainText(/^Renews /);
  });

  await test.step('pause until a typed date, then resume', async () => {
    const until = dayAhead(14);
    await manage(page).getByRole('button', { name: 'Pause' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause your subscription' });
    await dialog.getByLabel('Pause until').fill(until.typed);
    await screenshotAtWidths(page, SHOTS, 'subscription-pause-dialog');
    // Enter takes the typed date and sends the form, as in any form field.
    await dialog.getByLabel('Pause until').press('Enter');
    await expect(summary(page)).toHaveText(`Paused until ${until.shown}`);
    await expect(notice(page)).toBeFocused();
    await manage(page).getByRole('button', { name: 'Resume now' }).click();
    await expect(notice(page)).toContainText('Your subscription is active again');
    await expect(summary(page)).toContainText(/^Renews /);
  });

  await test.step('skip the next kit, then undo it', async () => {
    await manage(page).getByRole('button', { name: 'Skip next kit' }).click();
    await expect(area(page).getByTestId('next-renewal')).toContainText('is skipped');
    await screenshotAtWidths(page, SHOTS, 'subscription-skipped');
    await manage(page).getByRole('button', { name: 'Undo skip' }).click();
    await expect(notice(page)).toContainText('Your next kit is back on');
    await expect(area(page).getByTestId('next-renewal')).not.toContainText('is skipped');
  });

  const renewsOn = (await area(page).getByTestId('next-renewal').innerText()).split(' · ')[0]!;

  await test.step('change the interval: the preview says what it costs now and at the next renewal', async () => {
    await manage(page).getByRole('button', { name: 'Change how often' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change how often it renews' });
    await dialog.getByRole('radio', { name: '$129 every 3 months' }).check();
    await expect(dialog.getByTestId('preview-due-now')).toHaveText('$0');
    await expect(dialog.getByTestId('preview-next-renewal')).toHaveText(
      `${renewsOn} · $129, then every 3 months`,
    );
    await screenshotAtWidths(page, SHOTS, 'subscription-interval-dialog');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Confirm change' }).click();
    await expect(notice(page)).toContainText(
      `From ${renewsOn} your plan renews every 3 months at $129`,
    );
    await expect(area(page).getByTestId('next-renewal')).toHaveText(`${renewsOn} · $129`);
  });

  await test.step('charge renewals to a new card added in the card step', async () => {
    await manage(page).getByRole('button', { name: 'Update card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update your card' });
    await expect(dialog.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add a new card' }).click();
    const form = dialog.getByRole('form', { name: 'Add a card' });
    await fillCard(form, '5555 5555 5555 4444');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByRole('radio', { name: /Mastercard ending in 4444/ })).toBeChecked();
    await screenshotAtWidths(page, SHOTS, 'subscription-card-dialog');
    await dialog.getByRole('button', { name: 'Use this card' }).click();
    await expect(notice(page)).toContainText('Renewals now go to Mastercard ending in 4444');
    await expect(area(page).getByTestId('subscription-card')).toContainText(
      'Mastercard ending in 4444',
    );
  });

  await test.step('a month later the renewal is in the history and its receipt in the outbox', async () => {
    const moved = await server.shop('clock', 'advance', '32d');
    expect(moved.code, moved.out + moved.err).toBe(0);
    const renewal = area(page)
      .getByRole('list', { name: 'Orders, renewals and changes' })
      .getByRole('listitem')
      .filter({ hasText: 'Renewal' })
      .filter({ hasText: 'Paid' });
    // The renewal runs as a job once the clock has moved: reload until the page shows it.
    await expect(async () => {
      await page.reload();
      await expect(renewal).toHaveCount(1, { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await expect(renewal).toContainText('$129');
    await screenshotAtWidths(page, SHOTS, 'subscription-renewed');
    await expect
      .poll(async () => (await server.outbox(email)).map((mail) => mail.subject), {
        timeout: 30_000,
      })
      .toContainEqual(expect.stringMatching(/renewed$/));
  });
  await page.context().close();
});

test('the card link from a failed-payment mail goes through the log-in and opens the card step', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await shopPage(browser);
  const email = await newSubscriber(buyer);
  await buyMonthlyPlan(buyer);
  const { subscriptions } = (await (
    await buyer.request.get('/user/management-portal/subscriptions')
  ).json()) as { subscriptions: { id: string }[] };
  await buyer.context().close();

  const page = await shopPage(browser);
  await page.goto(`/account/subscriptions/${subscriptions[0]!.id}/card`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await waitForLivePage(page);
  await area(page).getByLabel('Email').fill(email);
  await area(page).getByLabel('Password', { exact: true }).fill(password);
  await area(page).getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/subscriptions/${subscriptions[0]!.id}/card$`));
  const dialog = page.getByRole('dialog', { name: 'Update your card' });
  await expect(dialog.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Keep my current card' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/subscriptions/${subscriptions[0]!.id}$`));
  await expect(area(page).getByRole('heading', { level: 1 })).toBeFocused();
  await page.context().close();
});

test("a renewal card that fails makes the plan past due; the mail's card link and another card pay the renewal", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await shopPage(browser);
  const email = await newSubscriber(page);
  await buyMonthlyPlan(page);
  await page.goto('/account');
  await area(page)
    .getByRole('region', { name: 'Membership' })
    .getByRole('link', { name: 'Bloodwise Monthly' })
    .click();
  await expect(page).toHaveURL(/\/account\/subscriptions\/[^/]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;

  await test.step('renewals go to a card whose bank wants the subscriber at every payment', async () => {
    await manage(page).getByRole('button', { name: 'Update card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update your card' });
    await dialog.getByRole('button', { name: 'Add a new card' }).click();
    const form = dialog.getByRole('form', { name: 'Add a card' });
    // The always-declining card is refused when saved, as with Stripe: it never reaches a renewal.
    await fillCard(form, '4000 0000 0000 0002');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(form.getByRole('alert')).toContainText('The card was not saved');
    // This one saves after the bank's check, and fails every payment made without the subscriber.
    await fillCard(form, '4000 0027 6000 3184');
    await form.getByRole('button', { name: 'Save card' }).click();
    // The bank's check opens over the card step's dialog, which has its own card frame.
    await page
      .locator('iframe[title="Bank authentication"]')
      .contentFrame()
      .getByRole('button', { name: 'Complete authentication' })
      .click();
    await expect(dialog.getByRole('radio', { name: /Visa ending in 3184/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Use this card' }).click();
    await expect(area(page).getByTestId('subscription-card')).toContainText('ending in 3184');
  });

  await test.step('a month later the renewal fails: past due on the page, and a mail with the card link', async () => {
    const moved = await server.shop('clock', 'advance', '32d');
    expect(moved.code, moved.out + moved.err).toBe(0);
    await expect(async () => {
      await page.reload();
      await expect(summary(page)).toHaveText('Payment failed — update your card', {
        timeout: 10_000,
      });
    }).toPass({ timeout: 60_000 });
    const failed = area(page)
      .getByRole('alert')
      .filter({ hasText: 'Payment failed — update your card' });
    await expect(failed).toBeVisible();
    // The warning stands apart from the panels under it, and the date it gives is a try, not a period.
    const warning = (await failed.boundingBox())!;
    const plan = (await area(page).getByRole('region', { name: 'Your plan' }).boundingBox())!;
    expect(plan.y - (warning.y + warning.height)).toBeGreaterThanOrEqual(12);
    await expect(area(page).getByText('Next payment try', { exact: true })).toBeVisible();
    await expect(
      area(page)
        .getByRole('list', { name: 'Orders, renewals and changes' })
        .getByRole('listitem')
        .filter({ hasText: 'Renewal 1' }),
    ).toContainText('Declined');
    await screenshotAtWidths(page, SHOTS, 'subscription-past-due');
    await expectNoSeriousA11yViolations(page);
  });

  const cardLink = await test.step('the failed-payment mail links to the card step', async () => {
    let link = '';
    await expect
      .poll(
        async () => {
          const mail = (await server.outbox(email)).find((message) =>
            /renewal payment failed$/.test(message.subject),
          );
          link =
            mail?.text.match(/https?:\/\/\S+\/account\/subscriptions\/[^/\s]+\/card/)?.[0] ?? '';
          return link;
        },
        { timeout: 30_000 },
      )
      .toBe(`${server.url}/account/subscriptions/${id}/card`);
    return link;
  });

  await test.step('the link opens the card step; another card pays the renewal at once', async () => {
    await page.goto(cardLink);
    const dialog = page.getByRole('dialog', { name: 'Update your card' });
    await dialog.getByRole('radio', { name: /Visa ending in 4242/ }).check();
    await dialog.getByRole('button', { name: 'Use this card' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/subscriptions/${id}$`));
    const renewal = area(page)
      .getByRole('list', { name: 'Orders, renewals and changes' })
      .getByRole('listitem')
      .filter({ hasText: 'Renewal 1' });
    // The retry runs as a job: reload until the page shows the plan paid up.
    await expect(async () => {
      await page.reload();
      await expect(area(page).getByText('Active', { exact: true })).toBeVisible({
        timeout: 10_000,
      });
      await expect(renewal).toContainText('Paid', { timeout: 10_000 });
    }).toPass({ timeout: 60_000 });
    await expect(summary(page)).toContainText(/^Renews /);
    await expect(renewal).toContainText('$99');
    await expect(area(page).getByTestId('subscription-card')).toContainText('ending in 4242');
  });
  await page.context().close();
});

// The upgrades area on the thank-you page, in a real browser against the built shop: after a
// guest checkout, the mini panel, the easy draw and the bp monitor + tape are each bought with
// one click, show as added, land in the order summary, and are not offered again after a reload.
// With the mf-upgrades remote blocked the order still shows, and the slot falls back quietly.
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { checkOutAsGuest, uniqueEmail } from '../support/checkout-flow';
import { screenshotAtWidths } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/upgrades';
const OFFERS = [
  'Mini Panel',
  'Easy-Draw Collection Device',
  'Blood-Pressure Monitor with Measuring Tape',
];

const shoot = (page: Page, name: string) => screenshotAtWidths(page, SHOTS, name);

const upgradesArea = (page: Page) => page.locator('[data-area="upgrades"]');
const offer = (area: Locator, name: string) => area.getByRole('article', { name });
const added = (area: Locator) => area.getByRole('list', { name: 'Added to your order' });
const orderSummary = (page: Page) =>
  page
    .getByRole('complementary')
    .filter({ has: page.getByRole('heading', { name: 'Order summary' }) });

test.describe('upgrades on the thank-you page', () => {
  test('buys the mini panel, the easy draw and the bp monitor + tape; each shows as bought and none is offered after a reload', async ({
    page,
  }) => {
    await checkOutAsGuest(page);
    await expect(page.getByRole('heading', { name: 'Thank you, Mary!' })).toBeVisible();
    const area = upgradesArea(page);
    for (const name of OFFERS) await expect(offer(area, name)).toBeVisible();
    await expect(offer(area, 'Mini Panel')).toContainText('$39');
    await expect(offer(area, 'Easy-Draw Collection Device')).toContainText('$49');
    await expect(offer(area, 'Blood-Pressure Monitor with Measuring Tape')).toContainText('$59');
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'offers');

    const purchases: number[] = [];
    page.on('response', (response) => {
      if (
        response.request().method() === 'POST' &&
        /mini-panel-upgrade$|easy-draw-upgrade$|buy-bp-tape$/.test(response.url())
      )
        purchases.push(response.status());
    });
    for (const name of OFFERS) {
      // A double-click is one purchase.
      await offer(area, name).getByRole('button', { name: 'Add to my order' }).dblclick();
      await expect(added(area).getByText(name)).toBeVisible();
      await expect(offer(area, name)).toHaveCount(0);
    }
    expect(purchases).toEqual([201, 201, 201]);
    // The order summary (checkout's) now lists what was added.
    for (const name of OFFERS) await expect(orderSummary(page).getByText(name)).toBeVisible();
    await expect(area.getByRole('status').filter({ hasText: 'No add-ons this time' })).toHaveCount(
      0,
    );
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'bought');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you, Mary!' })).toBeVisible();
    await expect(added(area).getByRole('listitem')).toHaveCount(3);
    await expect(area.getByRole('article')).toHaveCount(0);
    for (const name of OFFERS) await expect(orderSummary(page).getByText(name)).toBeVisible();
    expect(purchases).toHaveLength(3);
  });

  test('the thank-you link in a fresh browser shows nothing of the order and offers no upgrade; the buyer still can after a reload', async ({
    page,
    browser,
    shop,
  }) => {
    const email = uniqueEmail('owner');
    const orderId = await checkOutAsGuest(page, { email });
    await expect(page.getByRole('heading', { name: 'Thank you, Mary!' })).toBeVisible();
    // The address bar never carries the order id.
    expect(new URL(page.url()).search).toBe('');

    const stranger = await browser.newContext({ baseURL: shop.url });
    try {
      const strangerPage = await stranger.newPage();
      const orderRead = strangerPage.waitForResponse((response) =>
        response.url().endsWith(`/checkout/orders/${orderId}`),
      );
      await strangerPage.goto(`/checkout/thank-you?order=${orderId}`);
      expect((await orderRead).status()).toBe(404);
      await expect(
        strangerPage.getByRole('heading', { level: 1, name: 'We can’t show this order here' }),
      ).toBeVisible();
      const text = await strangerPage.locator('main').innerText();
      for (const personal of [
        email,
        'Mary',
        '10 Elm St',
        'Austin',
        '4242',
        orderId.slice(0, 8).toUpperCase(),
      ])
        expect(text).not.toContain(personal);
      await expect(strangerPage.locator('[data-area="upgrades"]')).toHaveCount(0);
      await expect(strangerPage.getByRole('button', { name: 'Add to my order' })).toHaveCount(0);
      // Straight at the API, the id alone buys nothing either.
      const attempt = await strangerPage.request.post(
        `/payments/stripe-subscriptions/checkout/${orderId}/buy-bp-tape`,
        { data: {}, headers: { origin: shop.url } },
      );
      expect(attempt.status()).toBe(404);
      await shoot(strangerPage, 'not-yours');
    } finally {
      await stranger.close();
    }

    // The buyer's own browser: the page survives a reload and the add-on is bought once.
    await page.reload();
    const area = upgradesArea(page);
    await expect(offer(area, 'Blood-Pressure Monitor with Measuring Tape')).toBeVisible();
    await offer(area, 'Blood-Pressure Monitor with Measuring Tape')
      .getByRole('button', { name: 'Add to my order' })
      .click();
    await expect(added(area).getByText('Blood-Pressure Monitor with Measuring Tape')).toBeVisible();
  });

  test('No thanks hides an offer; a declined one stays declined after a reload', async ({
    page,
  }) => {
    await checkOutAsGuest(page);
    const area = upgradesArea(page);
    await offer(area, 'Easy-Draw Collection Device')
      .getByRole('button', { name: 'No thanks' })
      .click();
    await expect(offer(area, 'Easy-Draw Collection Device')).toHaveCount(0);
    await expect(area.getByRole('article')).toHaveCount(2);
    await page.reload();
    await expect(offer(area, 'Mini Panel')).toBeVisible();
    await expect(offer(area, 'Easy-Draw Collection Device')).toHaveCount(0);
  });

  test('with the mf-upgrades remote blocked, the thank-you page still shows the order and the slot a quiet fallback', async ({
    page,
  }) => {
    let blocked = 0;
    await page.route('**/remotes/mf_upgrades/**', (route) => {
      blocked += 1;
      return route.abort('connectionrefused');
    });
    const orderId = await checkOutAsGuest(page);
    await expect(page.getByRole('heading', { name: 'Thank you, Mary!' })).toBeVisible();
    await expect(page.getByTestId('order-reference')).toContainText(
      orderId.slice(0, 8).toUpperCase(),
    );
    await expect(orderSummary(page)).toContainText('Bloodwise Complete Panel');
    const fallback = page.locator('[data-area-fallback="upgrades"]');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByTestId('upgrades-fallback')).toBeVisible();
    // Quiet: no alert and no "unavailable" heading, just a note and a way to try again.
    await expect(fallback.getByRole('heading')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(blocked).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'remote-blocked');

    await page.unroute('**/remotes/mf_upgrades/**');
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(offer(upgradesArea(page), 'Mini Panel')).toBeVisible();
  });
});

// The account page drawn on the server as its visitor: the HTML already holds their e-mail and every
// panel with their data (membership, cards, shipping address, lab reports), the shell and the account
// area start only at the first interaction, nothing moves when the live page takes over, and a press
// made on the server's page (opening the address form, the upload's file chooser) is not lost.
import type { Page, Request } from '@playwright/test';
import { API_PATHS } from '../../shared/src/contract/paths';
import { createConfirmedAccount } from '../support/accounts';
import { uniqueEmail } from '../support/checkout-flow';
import { firstViewReady, interact, reactStarted, runsCodeOf } from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const SHOTS_DIR = '/tmp/shots';
const ADDRESS = {
  name: 'Frances Firstview',
  line1: '12 Analytical Row',
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};
const firstViewOf = (page: Page) => page.locator('[data-first-view-area="account"]');

/** Layout shifts from the first paint on, as CLS counts them (a shift right after input is not). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
  );

/** Opens /account and waits until the shell's first stage has run and chosen to wait. */
async function openUntouched(page: Page, requested: Request[]): Promise<string> {
  page.on('request', (request) => requested.push(request));
  const response = await page.goto('/account');
  expect(response!.headers()['cache-control']).toBe('private, no-store');
  // The shell's start is fetched at idle (never run) once it has decided to wait.
  await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
  return response!.text();
}

test('/account arrives drawn as its visitor, starts at the first interaction without a shift, and an early press opens the address form', async ({
  page,
  shop,
  playwright,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('first-view-account');
  await createConfirmedAccount(page.request, shop, {
    email,
    name: ADDRESS.name,
    password: 'first-view-password-1',
  });
  const saved = await page.request.put(API_PATHS.shippingAddress, {
    data: ADDRESS,
    headers: { origin: shop.url },
  });
  expect(saved.status()).toBe(200);
  await firstViewReady(page.request, '/account');
  await recordLayoutShifts(page);

  await test.step('the HTML holds the visitor and every panel before any script runs', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    const requested: Request[] = [];
    const html = await openUntouched(page, requested);
    expect(html).toContain('"takeover":"on-interaction"');
    expect(html).toContain('"frame":"visitor"');
    expect(html).toContain(`Logged in as <strong>${email}</strong>`);
    for (const panel of ['Membership', 'Payment methods', 'Shipping address', 'Lab results'])
      expect(html).toContain(`>${panel}</h2>`);
    expect(html).toContain('12 Analytical Row');
    expect(html).toContain('No lab results uploaded yet.');
    expect(html).not.toContain('ant-skeleton');

    // Nothing of React has run: the page on screen is the server's, and the area's code is not run.
    expect(await reactStarted(page)).toBe(false);
    expect(requested.filter(runsCodeOf('mf_account'))).toEqual([]);
    await expect(firstViewOf(page).getByText(`Logged in as ${email}`)).toBeVisible();
    await expect(firstViewOf(page).getByRole('region', { name: 'Shipping address' })).toContainText(
      '12 Analytical Row',
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
    await fullPageShot(page, `${SHOTS_DIR}/account-first-view-375.png`);
  });

  await test.step('the live page takes over at the first interaction, in the same place', async () => {
    await interact(page);
    await expect.poll(() => reactStarted(page)).toBe(true);
    await expect(page.locator('[data-first-view-area], [data-first-view]')).toHaveCount(0);
    const live = page.locator('[data-area="account"]');
    await expect(live.getByText(`Logged in as ${email}`)).toBeVisible();
    await expect(live.getByRole('region', { name: 'Shipping address' })).toContainText(
      '12 Analytical Row',
    );
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  });

  await test.step('a first press on the server page opens the address form on the live page', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openUntouched(page, []);
    await fullPageShot(page, `${SHOTS_DIR}/account-first-view-1280.png`);
    await firstViewOf(page).getByRole('button', { name: 'Edit address' }).click();
    const form = page.locator('[data-area="account"]').getByRole('form', {
      name: 'Shipping address',
    });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Address line 1')).toHaveValue('12 Analytical Row');
    await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
  });

  await test.step('a first press on the upload button opens the file chooser after the takeover', async () => {
    await openUntouched(page, []);
    const chooser = page.waitForEvent('filechooser');
    await firstViewOf(page).getByRole('button', { name: 'Upload a lab report' }).click();
    expect((await chooser).isMultiple()).toBe(false);
  });

  await test.step('anyone else gets no first view and nothing of the visitor', async () => {
    const stranger = await playwright.request.newContext({ baseURL: shop.url });
    try {
      const anonymous = await stranger.get('/account', { headers: { accept: 'text/html' } });
      expect(anonymous.status()).toBe(200);
      const html = await anonymous.text();
      expect(html).not.toContain('id="shop-first-view"');
      expect(html).not.toContain(email);
      expect(html).not.toContain('12 Analytical Row');
      // A stranger's own cookie (signed out) is no visitor either.
      const cookie = await stranger.get('/account', {
        headers: { accept: 'text/html', cookie: 'bw_session=not-a-session' },
      });
      expect(await cookie.text()).not.toContain('id="shop-first-view"');
    } finally {
      await stranger.dispose();
    }
  });
});

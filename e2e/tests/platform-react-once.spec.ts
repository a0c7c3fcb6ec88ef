// React is a shared singleton. Whatever areas a visit touches, react-dom is
// requested once, and the federation share scope holds a single React version, loaded by the shell.
import type { Page } from '@playwright/test';
import {
  fillCard,
  fillContactAndShipping,
  uniqueEmail,
  THANK_YOU_URL,
} from '../support/checkout-flow';
import { expect, test } from '../support/shop-server';
import { watchNetwork } from '../support/settled';

/** Only react-dom's client names its root container key like this. */
const REACT_DOM_MARKER = '__reactContainer$';

interface ShareEntry {
  scope: string;
  pkg: string;
  version: string;
  from: string;
  loaded: boolean;
}

async function reactShares(page: Page): Promise<ShareEntry[]> {
  return page.evaluate(() => {
    type Share = Record<
      string,
      Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>
    >;
    const share = (window as unknown as { __FEDERATION__: { __SHARE__: Share } }).__FEDERATION__
      .__SHARE__;
    const entries: ShareEntry[] = [];
    for (const [scope, scopes] of Object.entries(share))
      for (const packages of Object.values(scopes))
        for (const [pkg, versions] of Object.entries(packages))
          if (
            pkg === 'react' ||
            pkg === 'react-dom' ||
            pkg.startsWith('react/') ||
            pkg.startsWith('react-dom/')
          )
            for (const [version, info] of Object.entries(versions))
              entries.push({ scope, pkg, version, from: info.from, loaded: info.loaded === true });
    return entries;
  });
}

test('visiting all five areas in one document requests react-dom once, and __FEDERATION__ shares one React version from the shell', async ({
  page,
}) => {
  const reactDomScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text().catch(() => '')).includes(REACT_DOM_MARKER))
      reactDomScripts.push(response.url());
  });
  // One document from here on: every later change is client-side.
  const network = watchNetwork(page);
  await page.goto('/shopping-cart?add=bloodwise_kit_one_time');
  await expect(page.getByTestId('summary-line')).toHaveCount(1);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.locator('[data-area="account"] h1')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Tests & pricing' }).click();
  await expect(page.locator('[data-area="catalog"] h1').first()).toBeVisible();
  await page.getByRole('link', { name: /cart/i }).first().click();
  await expect(page.locator('[data-area="checkout"] h1')).toBeVisible();
  // Placing an order leads to the thank-you page, which hosts the upgrades area.
  await page.getByTestId('go-to-checkout').click();
  await fillContactAndShipping(page, uniqueEmail('react-once'));
  await fillCard(page, '4242 4242 4242 4242');
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(THANK_YOU_URL);
  // No link leads there from here; a history entry plus popstate is the same client-side change.
  const goClientSide = (path: string) =>
    page.evaluate((to) => {
      history.pushState({}, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  await expect(page.locator('[data-area="upgrades"]')).toBeVisible();
  await goClientSide('/shop/acme-wellness');
  await expect(page.locator('[data-area="storefront"] h1')).toBeVisible();
  // Every script the storefront asked for has arrived: a second react-dom would be among them.
  await network.settled();
  expect(reactDomScripts, 'scripts containing react-dom').toHaveLength(1);
  expect(
    new URL(reactDomScripts[0]!).pathname.startsWith('/remotes/'),
    'the shell provides it',
  ).toBe(false);

  const shares = await reactShares(page);
  const containers = new Set(shares.map((entry) => entry.scope.split(':')[0]));
  for (const name of [
    'shell',
    'mf_account',
    'mf_catalog',
    'mf_checkout',
    'mf_upgrades',
    'mf_storefront',
  ])
    expect(containers).toContain(name);
  expect(new Set(shares.map((entry) => entry.version))).toEqual(new Set(['19.3.1']));
  expect(new Set(shares.filter((entry) => entry.loaded).map((entry) => entry.from))).toEqual(
    new Set(['shell']),
  );
});

// Issue 2, browser test 3: each remote, blocked in turn with page.route, shows its area fallback
// within 3 s while the header and the other areas keep working; "Try again" recovers it once the
// remote is reachable again, without a page reload. A remote that hangs falls back within 3 s too.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/shop-server';

const FALLBACK_BUDGET_MS = 3_000;

interface Case {
  remote: string;
  area: string;
  /** Where the area shows. */
  path: string;
  /** Another area reached from there through the shell's header, and a heading it shows. */
  elsewhere: { link: (page: Page) => ReturnType<Page['getByRole']>; area: string; heading: RegExp };
  /** The area's heading once it loads. */
  heading: RegExp;
  /** For a nested area: the host area, still rendered around the fallback. */
  host?: { area: string; heading: RegExp };
}

const mainNavLink = (name: string) => (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

const CASES: Case[] = [
  { remote: 'mf_account', area: 'account', path: '/login', heading: /log in/i, elsewhere: { link: mainNavLink('Tests & pricing'), area: 'catalog', heading: /pricing/i } },
  { remote: 'mf_catalog', area: 'catalog', path: '/pricing', heading: /pricing/i, elsewhere: { link: (page) => page.getByRole('link', { name: 'Log in' }), area: 'account', heading: /log in/i } },
  { remote: 'mf_checkout', area: 'checkout', path: '/shopping-cart', heading: /cart/i, elsewhere: { link: mainNavLink('Tests & pricing'), area: 'catalog', heading: /pricing/i } },
  {
    remote: 'mf_upgrades',
    area: 'upgrades',
    path: '/checkout/thank-you',
    heading: /./,
    host: { area: 'checkout', heading: /thank you/i },
    elsewhere: { link: mainNavLink('Tests & pricing'), area: 'catalog', heading: /pricing/i },
  },
  { remote: 'mf_storefront', area: 'storefront', path: '/shop/acme-wellness', heading: /acme/i, elsewhere: { link: (page) => page.getByRole('link', { name: 'Log in' }), area: 'account', heading: /log in/i } },
];

/** Records, in page time (ms since navigation start), when each area's fallback first appears. */
async function recordFallbackTimes(page: Page) {
  await page.addInitScript(() => {
    const seen: Record<string, number> = {};
    (window as unknown as { __fallbackSeenAt: Record<string, number> }).__fallbackSeenAt = seen;
    new MutationObserver(() => {
      for (const element of document.querySelectorAll('[data-area-fallback]')) {
        const area = element.getAttribute('data-area-fallback')!;
        seen[area] ??= performance.now();
      }
    }).observe(document, { subtree: true, childList: true });
  });
}
const fallbackSeenAt = (page: Page, area: string) =>
  page.evaluate((name) => (window as unknown as { __fallbackSeenAt: Record<string, number> }).__fallbackSeenAt[name], area);

const areaHeading = (page: Page, area: string) =>
  page.locator(`[data-area="${area}"]`).getByRole('heading').first();

for (const scenario of CASES) {
  test(`${scenario.remote} blocked: its fallback shows within 3 s, the rest works, and Try again recovers it`, async ({ page }) => {
    await recordFallbackTimes(page);
    const pattern = `**/remotes/${scenario.remote}/**`;
    let blocked = 0;
    await page.route(pattern, (route) => {
      blocked += 1;
      return route.abort('connectionrefused');
    });

    await page.goto(scenario.path);
    const fallback = page.locator(`[data-area-fallback="${scenario.area}"]`);
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('heading')).toContainText('is unavailable');
    expect(blocked).toBeGreaterThan(0);
    expect(await fallbackSeenAt(page, scenario.area)).toBeLessThan(FALLBACK_BUDGET_MS);
    // The shell never goes blank: header, footer and (for a nested area) the host area are there.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    if (scenario.host) await expect(areaHeading(page, scenario.host.area)).toHaveText(scenario.host.heading);

    // Another area, reached through the header, works while this remote is still down.
    await scenario.elsewhere.link(page).click();
    await expect(areaHeading(page, scenario.elsewhere.area)).toHaveText(scenario.elsewhere.heading);
    await expect(page.locator('[data-area-fallback]')).toHaveCount(0);

    // Back to the broken area: still down, so the fallback again.
    await page.goBack();
    await expect(fallback).toBeVisible();

    // The remote comes back; "Try again" loads it in place, without a page load.
    await page.unroute(pattern);
    await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await expect(areaHeading(page, scenario.area)).toHaveText(scenario.heading);
    await expect(fallback).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
}

test('a remote that never answers falls back within 3 s (timeout), and Try again recovers it', async ({ page }) => {
  await recordFallbackTimes(page);
  const held: Route[] = [];
  const pattern = '**/remotes/mf_catalog/**';
  await page.route(pattern, (route) => {
    held.push(route);
  });
  await page.goto('/pricing');
  const fallback = page.locator('[data-area-fallback="catalog"]');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-reason', 'timeout');
  expect(await fallbackSeenAt(page, 'catalog')).toBeLessThan(FALLBACK_BUDGET_MS);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await page.unroute(pattern);
  await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(areaHeading(page, 'catalog')).toHaveText(/pricing/i);
});

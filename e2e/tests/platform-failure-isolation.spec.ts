// Each remote, blocked in turn with page.route, shows its area fallback while the header and the
// other areas keep working; "Try again" recovers it once the remote is reachable again, without a
// page reload. A remote that hangs falls back at the area loader's deadline too. How soon is not
// asserted here: a test on a loaded machine measures the machine.
import type { Page, Route } from '@playwright/test';
import { checkOutAsGuest } from '../support/checkout-flow';
import { interact } from '../support/first-view';
import { expect, test } from '../support/shop-server';

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
  /** Runs before the remote is blocked and returns the path to open, e.g. after placing an order. */
  prepare?: (page: Page) => Promise<string>;
}

const mainNavLink = (name: string) => (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

const CASES: Case[] = [
  {
    remote: 'mf_account',
    area: 'account',
    path: '/login',
    heading: /log in/i,
    elsewhere: { link: mainNavLink('Tests & pricing'), area: 'catalog', heading: /pricing/i },
  },
  {
    remote: 'mf_catalog',
    area: 'catalog',
    path: '/pricing',
    heading: /pricing/i,
    elsewhere: {
      link: (page) => page.getByRole('link', { name: 'Log in' }),
      area: 'account',
      heading: /log in/i,
    },
  },
  {
    remote: 'mf_checkout',
    area: 'checkout',
    path: '/shopping-cart',
    heading: /cart/i,
    elsewhere: { link: mainNavLink('Tests & pricing'), area: 'catalog', heading: /pricing/i },
  },
  {
    remote: 'mf_upgrades',
    area: 'upgrades',
    path: '/checkout/thank-you',
    // The thank-you page hosts the upgrades slot once it shows a placed order.
    prepare: async (page) => `/checkout/thank-you?order=${await checkOutAsGuest(page)}`,
    heading: /./,
    host: { area: 'checkout', heading: /thank you/i },
    elsewhere: { link: mainNavLink('Tests & pricing'), area: 'catalog', heading: /pricing/i },
  },
  {
    remote: 'mf_storefront',
    area: 'storefront',
    path: '/shop/acme-wellness',
    heading: /acme/i,
    elsewhere: {
      link: (page) => page.getByRole('link', { name: 'Log in' }),
      area: 'account',
      heading: /log in/i,
    },
  },
];

const areaHeading = (page: Page, area: string) =>
  page.locator(`[data-area="${area}"]`).getByRole('heading').first();

for (const scenario of CASES) {
  test(`${scenario.remote} blocked: its fallback shows, the rest works, and Try again recovers it`, async ({
    page,
  }) => {
    const path = scenario.prepare ? await scenario.prepare(page) : scenario.path;
    const pattern = `**/remotes/${scenario.remote}/**`;
    let blocked = 0;
    await page.route(pattern, (route) => {
      blocked += 1;
      return route.abort('connectionrefused');
    });

    await page.goto(path);
    await interact(page);
    const fallback = page.locator(`[data-area-fallback="${scenario.area}"]`);
    await expect(fallback).toBeVisible();
    // A top-level area gets the shell's fallback; the thank-you page gives its upgrades slot a quieter one.
    if (!scenario.host) await expect(fallback.getByRole('heading')).toContainText('is unavailable');
    expect(blocked).toBeGreaterThan(0);
    // The shell never goes blank: header, footer and (for a nested area) the host area are there.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    if (scenario.host)
      await expect(areaHeading(page, scenario.host.area)).toHaveText(scenario.host.heading);

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
    expect(
      await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
    ).toBe(true);
  });
}

/** Holds every request for the catalog remote until `release` lets them (and later ones) through. */
async function holdCatalog(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/remotes/mf_catalog/**', (route) =>
    released ? route.continue() : void held.push(route),
  );
  return {
    release: () => {
      released = true;
      return Promise.all(held.splice(0).map((route) => route.continue()));
    },
    failHeld: () => Promise.all(held.splice(0).map((route) => route.abort())),
  };
}

test('a remote that never answers falls back at the deadline (timeout), and Try again recovers it', async ({
  page,
}) => {
  const catalog = await holdCatalog(page);
  await page.goto('/pricing');
  await interact(page);
  const fallback = page.locator('[data-area-fallback="catalog"]');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-reason', 'timeout');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // The held requests fail for good; only Try again brings the area back.
  await catalog.failHeld();
  await catalog.release();
  await expect(fallback).toBeVisible();
  await fallback.getByRole('button', { name: 'Try again' }).click();
  await expect(areaHeading(page, 'catalog')).toHaveText(/pricing/i);
});

test('a remote that is only slow replaces its timeout fallback by itself when it arrives', async ({
  page,
}) => {
  const catalog = await holdCatalog(page);
  await page.goto('/pricing');
  await interact(page);
  const fallback = page.locator('[data-area-fallback="catalog"]');
  await expect(fallback).toHaveAttribute('data-reason', 'timeout');

  await catalog.release();
  await expect(areaHeading(page, 'catalog')).toHaveText(/pricing/i);
  await expect(fallback).toHaveCount(0);
});

// Each remote owns its pages: a catalog release with new pages, one inside a prefix the catalog
// already serves (/programs/sleep) and one under a prefix it newly declares (/sleep), goes live with
// `shop deploy` alone, the shell's files untouched; `shop rollback` takes both away again. Paths
// inside an area's prefixes that it has no page for get that area's own not-found page.
import { expect, test, type Page } from '@playwright/test';
import {
  releaseServerForFile,
  editManifestMetaData,
  liveVersionFrom,
  patchedCopyOfBuild,
  shellFileHashes,
} from '../support/releases';

const currentServer = releaseServerForFile(async (server) => {
  for (const pkg of ['mf-account', 'mf-catalog', 'mf-checkout', 'mf-upgrades', 'mf-storefront'])
    liveVersionFrom(await server.shop('deploy', pkg));
});

/** Opens `path` as a new page load and returns its HTTP status. */
async function open(page: Page, path: string): Promise<number | undefined> {
  return (await page.goto(`${currentServer().url}${path}`))?.status();
}

/** The not-found page an area draws inside its own root (not the shell's). */
const areaNotFound = (page: Page, area: string) =>
  page.locator(`[data-area="${area}"] [data-page="not-found"]`);

/** The shell's own not-found page: no area claims the path, so no area is mounted. */
async function expectShellNotFound(page: Page, path: string): Promise<void> {
  const notFound = page.locator('[data-page="not-found"]');
  await expect(notFound.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(notFound).toContainText(path);
  await expect(page.locator('[data-area]')).toHaveCount(0);
}

async function liveCatalogRoutes(): Promise<string[]> {
  const registry = (await (await fetch(`${currentServer().url}/remotes.json`)).json()) as {
    remotes: Record<string, { areaRoutes: string[] }>;
  };
  return registry.remotes.mf_catalog!.areaRoutes;
}

test('a catalog release adds pages with `shop deploy` alone; the shell is untouched and `shop rollback` removes them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const server = currentServer();
  const shellBefore = await shellFileHashes();

  // Before: /programs is the catalog's, which has no sleep page; /sleep is no area's at all.
  expect(await open(page, '/programs/sleep')).toBe(200);
  await expect(areaNotFound(page, 'catalog').getByRole('heading', { level: 1 })).toHaveText(
    'Page not found',
  );
  await expect(areaNotFound(page, 'catalog')).toContainText('/programs/sleep');
  expect(await open(page, '/sleep')).toBe(404);
  await expectShellNotFound(page, '/sleep');

  // The release: two of the catalog's pages moved to new paths in its route file (standing in for
  // new pages), and its manifest declaring the new prefix, as its area-routes.ts would.
  const release = await patchedCopyOfBuild(server.workDir, 'mf-catalog', 'new-pages', [
    ['programs/heart-health', 'programs/sleep'],
    ['upload-results/how-to-export', 'sleep'],
  ]);
  await editManifestMetaData(release, (metaData) => {
    metaData.areaRoutes = [...(metaData.areaRoutes as string[]), '/sleep'];
  });
  const v1Routes = await liveCatalogRoutes();
  const deploy = await server.shop('deploy', 'mf-catalog', '--from', release);
  liveVersionFrom(deploy);
  expect(await liveCatalogRoutes()).toEqual([...v1Routes, '/sleep']);

  // Live on the next load, each page drawn by the catalog.
  expect(await open(page, '/programs/sleep')).toBe(200);
  const catalogHeading = page.locator('[data-area="catalog"] h1').first();
  await expect(catalogHeading).toHaveText(/heart/i);
  await expect(page.locator('[data-page="not-found"]')).toHaveCount(0);
  expect(await open(page, '/sleep')).toBe(200);
  await expect(catalogHeading).toHaveText(/export/i);
  await expect(page.locator('[data-page="not-found"]')).toHaveCount(0);
  // And reached by navigating inside the tab, not only by loading it.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Tests & pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(catalogHeading).toHaveText(/pricing/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/sleep$/);
  await expect(catalogHeading).toHaveText(/export/i);
  expect(await shellFileHashes()).toEqual(shellBefore);

  // Rolled back: the catalog's own 404 inside /programs, the shell's for /sleep.
  liveVersionFrom(await server.shop('rollback', 'mf-catalog'));
  expect(await liveCatalogRoutes()).toEqual(v1Routes);
  expect(await open(page, '/programs/sleep')).toBe(200);
  await expect(areaNotFound(page, 'catalog')).toBeVisible();
  expect(await open(page, '/sleep')).toBe(404);
  await expectShellNotFound(page, '/sleep');
  expect(await shellFileHashes()).toEqual(shellBefore);
});

test('inside its prefixes each area answers a path it has no page for with its own not-found page', async ({
  page,
}) => {
  for (const [path, area] of [
    ['/login/nope', 'account'],
    ['/pricing/no-such-plan', 'catalog'],
    ['/shopping-cart/nope', 'checkout'],
    ['/shop/acme-wellness/nope', 'storefront'],
  ] as const) {
    await test.step(`${path} → ${area}`, async () => {
      expect(await open(page, path)).toBe(200);
      await expect(areaNotFound(page, area).getByRole('heading', { level: 1 })).toHaveText(
        'Page not found',
      );
      await expect(areaNotFound(page, area)).toContainText(path);
      await expect(page.locator('[data-area-fallback]')).toHaveCount(0);
    });
  }
  // A storefront's links stay in the partner's shop.
  await areaNotFound(page, 'storefront').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/shop\/acme-wellness\/?$/);
});

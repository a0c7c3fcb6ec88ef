// The operator story: deploy v1 of mf-catalog, deploy v2 with a visible change, roll
// back to v1 — each live on the next page load, the shell's files untouched, and a tab opened on
// v2 before the rollback still navigating inside the catalog until it reloads.
import { expect, test, type Page, type Response } from '@playwright/test';
import { waitForLivePage, interact } from '../support/first-view';
import {
  releaseServerForFile,
  findBuiltText,
  liveVersionFrom,
  patchedCopyOfBuild,
  shellFileHashes,
} from '../support/releases';

const currentServer = releaseServerForFile();

const catalogHeading = (page: Page) => page.locator('[data-area="catalog"] h1').first();
/** The catalog's text that v2 changes: exact match, so "X" never matches "X (v2)". */
const catalogText = (page: Page, text: string) =>
  page.locator('[data-area="catalog"]').getByText(text, { exact: true }).first();

/** The shell's field-data chunk: fetched after the paint by a random sample of page loads only. */
const SAMPLED_CHUNK = /^\/field-vitals\.[0-9a-f]+\.js$/;

/** Shell files the page loaded on every visit (its own origin, outside /remotes/). */
function shellScriptUrls(responses: Response[]): string[] {
  return responses
    .map((response) => new URL(response.url()))
    .filter(
      (url) =>
        url.pathname.endsWith('.js') &&
        !url.pathname.startsWith('/remotes/') &&
        url.pathname !== '/config.js' &&
        !SAMPLED_CHUNK.test(url.pathname),
    )
    .map((url) => url.pathname)
    .sort();
}

async function openPricing(page: Page): Promise<Response[]> {
  const server = currentServer();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(`${server.url}/pricing`);
  await expect(catalogHeading(page)).toBeVisible();
  // The heading is in the server's first view; the shell's scripts are all in once the live page is.
  await waitForLivePage(page);
  return responses;
}

test('deploy v1, deploy v2, roll back: live on reload, shell untouched, open tab keeps working', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = currentServer();
  const shellBefore = await shellFileHashes();

  // 1. Deploy v1 (the current build) and note what the shell serves.
  const v1 = liveVersionFrom(await server.shop('deploy', 'mf-catalog'));
  const context = await browser.newContext();
  const tabA = await context.newPage();
  const shellLoadedV1 = shellScriptUrls(await openPricing(tabA));
  expect(shellLoadedV1.length).toBeGreaterThan(0);
  const v1Text = await findBuiltText(tabA, 'catalog', 'mf-catalog');
  await expect(catalogText(tabA, v1Text)).toBeVisible();

  // 2. Deploy v2: the same catalog with a visible change to one of its texts.
  const v2Text = `${v1Text} (v2)`;
  const v2Build = await patchedCopyOfBuild(server.workDir, 'mf-catalog', 'v2', [[v1Text, v2Text]]);
  const deployV2 = await server.shop('deploy', 'mf-catalog', '--from', v2Build);
  const v2 = liveVersionFrom(deployV2);
  expect(v2).not.toBe(v1);
  expect(deployV2.out).toContain(`(was ${v1})`);
  await tabA.reload();
  await interact(tabA);
  await expect(catalogText(tabA, v2Text)).toBeVisible();

  // A second tab opened on v2 before the rollback.
  const tabB = await context.newPage();
  await openPricing(tabB);
  await expect(catalogText(tabB, v2Text)).toBeVisible();
  const tabBCatalogResponses: Response[] = [];
  tabB.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/remotes/mf_catalog/'))
      tabBCatalogResponses.push(response);
  });

  // 3. Roll back: v1 on the next load, and the shell's files are the same bytes.
  const rollback = await server.shop('rollback', 'mf-catalog');
  expect(liveVersionFrom(rollback)).toBe(v1);
  expect(rollback.out).toContain(`(was ${v2})`);
  const registry = (await (await fetch(`${server.url}/remotes.json`)).json()) as {
    remotes: Record<string, { version: string }>;
  };
  expect(registry.remotes.mf_catalog!.version).toBe(v1);

  const reloaded: Response[] = [];
  tabA.on('response', (response) => reloaded.push(response));
  await tabA.reload();
  await interact(tabA);
  await waitForLivePage(tabA);
  await expect(catalogText(tabA, v1Text)).toBeVisible();
  await expect(catalogText(tabA, v2Text)).toHaveCount(0);
  expect(shellScriptUrls(reloaded)).toEqual(shellLoadedV1);
  expect(await shellFileHashes()).toEqual(shellBefore);

  // 4. The tab opened on v2 still navigates inside the catalog (no reload), on v2's code.
  await expect(catalogText(tabB, v2Text)).toBeVisible();
  const programsLink = tabB.locator('a[href="/programs"]').first();
  await programsLink.click();
  await expect(tabB).toHaveURL(/\/programs$/);
  await expect(tabB.locator('[data-area="catalog"] h1').first()).toBeVisible();
  await expect(tabB.locator('[data-area-fallback]')).toHaveCount(0);
  await tabB.goBack();
  await expect(tabB).toHaveURL(/\/pricing$/);
  await expect(catalogText(tabB, v2Text)).toBeVisible();
  for (const response of tabBCatalogResponses) {
    expect(response.url()).toContain(encodeURIComponent(v2));
    expect(response.status()).toBeLessThan(400);
  }

  // Until it reloads: then it gets v1 too.
  await tabB.reload();
  await expect(catalogText(tabB, v1Text)).toBeVisible();
  await context.close();
});

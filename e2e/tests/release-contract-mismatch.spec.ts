// A remote built against another shell-contract major: `shop deploy` refuses it and names both
// versions; forced through with --force, the shell refuses it in turn, logs the mismatch and shows
// that area's fallback while the other areas keep working.
import { interact } from '../support/first-view';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  copyWithContract,
  hasBuild,
  liveVersionFrom,
  REPO_ROOT,
  releaseServerForFile,
} from '../support/releases';

const currentServer = releaseServerForFile(async (server) => {
  for (const pkg of ['mf-catalog', 'mf-account']) {
    if (!(await hasBuild(pkg)))
      throw new Error(`${pkg} is not built; run the build before the browser tests.`);
  }
  for (const pkg of ['mf-catalog', 'mf-account', 'mf-checkout', 'mf-upgrades', 'mf-storefront']) {
    if (await hasBuild(pkg)) liveVersionFrom(await server.shop('deploy', pkg));
  }
});

test('the CLI refuses a catalog built for another contract major; forced, the shell shows the catalog fallback and the account area still works', async ({
  page,
}) => {
  const server = currentServer();
  const manifest = JSON.parse(
    await fs.readFile(path.join(REPO_ROOT, 'mf-catalog', 'dist', 'mf-manifest.json'), 'utf8'),
  ) as {
    metaData: { shellContractVersion: string };
  };
  const nextMajor = `${Number.parseInt(manifest.metaData.shellContractVersion, 10) + 1}.0.0`;
  const incompatible = await copyWithContract(server.workDir, 'mf-catalog', nextMajor);
  const current = manifest.metaData.shellContractVersion;
  const refused = await server.shop('deploy', 'mf-catalog', '--from', incompatible);
  expect(refused.code).toBe(1);
  expect(refused.err).toContain(
    `was built against shell contract ${nextMajor}, but the live shell is on contract ${current}`,
  );
  expect(refused.err).toContain('--force');
  const live = (await (await fetch(`${server.url}/remotes.json`)).json()) as {
    remotes: Record<string, { contractVersion: string }>;
  };
  expect(live.remotes.mf_catalog!.contractVersion).toBe(current);

  const deploy = await server.shop('deploy', 'mf-catalog', '--from', incompatible, '--force');
  liveVersionFrom(deploy);
  expect(deploy.out).toContain(`contract ${nextMajor}`);
  expect(deploy.out).toContain(`warning: --force: mf_catalog`);

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));

  await page.goto(`${server.url}/pricing`);
  await interact(page);
  const fallback = page.locator('[data-area-fallback="catalog"]');
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('data-reason', 'contract');
  await expect(page.locator('[data-area="catalog"]')).toHaveCount(0);
  expect(errors.some((text) => text.includes('mf_catalog') && text.includes(nextMajor))).toBe(true);
  expect(pageErrors).toEqual([]);

  // The rest of the shop works: the header is there and the account area renders.
  await expect(page.locator('header')).toBeVisible();
  await page.goto(`${server.url}/login`);
  await expect(page.locator('[data-area="account"]')).toBeVisible();
  await expect(page.locator('[data-area-fallback]')).toHaveCount(0);

  // Rolling the catalog back brings it back on the next load.
  liveVersionFrom(await server.shop('rollback', 'mf-catalog'));
  await page.goto(`${server.url}/pricing`);
  await interact(page);
  await expect(page.locator('[data-area="catalog"] h1').first()).toBeVisible();
  await expect(page.locator('[data-area-fallback]')).toHaveCount(0);
});

// The development override: `?override=<remote>@<manifest URL>` loads one remote from a
// developer's server (here a local static server with a visibly changed catalog), shows a banner
// with a reset control, and refuses origins that are not on the allowlist with a visible message.
import { interact } from '../support/first-view';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  releaseServerForFile,
  findBuiltText,
  liveVersionFrom,
  patchedCopyOfBuild,
} from '../support/releases';

const currentServer = releaseServerForFile(async (server) => {
  liveVersionFrom(await server.shop('deploy', 'mf-catalog'));
});
let devServer: http.Server;
let devOrigin: string;
let registryText: string;
let localText: string;

/** Exact match, so the registry's "X" never matches the local "X (local dev)". */
const catalogText = (page: Page, text: string) =>
  page.locator('[data-area="catalog"]').getByText(text, { exact: true }).first();

/** Stands in for `pnpm --filter mf-catalog dev`: serves a build folder with CORS, as webpack-dev-server does. */
async function serveFolder(folder: string): Promise<http.Server> {
  const types: Record<string, string> = {
    '.js': 'application/javascript',
    '.json': 'application/json',
  };
  const dev = http.createServer(async (request, response) => {
    const name = path.basename(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(folder, name);
    const exists = await fs.stat(file).then(
      (s) => s.isFile(),
      () => false,
    );
    response.setHeader('access-control-allow-origin', '*');
    if (!exists) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': types[path.extname(name)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => dev.listen(0, resolve));
  return dev;
}

test.beforeAll(async ({ browser }) => {
  const server = currentServer();
  const page = await browser.newPage();
  await page.goto(`${server.url}/pricing`);
  await interact(page);
  await expect(page.locator('[data-area="catalog"] h1').first()).toBeVisible();
  registryText = await findBuiltText(page, 'catalog', 'mf-catalog');
  await page.close();

  localText = `${registryText} (local dev)`;
  devServer = await serveFolder(
    await patchedCopyOfBuild(server.workDir, 'mf-catalog', 'local', [[registryText, localText]]),
  );
  devOrigin = `http://localhost:${(devServer.address() as AddressInfo).port}`;
});

test.afterAll(() => {
  devServer?.close();
});

test('an override from an allowed origin loads the local remote, shows a banner, and resets', async ({
  page,
}) => {
  const server = currentServer();
  const manifestUrl = `${devOrigin}/mf-manifest.json`;
  await page.goto(`${server.url}/pricing?override=mf_catalog@${encodeURIComponent(manifestUrl)}`);
  await interact(page);
  await expect(catalogText(page, localText)).toBeVisible();
  const banner = page.locator('[data-dev-override-banner]');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('mf_catalog');
  await expect(banner).toContainText(manifestUrl);

  // Stored, so it survives a plain reload without the query parameter.
  await page.goto(`${server.url}/pricing`);
  await interact(page);
  await expect(catalogText(page, localText)).toBeVisible();
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: /reset/i }).click();
  await expect(banner).toHaveCount(0);
  await page.goto(`${server.url}/pricing`);
  await interact(page);
  await expect(catalogText(page, registryText)).toBeVisible();
  await expect(page.locator('[data-dev-override-banner]')).toHaveCount(0);
});

test('an override from an origin off the allowlist is refused with a visible message', async ({
  page,
}) => {
  const server = currentServer();
  const hostile = 'https://evil.example.test/mf-manifest.json';
  let hostileRequests = 0;
  await page.route('https://evil.example.test/**', (route) => {
    hostileRequests += 1;
    return route.abort();
  });
  await page.goto(`${server.url}/pricing?override=mf_catalog@${encodeURIComponent(hostile)}`);
  await interact(page);
  const refused = page.locator('[data-dev-override-refused]');
  await expect(refused).toBeVisible();
  await expect(refused).toContainText('not on the development-override allowlist');
  // The registry's catalog loads instead, and nothing was fetched from the refused origin.
  await expect(catalogText(page, registryText)).toBeVisible();
  await expect(page.locator('[data-dev-override-banner]')).toHaveCount(0);
  expect(hostileRequests).toBe(0);
});

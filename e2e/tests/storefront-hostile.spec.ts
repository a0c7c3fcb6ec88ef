// A partner whose customization holds <script>, <img onerror>, javascript: links and a javascript:
// redirectLink runs no script and never sends the browser anywhere. Two ways in, on a server of
// this file's own (its database is prepared before the server opens it):
//  - hostile-partner is written through the operator CLI, i.e. the validated repository function:
//    markup is accepted as text there, javascript: links are refused;
//  - hostile-links is a row inserted with plain SQL, as an old row or another writer could leave it,
//    holding every link the write path refuses.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import {
  HOSTILE_LINK_FIELDS,
  HOSTILE_TEXT_CUSTOMIZATION,
  SCRIPT_PAYLOAD,
} from '../../api/src/db/seed/hostile-partner';
import { openDatabase } from '../../api/src/db/open-database';
import { API_DIR, runCommand, startShopServer, type ShopServer } from '../support/shop-server';
import { afterNextPaints } from '../support/settled';

const TSX = path.join(API_DIR, 'node_modules', '.bin', 'tsx');
const PAGES = [
  '',
  '/pricing',
  '/pricing/monthly',
  '/shopping-cart',
  '/checkout',
  '/checkout/thank-you',
];

let dir: string;
let server: ShopServer;
let cliRefusal: { code: number; err: string };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storefront-hostile-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: path.join(dir, 'pglite'),
    SEED_DEMO_DATA: 'false',
  };
  delete env.DATABASE_URL;
  const shop = (...args: string[]) =>
    runCommand(TSX, [path.join('src', 'cli', 'shop.ts'), ...args], env, API_DIR);

  const textFile = path.join(dir, 'hostile-text.json');
  await fs.writeFile(
    textFile,
    JSON.stringify({ shopKey: 'hostile-partner', ...HOSTILE_TEXT_CUSTOMIZATION }),
  );
  const saved = await shop('partner', 'upsert', textFile);
  expect(saved.code, saved.err).toBe(0);

  const linksFile = path.join(dir, 'hostile-links.json');
  await fs.writeFile(
    linksFile,
    JSON.stringify({
      shopKey: 'hostile-links',
      ...HOSTILE_TEXT_CUSTOMIZATION,
      ...HOSTILE_LINK_FIELDS,
    }),
  );
  cliRefusal = await shop('partner', 'upsert', linksFile);

  // The write path refused it; the row goes in behind its back.
  const handle = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });
  try {
    await handle.db
      .insertInto('partner_customizations')
      .values({
        shop_key: 'hostile-links',
        data: JSON.stringify({ ...HOSTILE_TEXT_CUSTOMIZATION, ...HOSTILE_LINK_FIELDS }),
      })
      .execute();
  } finally {
    await handle.close();
  }
  server = await startShopServer({ env: { DATA_DIR: env.DATA_DIR }, label: 'storefront-hostile' });
});

test.afterAll(async () => {
  await server?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

declare global {
  interface Window {
    __pwned?: string;
  }
}

/** Visits every storefront page of a partner; fails on any script run, dialog or navigation away. */
async function visitAll(page: Page, shopKey: string) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const leftFor: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && !frame.url().startsWith(server.url))
      leftFor.push(frame.url());
  });
  for (const pagePath of PAGES) {
    await page.goto(`${server.url}/shop/${shopKey}${pagePath}`);
    await expect(
      page.locator('[data-area="storefront"]').getByRole('heading', { level: 1 }),
    ).toBeVisible();
    // Any injected handler (onerror, onload, a redirect effect) has had its chance once images are done and the page painted.
    await afterNextPaints(page);
    expect(await page.evaluate(() => window.__pwned), pagePath).toBeUndefined();
    expect(new URL(page.url()).pathname, pagePath).toBe(`/shop/${shopKey}${pagePath}`);
  }
  expect(dialogs).toEqual([]);
  expect(leftFor).toEqual([]);
}

test('the CLI refuses the javascript: links and redirect, naming each field', () => {
  expect(cliRefusal.code).toBe(1);
  for (const field of [
    'redirectLink',
    'logoLink',
    'facebookLink',
    'instagramLink',
    'favicon',
    'primaryColor',
    'redirectAfterPurchase.0.url',
    'metaTags.0.name',
  ]) {
    expect(cliRefusal.err).toContain(`  ${field}: `);
  }
});

test('markup written through the validated path shows as text and runs nothing, on every page', async ({
  page,
}) => {
  await visitAll(page, 'hostile-partner');
  await page.goto(`${server.url}/shop/hostile-partner`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome ${SCRIPT_PAYLOAD}`);
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText(
    SCRIPT_PAYLOAD,
  );
  await expect(page.getByTestId('partner-name')).toContainText('<img src="x" onerror=');
  expect(
    await page
      .locator(
        '[data-area="storefront"] script, [data-area="storefront"] iframe, [onerror], [onload]',
      )
      .count(),
  ).toBe(0);
  await expect(page.locator('head meta[name="description"]')).toHaveAttribute(
    'content',
    `"><script>window.__pwned='meta'</script>`,
  );
});

test('a hostile row stored behind the write path runs nothing and never redirects, not even from main or pricing', async ({
  page,
}) => {
  const served = await (
    await page.request.get(`${server.url}/api/v1/customization/hostile-links`)
  ).json();
  expect(served).toMatchObject({
    redirectLink: null,
    logoLink: null,
    facebookLink: null,
    favicon: null,
    primaryColor: '#3cbab5',
    redirectAfterPurchase: [],
    metaTags: [],
  });
  await visitAll(page, 'hostile-links');
  await page.goto(`${server.url}/shop/hostile-links`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(
    await page
      .locator('a[href^="javascript" i], a[href^="data:" i], a[href^="vbscript" i]')
      .count(),
  ).toBe(0);
  // No icon of the partner's and none of the shop's: at most the server's empty one.
  expect(await page.locator('head link[rel="icon"]:not([href="data:,"])').count()).toBe(0);
  expect(await page.locator('head meta[http-equiv], head meta[name="http-equiv"]').count()).toBe(0);
});

// Activating a kit: a signed-in customer opens /activate from the kit's QR link, checks the ID as
// typed, says who takes the sample with the consents, and the account's kit list then shows the kit
// activated with its timeline and next step. Once at 1280 px and once at 375 px, where nothing
// scrolls sideways. The paid order and its kits are written before the server starts (as the kits
// job would write them), so the test does not depend on the job's timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatKitCode } from '../../shared/src/kits/kit-code';
import { migrateToLatest } from '../../api/src/db/migrate';
import { openDatabase } from '../../api/src/db/open-database';
import { insertKit, insertKitEvent } from '../../api/src/modules/kits/kit-queries';
import { newKitCode } from '../../api/src/modules/kits/kit-service';
import { createConfirmedAccount } from '../support/accounts';
import { screenshotAtWidths } from '../support/screenshots';
import { startShopServer, type ShopServer } from '../support/shop-server';

const SHOTS = '/tmp/shots/kits';
const codes = { 1280: newKitCode(), 375: newKitCode() } as const;

let dir: string;
let server: ShopServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'activate-kit-'));
  const dataDir = path.join(dir, 'pglite');
  await fs.mkdir(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db);
    const at = new Date(Date.now() - 3_600_000);
    const { id: orderId } = await handle.db
      .insertInto('orders')
      .values({
        kind: 'consumer',
        user_id: null,
        email: 'kit.buyer@example.com',
        name: 'Kit Buyer',
        status: 'paid',
        currency: 'usd',
        subtotal_cents: 29800,
        discount_cents: 0,
        shipping_cents: 0,
        total_cents: 29800,
        discount_code: null,
        ship_upfront: false,
        bnpl: false,
        bnpl_consent_id: null,
        business_key: null,
        marketing_enabled: false,
        session_id: null,
        shipping_address: JSON.stringify({}),
        payment_charge_id: null,
        payment_method_id: null,
        payment_label: 'Visa •••• 4242',
        idempotency_key: null,
        buyer_token_hash: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [unit, code] of Object.values(codes).entries()) {
      const kit = await insertKit(handle.db, {
        code,
        orderId,
        orderLineId: null,
        unit: unit + 1,
        replacesKitId: null,
        userId: null,
        productKey: 'bloodwise-kit',
        title: 'Bloodwise Complete Panel',
        at,
      });
      if (!kit) throw new Error('kit not written');
      await insertKitEvent(handle.db, {
        kitId: kit.id,
        from: null,
        to: 'created',
        source: 'system',
        at,
        detail: { orderId },
      });
    }
  } finally {
    await handle.close();
  }
  // The lab's MLLP port on any free port: the specs' shared server holds the default one.
  server = await startShopServer({
    env: { DATA_DIR: dataDir, LAB_MLLP_PORT: '0' },
    label: 'activate-kit',
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** How far the page itself scrolls sideways (0: its content fits the viewport). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

for (const width of [1280, 375] as const) {
  test(`a customer activates a kit from its QR link at ${width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const code = codes[width];
    const printed = formatKitCode(code);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: 900 },
    });
    const page = await context.newPage();
    await createConfirmedAccount(page.request, server, {
      email: `activate-${width}-${Date.now().toString(36)}@example.com`,
      name: 'Ada Sampler',
      password: 'Activate-pass-2026!',
    });

    await page.goto(`/activate?kit=${code.toLowerCase()}`);
    // The account area's code loads on a busy machine: its first page may take a while.
    await expect(page.getByRole('heading', { name: 'Activate your kit' })).toBeVisible({
      timeout: 60_000,
    });
    const field = page.getByLabel('Kit ID');
    await expect(field).toHaveValue(printed);

    // A wrong check character is flagged as it is typed; the right ID clears it.
    const wrong = code.slice(0, 10) + (code[10] === '0' ? '1' : '0');
    await field.fill('');
    await field.pressSequentially(wrong);
    await expect(page.getByText('That kit ID does not add up.', { exact: false })).toBeVisible();
    await field.fill(printed.toLowerCase());
    await expect(page.getByText('That kit ID does not add up.', { exact: false })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Me', exact: true }).check();
    await page.getByLabel('Your full name').fill('Ada Sampler');
    await page.getByLabel('Date of birth').fill('1990-01-10');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Day the sample is taken').fill('2026-12-06');
    await page.getByRole('checkbox', { name: /authorise the lab/ }).check();
    await page.getByRole('checkbox', { name: /results are released/ }).check();
    expect(await pageOverflow(page)).toBe(0);
    // One set of shots (both widths) is enough: the 1280 run takes them.
    if (width === 1280) await screenshotAtWidths(page, SHOTS, 'activate-form');
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Activate kit' }).click();

    await expect(page.getByRole('heading', { name: 'Kit activated' })).toBeVisible();
    await expect(page.getByText(`Kit ${printed} is activated`)).toBeVisible();
    await page.getByRole('link', { name: 'See your kits' }).click();
    await expect(page.getByRole('heading', { name: 'Your kits' })).toBeVisible({ timeout: 60_000 });

    const kit = page.getByRole('listitem', { name: new RegExp(printed) });
    await expect(kit).toContainText('Activated');
    await expect(kit).toContainText('For Ada Sampler · sample taken Dec 6, 2026');
    await expect(kit).toContainText('send it back with the prepaid return label');
    await expect(kit.getByRole('list', { name: /Timeline/ })).toContainText('Kit ordered');
    expect(await pageOverflow(page)).toBe(0);
    if (width === 1280) await screenshotAtWidths(page, SHOTS, 'account-kits');
    await page.setViewportSize({ width, height: 900 });

    // The same ID again: the same refusal as an unknown one.
    await page.goto(`/activate?kit=${code}`);
    await page.getByRole('radio', { name: 'Me', exact: true }).check();
    await page.getByLabel('Your full name').fill('Ada Sampler');
    await page.getByLabel('Date of birth').fill('1990-01-10');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Day the sample is taken').fill('2026-12-06');
    await page.getByRole('checkbox', { name: /authorise the lab/ }).check();
    await page.getByRole('checkbox', { name: /results are released/ }).check();
    await page.getByRole('button', { name: 'Activate kit' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not activate this kit ID');
    await expect(page.getByLabel('Your full name')).toHaveValue('Ada Sampler');
    await context.close();
  });
}

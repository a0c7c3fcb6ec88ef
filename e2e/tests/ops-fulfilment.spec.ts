// Fulfilment in the operator console: a paid kit waits in the queue, its packing slip and label
// print, and the operator marks it shipped with the tracking number the post office gave (the
// manual carrier, the embedded default). Once at 1280 px and once at 375 px, where nothing scrolls
// sideways. The kits are written before the server starts (a paid order and its kits, as the
// kits job would write them), so the test does not depend on the job's timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { migrateToLatest } from '../../api/src/db/migrate';
import { openDatabase } from '../../api/src/db/open-database';
import { newKitCode } from '../../api/src/modules/kits/kit-service';
import { formatKitCode } from '../../shared/src/kits/kit-code';
import { API_PATHS } from '../../shared/src/contract/paths';
import { resetPasswordLink } from '../support/accounts';
import { screenshotAtWidths } from '../support/screenshots';
import { startShopServer, type ShopServer } from '../support/shop-server';

const SHOTS = '/tmp/shots/ops';
const PASSWORD = 'Console-pass-2026!';
const ADDRESS = {
  name: 'Ada Shipper',
  line1: '10 Elm St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};

const codes = [newKitCode(), newKitCode()] as const;

let dir: string;
let server: ShopServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ops-fulfilment-'));
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
        email: 'ada.shipper@example.com',
        name: 'Ada Shipper',
        status: 'paid',
        currency: 'usd',
        subtotal_cents: 9900,
        discount_cents: 0,
        shipping_cents: 0,
        total_cents: 9900,
        discount_code: null,
        ship_upfront: false,
        bnpl: false,
        bnpl_consent_id: null,
        business_key: null,
        marketing_enabled: false,
        session_id: null,
        shipping_address: JSON.stringify(ADDRESS),
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
    const kits = handle.db.withTables<{
      kits: {
        code: string;
        order_id: string;
        order_line_id: number | null;
        unit: number;
        title: string;
        state: string;
        created_at: Date;
        updated_at: Date;
      };
    }>();
    for (const [index, code] of codes.entries())
      await kits
        .insertInto('kits')
        .values({
          code,
          order_id: orderId,
          order_line_id: null,
          unit: index + 1,
          title: 'Bloodwise Essential Panel',
          state: 'created',
          created_at: at,
          updated_at: at,
        })
        .execute();
  } finally {
    await handle.close();
  }
  // Any free port for the lab's MLLP listener: other shop servers on this machine hold the default.
  server = await startShopServer({
    env: { DATA_DIR: dataDir, LAB_MLLP_PORT: '0' },
    label: 'ops-fulfilment',
  });
});

test.afterAll(async () => {
  await server?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/**
 * An operator as `shop operator add` makes one, its password set and its session opened through the
 * API (the account pages' own sign-in is other specs' subject).
 */
async function operatorContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.url });
  const email = `operator-${Date.now().toString(36)}@example.com`;
  const added = await server.shop('operator', 'add', email, '--name', 'Olga');
  expect(added.code, `${added.out}\n${added.err}`).toBe(0);
  const linkId = new URL(await resetPasswordLink(server, email)).searchParams.get('linkId');
  const headers = { origin: server.url };
  const set = await context.request.post(API_PATHS.resetPasswordCallback, {
    data: { linkId, password: PASSWORD },
    headers,
  });
  expect(set.status(), await set.text()).toBe(200);
  const login = await context.request.post(API_PATHS.login, {
    data: { username: email, password: PASSWORD },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  return context;
}

/** How far the page itself scrolls sideways (0: its content fits the viewport). */
function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function markShipped(page: Page, code: string, tracking: string) {
  const card = page.getByRole('listitem', { name: `Kit ${code}` });
  await card.getByLabel('Tracking number').fill(tracking);
  await card.getByRole('button', { name: `Mark kit ${code} shipped` }).click();
  await expect(
    page.getByText(`Shipped with tracking number ${tracking.replace(/\s/g, '')}.`),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
}

test('an operator prints a kit’s slip and marks kits shipped, at 1280 and at 375 px', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await operatorContext(browser);
  const page = await context.newPage();
  await page.goto('/ops/fulfilment');
  await expect(
    page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Fulfilment' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kits to ship' })).toBeVisible();
  const first = page.getByRole('listitem', { name: `Kit ${codes[0]}` });
  await expect(first).toContainText('Ada Shipper, Austin, TX 78701');
  await expect(page.getByRole('listitem', { name: `Kit ${codes[1]}` })).toBeVisible();
  await screenshotAtWidths(page, SHOTS, 'fulfilment-queue');

  // The slip: the kit ID as text and as a barcode, the address label, ready to print.
  await first.getByRole('link', { name: `Print slip and label for kit ${codes[0]}` }).click();
  const slip = page.getByRole('article', { name: 'Packing slip' });
  await expect(slip).toContainText(formatKitCode(codes[0]));
  await expect(slip.getByRole('img', { name: `Barcode of kit ${codes[0]}` })).toBeVisible();
  await expect(page.getByLabel('Ship to')).toContainText('10 Elm St');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await screenshotAtWidths(page, SHOTS, 'fulfilment-slip');
  await page.getByRole('link', { name: 'Back to kits to ship' }).click();

  await markShipped(page, codes[0], '9400 1000 0000 0000 0000 01');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  const second = page.getByRole('listitem', { name: `Kit ${codes[1]}` });
  await expect(second).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
  await markShipped(page, codes[1], '9400100000000000000002');
  await expect(page.getByText('No kits are waiting to ship.')).toBeVisible();
  expect(await pageOverflow(page)).toBe(0);
  await context.close();
});

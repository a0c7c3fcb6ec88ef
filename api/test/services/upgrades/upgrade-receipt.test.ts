// An add-on bought on the thank-you page charges the card again, so it gets a receipt of its own:
// one mail with the add-on, its amount and the card, however often its charge is reported.
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
import { sendUpgradeReceipt } from '../../../src/services/upgrades/upgrade-receipts';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { outboxFor, type OutboxMessage } from '../../helpers/dev-outbox';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = asBrowser(await buildTestApp());
});
afterAll(() => t.close());

const outbox = (to: string): Promise<OutboxMessage[]> => outboxFor(t, to);

const addOnReceipts = async (to: string) =>
  (await outbox(to)).filter((mail) => mail.subject.startsWith('Your receipt for Mini Panel'));

/** Every add-on receipt job has run: none is queued or running. */
async function receiptJobsSettled() {
  await t.app.jobs.runDue();
  const live = await t.app.db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', 'upgrade.receipt')
    .where('status', 'in', ['queued', 'running'])
    .execute();
  expect(live).toEqual([]);
}

it('a mini panel bought after the order gets one receipt with its amount and the card', async () => {
  const email = 'addon.receipt@example.com';
  const placed = await placeOrder(
    t,
    orderBody({ email, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }] }),
  );
  expect(placed.statusCode).toBe(201);
  const order: Order = placed.json();
  const bought = await t.inject({
    method: 'POST',
    url: API_PATHS.miniPanelUpgradePurchase,
    payload: {
      priceId: 'price_mini_panel_upgrade',
      paymentId: order.payment!.id,
      email,
      product: 'bloodwise_kit_one_time',
      upgradeTo: 'mini_panel_upgrade',
    },
  });
  expect(bought.statusCode).toBeLessThan(300);
  await receiptJobsSettled();

  const receipts = await addOnReceipts(email);
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.subject).toBe(
    `Your receipt for Mini Panel (order ${order.id.slice(0, 8).toUpperCase()})`,
  );
  expect(receipts[0]!.text).toMatch(/Mini Panel\s+\$39\b/);
  expect(receipts[0]!.text).toMatch(/Charged to Visa •••• \d{4}/);
  expect(receipts[0]!.text).toContain(`/account/orders/${order.id}`);

  // The job run again (a crash after the outbox write) sends nothing more.
  const upgrade = await t.app.db
    .selectFrom('upgrades')
    .select('id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const deps = { db: t.app.db, mail: t.app.mailQueue, publicOrigin: 'http://localhost:8080' };
  expect(await sendUpgradeReceipt(deps, upgrade.id)).toBe(false);
  expect(await addOnReceipts(email)).toHaveLength(1);
});

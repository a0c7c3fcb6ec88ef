import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { Order } from '@shop/shared/contract/checkout';
import type { UpgradeType } from '@shop/shared/contract/upgrades';
import { sql } from 'kysely';
import { toCount } from '../../../src/lib/count';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import { createTestPaymentProvider } from '@shop/payments-sandbox';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

const KIT = 'bloodwise_kit_one_time';
const MINI_PANEL_PRICE = 'price_mini_panel_upgrade';
const EASY_DRAW_PRICE = 'price_easy_draw_device';

/**
 * The test provider, with a gate that can hold every charge until a number of them have arrived:
 * it makes "50 concurrent requests" mean 50 requests past every check at once, whatever the
 * scheduling, so only the idempotency key and the pending -> completed guard stand between them.
 */
function gatedProvider(inner: PaymentProvider) {
  let gate: { expected: number; arrived: number; open: () => void; opened: Promise<void> } | null =
    null;
  const provider: PaymentProvider = {
    ...inner,
    async createCharge(input) {
      if (gate) {
        gate.arrived += 1;
        if (gate.arrived >= gate.expected) gate.open();
        await gate.opened;
      }
      return inner.createCharge(input);
    },
  };
  return {
    provider,
    /** Holds charges until `expected` arrived (or 20 s passed); resolves how many arrived. */
    holdUntil(expected: number) {
      let open!: () => void;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      const timer = setTimeout(() => open(), 20_000);
      gate = { expected, arrived: 0, open, opened };
      const current = gate;
      return opened.then(() => {
        clearTimeout(timer);
        gate = null;
        return current.arrived;
      });
    },
  };
}

let t: TestApp;
let database: TestDatabase;
let chargeGate: ReturnType<typeof gatedProvider>;
beforeAll(async () => {
  database = await createTestDatabase();
  chargeGate = gatedProvider(createTestPaymentProvider(database.handle.db));
  t = asBrowser(await buildTestApp({ database, app: { paymentProvider: chargeGate.provider } }));
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

let orderCount = 0;
async function paidOrder(items = [{ lookupKey: KIT, quantity: 1 }]): Promise<Order> {
  orderCount += 1;
  const placed = await placeOrder(
    t,
    orderBody({ email: `upgrader${orderCount}@example.com`, items }),
  );
  expect(placed.statusCode).toBe(201);
  return placed.json();
}

const paymentIdOf = (order: Order) => order.payment!.id;

const miniPanelOffer = (lookupKeys: unknown, paymentId?: string) =>
  t.inject({
    method: 'GET',
    url: API_PATHS.miniPanelUpgrade,
    query: { lookupKeys: JSON.stringify(lookupKeys), ...(paymentId ? { paymentId } : {}) },
  });
const easyDrawOffer = (lookupKey: string, id: string) =>
  t.inject({ method: 'GET', url: API_PATHS.easyDrawUpgrade, query: { lookupKey, id } });
const purchased = (paymentId: string, type: UpgradeType) =>
  t.inject({ method: 'GET', url: API_PATHS.upgradePurchased, query: { paymentId, type } });

const recordPending = (order: Order, overrides: Record<string, unknown> = {}) =>
  t.inject({
    method: 'POST',
    url: API_PATHS.miniPanelUpgradePending,
    payload: { paymentId: paymentIdOf(order), upgradable: KIT, email: order.email, ...overrides },
  });
const buyMiniPanel = (order: Order, overrides: Record<string, unknown> = {}) =>
  t.inject({
    method: 'POST',
    url: API_PATHS.miniPanelUpgradePurchase,
    payload: {
      priceId: MINI_PANEL_PRICE,
      paymentId: paymentIdOf(order),
      email: order.email,
      product: KIT,
      upgradeTo: 'mini_panel_upgrade',
      ...overrides,
    },
  });
const buyEasyDraw = (order: Order, overrides: Record<string, unknown> = {}) =>
  t.inject({
    method: 'POST',
    url: API_PATHS.easyDrawUpgradePurchase,
    payload: {
      priceId: EASY_DRAW_PRICE,
      paymentId: paymentIdOf(order),
      email: order.email,
      product: KIT,
      ...overrides,
    },
  });
const buyBpTape = (ref: string) =>
  t.inject({ method: 'POST', url: buildPath(API_PATHS.buyBpTape, { id: ref }), payload: {} });

async function upgradeRow(orderId: string, type: UpgradeType) {
  return t.app.db
    .selectFrom('upgrades')
    .select(['id', 'status', 'attempts', 'failure_message', 'charge_id'])
    .where('order_id', '=', orderId)
    .where('type', '=', type)
    .executeTakeFirst();
}

/** The provider's charges for one order's upgrade, as recorded by the test provider. */
async function upgradeCharges(orderId: string, type: UpgradeType) {
  return t.app.db
    .selectFrom('payment_charges')
    .select(['id', 'status', 'amount_cents', 'idempotency_key'])
    .where(sql<boolean>`metadata->>'orderId' = ${orderId}`)
    .where(sql<boolean>`metadata->>'upgrade' = ${type}`)
    .orderBy('created_at')
    .execute();
}

/** Makes the order's saved card decline from now on (a card that stopped working after checkout). */
async function setSavedCard(orderId: string, behaviour: 'decline' | 'succeed') {
  const { payment_method_id } = await t.app.db
    .selectFrom('orders')
    .select('payment_method_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  await t.app.db
    .updateTable('payment_methods')
    .set({ test_behaviour: behaviour })
    .where('id', '=', payment_method_id!)
    .execute();
}

const loadOrder = async (id: string): Promise<Order> =>
  (await t.inject({ method: 'GET', url: buildPath(API_PATHS.order, { id }) })).json();

describe('mini panel offer (GET /api/mini-panel-upgrade)', () => {
  it('offers the mini panel for an order with a kit, priced by the server', async () => {
    const order = await paidOrder();
    const response = await miniPanelOffer([KIT], paymentIdOf(order));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      miniPanelUpgrade: expect.objectContaining({
        key: 'mini-panel',
        title: 'Mini Panel',
        unitAmount: 3_900,
        currency: 'usd',
        priceId: MINI_PANEL_PRICE,
        lookupKey: 'mini_panel_upgrade',
        upgradeTo: 'mini_panel_upgrade',
        upgradable: KIT,
      }),
    });
  });

  it.each([
    ['no lookup keys', []],
    ['only add-ons', ['bp_monitor_tape']],
    ['a mini panel already in the order', [KIT, 'mini_panel_upgrade']],
    ['unknown keys', ['no_such_price']],
  ])('answers null when there is no offer: %s', async (_name, lookupKeys) => {
    const response = await miniPanelOffer(lookupKeys);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });

  it('refuses lookupKeys that are not a JSON array of strings', async () => {
    const response = await t.inject({
      method: 'GET',
      url: `${API_PATHS.miniPanelUpgrade}?lookupKeys=${encodeURIComponent('{"a":1}')}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('mini panel purchase', () => {
  it('moves pending -> completed, charges the saved card once and adds the line to the order', async () => {
    const order = await paidOrder();
    const pending = await recordPending(order);
    expect(pending.statusCode).toBe(201);
    expect(pending.json()).toEqual({ id: expect.any(String), status: 'pending' });
    expect(await upgradeRow(order.id, 'mini-panel')).toMatchObject({
      status: 'pending',
      charge_id: null,
    });
    // Accepting twice is the same pending upgrade.
    const again = await recordPending(order);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(pending.json().id);

    const bought = await buyMiniPanel(order);
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toEqual({
      id: pending.json().id,
      type: 'mini-panel',
      status: 'completed',
      chargeId: expect.stringMatching(/^pi_/),
      amount: 3_900,
      quantity: 1,
      title: 'Mini Panel',
      nextAction: null,
    });
    expect(await upgradeRow(order.id, 'mini-panel')).toMatchObject({
      status: 'completed',
      charge_id: bought.json().chargeId,
    });
    expect(await upgradeCharges(order.id, 'mini-panel')).toEqual([
      {
        id: bought.json().chargeId,
        status: 'succeeded',
        amount_cents: 3_900,
        idempotency_key: `upgrade:${pending.json().id}:0:intent`,
      },
    ]);

    const details = await loadOrder(order.id);
    expect(details.lines.map((line) => [line.lookupKey, line.title, line.amount])).toEqual([
      [KIT, 'Bloodwise Complete Panel', 14_900],
      ['mini_panel_upgrade', 'Mini Panel', 3_900],
    ]);
    expect(details.subtotal).toBe(order.subtotal + 3_900);
    expect(details.total).toBe(order.total + 3_900);
  });

  it('charges the server price times quantity, whatever the client thinks it costs', async () => {
    const order = await paidOrder();
    const bought = await buyMiniPanel(order, { quantity: 2, unitAmount: 1, amount: 1 });
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({ amount: 7_800, quantity: 2 });
    expect(
      (await upgradeCharges(order.id, 'mini-panel')).map((charge) => charge.amount_cents),
    ).toEqual([7_800]);
  });

  it('leaves the upgrade pending when the charge fails, says why, and a retry charges once it works', async () => {
    const order = await paidOrder();
    expect((await recordPending(order)).statusCode).toBe(201);
    await setSavedCard(order.id, 'decline');

    const failed = await buyMiniPanel(order);
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error).toMatchObject({
      code: 'CARD_DECLINED',
      message: 'Your card was declined.',
    });
    expect(await upgradeRow(order.id, 'mini-panel')).toMatchObject({
      status: 'pending',
      attempts: 1,
      failure_message: 'Your card was declined.',
      // The declined attempt's intent, recorded before it was confirmed.
      charge_id: expect.stringMatching(/^pi_/),
    });
    expect((await purchased(paymentIdOf(order), 'mini-panel')).json()).toEqual({
      isUpgraded: false,
    });
    // Still offered: the shopper can try again.
    expect((await miniPanelOffer([KIT], paymentIdOf(order))).json()).not.toBeNull();
    expect((await loadOrder(order.id)).lines).toHaveLength(1);

    await setSavedCard(order.id, 'succeed');
    const upgradeId = (await upgradeRow(order.id, 'mini-panel'))!.id;
    const retried = await buyMiniPanel(order);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().status).toBe('completed');
    expect(
      (await upgradeCharges(order.id, 'mini-panel')).map((charge) => [
        charge.status,
        charge.idempotency_key,
      ]),
    ).toEqual([
      ['failed', `upgrade:${upgradeId}:0:intent`],
      ['succeeded', `upgrade:${upgradeId}:1:intent`],
    ]);
  });

  it('refuses a second purchase of the same upgrade for the same order, by payment id or order id', async () => {
    const order = await paidOrder();
    expect((await buyMiniPanel(order)).statusCode).toBe(201);
    const second = await buyMiniPanel(order);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('UPGRADE_ALREADY_PURCHASED');
    expect((await buyMiniPanel(order, { paymentId: order.id })).statusCode).toBe(409);
    expect((await recordPending(order)).statusCode).toBe(409);
    expect(await upgradeCharges(order.id, 'mini-panel')).toHaveLength(1);
    expect(
      (await loadOrder(order.id)).lines.filter((line) => line.lookupKey === 'mini_panel_upgrade'),
    ).toHaveLength(1);
  });

  it('charges exactly once for 50 concurrent purchase requests', async () => {
    const order = await paidOrder();
    expect((await recordPending(order)).statusCode).toBe(201);
    const arrived = chargeGate.holdUntil(50);
    const responses = await Promise.all(Array.from({ length: 50 }, () => buyMiniPanel(order)));
    // All 50 had read the upgrade as pending and asked the provider to charge.
    expect(await arrived).toBe(50);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const charges = await upgradeCharges(order.id, 'mini-panel');
    expect(charges).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: 3_900 }),
    ]);
    const { count } = await t.app.db
      .selectFrom('payment_charges')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where(
        'payment_method_id',
        '=',
        (
          await t.app.db
            .selectFrom('orders')
            .select('payment_method_id')
            .where('id', '=', order.id)
            .executeTakeFirstOrThrow()
        ).payment_method_id,
      )
      .executeTakeFirstOrThrow();
    // The checkout charge and the one upgrade charge, nothing else on that card.
    expect(toCount(count)).toBe(2);
    expect((await loadOrder(order.id)).total).toBe(order.total + 3_900);
  });

  it('refuses a purchase with another email, a price that is not the offer, a kit not in the order, or an unknown order', async () => {
    const order = await paidOrder();
    const wrongEmail = await buyMiniPanel(order, { email: 'someone-else@example.com' });
    expect(wrongEmail.statusCode).toBe(403);
    const wrongPrice = await buyMiniPanel(order, { priceId: 'price_bloodwise_monthly' });
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json().error.fields).toHaveProperty('priceId');
    const wrongKit = await recordPending(order, { upgradable: 'bloodwise_quarterly' });
    expect(wrongKit.statusCode).toBe(400);
    expect(wrongKit.json().error.fields).toHaveProperty('upgradable');
    expect((await buyMiniPanel(order, { paymentId: 'pi_unknown' })).statusCode).toBe(404);
    expect((await buyMiniPanel(order, { email: 'not-an-email' })).statusCode).toBe(400);
    expect(await upgradeCharges(order.id, 'mini-panel')).toHaveLength(0);
  });

  it('answers null for the offer once the order has it', async () => {
    const order = await paidOrder();
    expect((await buyMiniPanel(order)).statusCode).toBe(201);
    const offer = await miniPanelOffer([KIT], paymentIdOf(order));
    expect(offer.statusCode).toBe(200);
    expect(offer.body).toBe('null');
  });
});

describe('easy-draw upgrade', () => {
  it('offers the device for a kit of the order, sells it once, then answers null', async () => {
    const order = await paidOrder();
    const offer = await easyDrawOffer(KIT, paymentIdOf(order));
    expect(offer.json()).toEqual({
      product: expect.objectContaining({
        key: 'easy-draw',
        unitAmount: 4_900,
        priceId: EASY_DRAW_PRICE,
        lookupKey: 'easy_draw_device',
      }),
    });

    const bought = await buyEasyDraw(order);
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toEqual({
      product: KIT,
      upgrade: expect.objectContaining({
        type: 'easy-draw',
        status: 'completed',
        amount: 4_900,
        title: 'Easy-Draw Collection Device',
      }),
    });
    expect((await easyDrawOffer(KIT, paymentIdOf(order))).body).toBe('null');
    expect((await easyDrawOffer(KIT, order.id)).body).toBe('null');
    const second = await buyEasyDraw(order);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('UPGRADE_ALREADY_PURCHASED');
    expect(await upgradeCharges(order.id, 'easy-draw')).toHaveLength(1);
  });

  it('answers null for a kit that is not in the order or an add-on, and 404 for an unknown order', async () => {
    const order = await paidOrder();
    expect((await easyDrawOffer('bloodwise_quarterly', paymentIdOf(order))).body).toBe('null');
    expect((await easyDrawOffer('no_such_key', paymentIdOf(order))).body).toBe('null');
    expect((await easyDrawOffer(KIT, 'pi_unknown')).statusCode).toBe(404);
    const addOnOnly = await paidOrder([{ lookupKey: 'bp_monitor_tape', quantity: 1 }]);
    expect((await easyDrawOffer('bp_monitor_tape', paymentIdOf(addOnOnly))).body).toBe('null');
  });

  it('charges exactly once for 50 concurrent purchase requests with no pending step', async () => {
    const order = await paidOrder();
    const arrived = chargeGate.holdUntil(50);
    const responses = await Promise.all(Array.from({ length: 50 }, () => buyEasyDraw(order)));
    expect(await arrived).toBe(50);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(49);
    expect(await upgradeCharges(order.id, 'easy-draw')).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: 4_900 }),
    ]);
  });
});

describe('upgrade-purchased', () => {
  it('says false before and true after each type is bought, by payment id or order id', async () => {
    const order = await paidOrder();
    for (const type of ['mini-panel', 'easy-draw', 'bp-tape'] as const) {
      expect((await purchased(paymentIdOf(order), type)).json()).toEqual({ isUpgraded: false });
    }
    expect((await buyMiniPanel(order)).statusCode).toBe(201);
    expect((await purchased(paymentIdOf(order), 'mini-panel')).json()).toEqual({
      isUpgraded: true,
    });
    expect((await purchased(paymentIdOf(order), 'easy-draw')).json()).toEqual({
      isUpgraded: false,
    });

    expect((await buyEasyDraw(order)).statusCode).toBe(201);
    expect((await purchased(order.id, 'easy-draw')).json()).toEqual({ isUpgraded: true });
    expect((await purchased(paymentIdOf(order), 'bp-tape')).json()).toEqual({ isUpgraded: false });

    expect((await buyBpTape(paymentIdOf(order))).statusCode).toBe(201);
    expect((await purchased(paymentIdOf(order), 'bp-tape')).json()).toEqual({ isUpgraded: true });
    // A repeat is refused like every upgrade's, and charges nothing.
    const repeat = await buyBpTape(order.id);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().error.code).toBe('UPGRADE_ALREADY_PURCHASED');
    expect(await upgradeCharges(order.id, 'bp-tape')).toHaveLength(1);

    const details = await loadOrder(order.id);
    expect(details.lines.map((line) => line.lookupKey)).toEqual([
      KIT,
      'mini_panel_upgrade',
      'easy_draw_device',
      'bp_monitor_tape',
    ]);
    expect(details.total).toBe(order.total + 3_900 + 4_900 + 5_900);
  });

  it("answers 404 for an unknown payment id, false for 'undefined', and 400 for an unknown type", async () => {
    expect((await purchased('pi_unknown', 'mini-panel')).statusCode).toBe(404);
    expect((await purchased('undefined', 'easy-draw')).json()).toEqual({ isUpgraded: false });
    expect((await purchased('pi_1', 'gold-plating' as UpgradeType)).statusCode).toBe(400);
  });

  it('leaves a failed bp-tape purchase pending and charges a retry under a new key', async () => {
    const order = await paidOrder();
    await setSavedCard(order.id, 'decline');
    expect((await buyBpTape(order.id)).statusCode).toBe(402);
    expect(await upgradeRow(order.id, 'bp-tape')).toMatchObject({ status: 'pending', attempts: 1 });
    await setSavedCard(order.id, 'succeed');
    expect((await buyBpTape(order.id)).statusCode).toBe(201);
    expect((await upgradeCharges(order.id, 'bp-tape')).map((charge) => charge.status)).toEqual([
      'failed',
      'succeeded',
    ]);
  });
});

// Fulfilment from the operator console, on a real database: the queue of kits to ship, marking a
// kit shipped with a typed tracking number, labels bought from EasyPost through its SDK (answered
// on this machine) and its signed tracking webhook applied once.
import { FULFILMENT_PATHS } from '@shop/shared/contract/fulfilment';
import { buildPath } from '@shop/shared/contract/paths';
import { createKitsForOrder, recordKitTransition } from '../../../src/modules/kits';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import {
  signEasyPostEvent,
  startEasyPostStandIn,
  trackerEvent,
  type EasyPostStandIn,
} from '../../helpers/easypost-stand-in';
import { operatorSession, shopperSession } from '../../helpers/operators';

const WEBHOOK_SECRET = 'easypost-webhook-secret-for-tests';

async function paidKits(t: TestApp, email: string, quantity = 1): Promise<string[]> {
  const placed = await placeOrder(
    t,
    orderBody({ email, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity }] }),
  );
  expect(placed.statusCode).toBe(201);
  const orderId = placed.json().id as string;
  // The paid order's job makes these too; making them here is the same idempotent write.
  await createKitsForOrder(t.app.db, orderId, new Date());
  const kits = await t.app.db
    .selectFrom('kits')
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('unit')
    .execute();
  expect(kits).toHaveLength(quantity);
  return kits.map((kit) => kit.id);
}

async function paidKit(t: TestApp, email: string): Promise<string> {
  const [kitId] = await paidKits(t, email);
  return kitId!;
}

function kitState(t: TestApp, kitId: string) {
  return t.app.db
    .selectFrom('kits')
    .select('state')
    .where('id', '=', kitId)
    .executeTakeFirstOrThrow()
    .then((row) => row.state);
}

function kitTimeline(t: TestApp, kitId: string) {
  return t.app.db
    .selectFrom('kit_events')
    .select(['to_state', 'source'])
    .where('kit_id', '=', kitId)
    .orderBy('id')
    .execute();
}

describe('fulfilment with the manual carrier (the embedded default)', () => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
    operator = await operatorSession(t);
    // A fresh database and an operator's log-in: slow on a loaded machine, so the hook gets longer.
  }, 120_000);
  afterAll(() => t.close());

  const get = (url: string, cookie = operator) =>
    t.inject({ method: 'GET', url, headers: { cookie } });
  const shipped = (kitId: string, payload: object, cookie = operator) =>
    t.inject({
      method: 'POST',
      url: buildPath(FULFILMENT_PATHS.shipped, { kitId }),
      headers: { cookie },
      payload,
    });

  it('lists paid kits still to ship, with their address, oldest first', async () => {
    const [first, second] = (await paidKits(t, 'queue@example.com', 2)) as [string, string];
    const response = await get(FULFILMENT_PATHS.queue);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.carrier).toBe('manual');
    const ours = body.kits.filter((kit: { kitId: string }) => [first, second].includes(kit.kitId));
    expect(ours.map((kit: { kitId: string }) => kit.kitId)).toEqual([first, second]);
    expect(ours[0]).toMatchObject({
      title: expect.any(String),
      code: expect.stringMatching(/^[0-9A-Z*~$=]{11}$/),
      shipTo: {
        name: 'Ada Shopper',
        line1: '10 Elm St',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
      },
      shipmentStatus: null,
      labelsBought: 0,
    });
  });

  it('marks a kit shipped with the typed tracking number: the kit is shipped and leaves the queue', async () => {
    const kitId = await paidKit(t, 'ship@example.com');
    const response = await shipped(kitId, {
      trackingCode: ' 9400 1000 0000 0000 0000 01 '.replace(/ /g, ''),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      carrier: 'manual',
      status: 'shipped',
      trackingCode: '9400100000000000000001',
    });
    expect(await kitState(t, kitId)).toBe('shipped');
    expect(await kitTimeline(t, kitId)).toContainEqual({ to_state: 'shipped', source: 'operator' });
    const queue = (await get(FULFILMENT_PATHS.queue)).json();
    expect(queue.kits.map((kit: { kitId: string }) => kit.kitId)).not.toContain(kitId);

    // The same click again changes nothing; another number, or this number on another kit, is refused.
    const again = await shipped(kitId, { trackingCode: '9400100000000000000001' });
    expect(again.statusCode).toBe(200);
    expect((await kitTimeline(t, kitId)).filter((e) => e.to_state === 'shipped')).toHaveLength(1);
    expect((await shipped(kitId, { trackingCode: '9400100000000000000002' })).statusCode).toBe(409);
    const other = await paidKit(t, 'other@example.com');
    const reused = await shipped(other, { trackingCode: '9400100000000000000001' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('CONFLICT');
    expect(await kitState(t, other)).toBe('created');
  });

  it('prints the slip: the kit code, the address and the shipment', async () => {
    const kitId = await paidKit(t, 'slip@example.com');
    const response = await get(buildPath(FULFILMENT_PATHS.kit, { kitId }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      carrier: 'manual',
      kit: { kitId, state: 'created', shipTo: { postal_code: '78701' } },
      shipment: null,
      barcodeSvg: expect.stringContaining('<svg'),
    });
  });

  it('refuses bad input in the error shape and buys no label with the manual carrier', async () => {
    const kitId = await paidKit(t, 'bad@example.com');
    const bad = await shipped(kitId, { trackingCode: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    expect((await shipped(kitId, {})).statusCode).toBe(409);
    const labels = await t.inject({
      method: 'POST',
      url: buildPath(FULFILMENT_PATHS.labels, { kitId }),
      headers: { cookie: operator },
    });
    expect(labels.statusCode).toBe(409);
    expect((await get(buildPath(FULFILMENT_PATHS.kit, { kitId: 'not-a-uuid' }))).statusCode).toBe(
      400,
    );
    const missing = await get(
      buildPath(FULFILMENT_PATHS.kit, { kitId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(missing.statusCode).toBe(404);
    expect(await kitState(t, kitId)).toBe('created');
  });

  it('answers a shopper and a stranger with the 404 of an unknown path', async () => {
    const kitId = await paidKit(t, 'stranger@example.com');
    const shopper = await shopperSession(t);
    for (const cookie of [shopper, '']) {
      expect((await get(FULFILMENT_PATHS.queue, cookie)).statusCode).toBe(404);
      expect((await get(buildPath(FULFILMENT_PATHS.kit, { kitId }), cookie)).statusCode).toBe(404);
      const attempt = await shipped(kitId, { trackingCode: '9400100000000000000099' }, cookie);
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json().error.code).toBe('NOT_FOUND');
    }
    expect(await kitState(t, kitId)).toBe('created');
  });

  it('has no carrier webhook route without EasyPost', async () => {
    const body = trackerEvent('9400100000000000000001', 'delivered');
    const response = await t.inject({
      method: 'POST',
      url: FULFILMENT_PATHS.easypostWebhook,
      headers: {
        'content-type': 'application/json',
        'x-hmac-signature': signEasyPostEvent(body, WEBHOOK_SECRET),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('fulfilment with EasyPost (the SDK answered on this machine)', () => {
  let t: TestApp;
  let standIn: EasyPostStandIn;
  let operator: string;

  beforeAll(async () => {
    standIn = await startEasyPostStandIn();
    t = asBrowser(
      await buildTestApp({
        env: {
          EASYPOST_API_KEY: standIn.apiKey,
          EASYPOST_WEBHOOK_SECRET: WEBHOOK_SECRET,
          EASYPOST_BASE_URL: standIn.baseUrl,
        },
      }),
    );
    operator = await operatorSession(t);
    // A fresh database and an operator's log-in: slow on a loaded machine, so the hook gets longer.
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const buy = (kitId: string) =>
    t.inject({
      method: 'POST',
      url: buildPath(FULFILMENT_PATHS.labels, { kitId }),
      headers: { cookie: operator },
    });
  const post = (body: string, signature: string | null) =>
    t.inject({
      method: 'POST',
      url: FULFILMENT_PATHS.easypostWebhook,
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-hmac-signature': signature }),
      },
      payload: body,
    });

  it('buys the outbound and the return label once, and ships with the outbound number', async () => {
    const kitId = await paidKit(t, 'easypost@example.com');
    const before = standIn.purchases.length;
    const response = await buy(kitId);
    expect(response.statusCode).toBe(200);
    const shipment = response.json();
    expect(shipment.status).toBe('preparing');
    expect(shipment.labels.map((label: { direction: string }) => label.direction).sort()).toEqual([
      'outbound',
      'return',
    ]);
    const outbound = shipment.labels.find(
      (label: { direction: string }) => label.direction === 'outbound',
    );
    expect(shipment.trackingCode).toBe(outbound.trackingCode);
    expect(standIn.purchases.length).toBe(before + 2);
    const returned = [...standIn.shipments.values()].find((s) => s.reference?.endsWith('-return'));
    expect(returned?.is_return).toBe(true);

    // A second click buys nothing more.
    expect((await buy(kitId)).statusCode).toBe(200);
    expect(standIn.purchases.length).toBe(before + 2);

    const marked = await t.inject({
      method: 'POST',
      url: buildPath(FULFILMENT_PATHS.shipped, { kitId }),
      headers: { cookie: operator },
      payload: {},
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'shipped', trackingCode: outbound.trackingCode });
    expect(await kitState(t, kitId)).toBe('shipped');
  });

  it('resumes a purchase whose answer was lost: the retry buys no second label', async () => {
    const kitId = await paidKit(t, 'lost-answer@example.com');
    const before = standIn.purchases.length;
    standIn.dropNextBuyAnswer();
    const first = await buy(kitId);
    expect(first.statusCode).toBe(503);
    expect(first.json().error.code).toBe('SERVICE_UNAVAILABLE');
    const retry = await buy(kitId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().labels).toHaveLength(2);
    expect(standIn.purchases.length).toBe(before + 2);
  });

  it('applies a signed "delivered" once: the kit is delivered, its timeline says so once', async () => {
    const kitId = await paidKit(t, 'tracked@example.com');
    const shipment = (await buy(kitId)).json();
    await t.inject({
      method: 'POST',
      url: buildPath(FULFILMENT_PATHS.shipped, { kitId }),
      headers: { cookie: operator },
      payload: {},
    });
    const body = trackerEvent(shipment.trackingCode, 'delivered', new Date('2026-12-03T10:00:00Z'));
    const signature = signEasyPostEvent(body, WEBHOOK_SECRET);
    const first = await post(body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await kitState(t, kitId)).toBe('delivered');
    expect((await post(body, signature)).statusCode).toBe(200);
    const timeline = await kitTimeline(t, kitId);
    expect(timeline).toEqual([
      { to_state: 'created', source: 'system' },
      { to_state: 'shipped', source: 'operator' },
      { to_state: 'delivered', source: 'carrier' },
    ]);
    const events = await t.app.db
      .withTables<{ shipment_tracking_events: { tracking_code: string } }>()
      .selectFrom('shipment_tracking_events')
      .select('tracking_code')
      .where('tracking_code', '=', shipment.trackingCode)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('refuses an unsigned, forged or altered webhook with a 400 and changes nothing', async () => {
    const kitId = await paidKit(t, 'forged@example.com');
    const shipment = (await buy(kitId)).json();
    const body = trackerEvent(shipment.trackingCode, 'delivered');
    const altered = body.replace('"delivered"', '"in_transit"');
    for (const [raw, signature] of [
      [body, null],
      [body, signEasyPostEvent(body, 'not-the-secret')],
      [altered, signEasyPostEvent(body, WEBHOOK_SECRET)],
      ['{"id":', signEasyPostEvent('{"id":', WEBHOOK_SECRET)],
    ] as const) {
      const response = await post(raw, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect(await kitState(t, kitId)).toBe('created');
  });

  it("ships a kit on the carrier's first scan when the operator had not marked it", async () => {
    const kitId = await paidKit(t, 'first-scan@example.com');
    const shipment = (await buy(kitId)).json();
    const body = trackerEvent(shipment.trackingCode, 'in_transit');
    expect((await post(body, signEasyPostEvent(body, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await kitState(t, kitId)).toBe('shipped');
    expect(await kitTimeline(t, kitId)).toEqual([
      { to_state: 'created', source: 'system' },
      { to_state: 'shipped', source: 'carrier' },
    ]);
  });

  it('keeps a kit the customer activated before the carrier said "delivered" activated', async () => {
    const kitId = await paidKit(t, 'early-activation@example.com');
    const shipment = (await buy(kitId)).json();
    await t.inject({
      method: 'POST',
      url: buildPath(FULFILMENT_PATHS.shipped, { kitId }),
      headers: { cookie: operator },
      payload: {},
    });
    await recordKitTransition(t.app.db, {
      kitId,
      to: 'activated',
      source: 'customer',
      at: new Date(),
      detail: {},
    });
    const body = trackerEvent(shipment.trackingCode, 'delivered');
    expect((await post(body, signEasyPostEvent(body, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect(await kitState(t, kitId)).toBe('activated');
    const slip = await t.inject({
      method: 'GET',
      url: buildPath(FULFILMENT_PATHS.kit, { kitId }),
      headers: { cookie: operator },
    });
    expect(slip.json().shipment).toMatchObject({ status: 'delivered' });
  });

  it('answers 200 to a signed event about a parcel the shop never shipped, and keeps nothing', async () => {
    const body = trackerEvent('1Z999AA10123456784', 'delivered');
    expect((await post(body, signEasyPostEvent(body, WEBHOOK_SECRET))).statusCode).toBe(200);
  });
});

// Refunds from the operator API: at most what was charged, never twice, whatever the clicks.
// Runs on PGlite and on PostgreSQL (a pool: the races are real there).
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { operatorSession } from '../../helpers/operators';

describe('operator refunds', () => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
    operator = await operatorSession(t);
  });
  afterAll(() => t.close());

  async function paidOrder(email: string) {
    const placed = await placeOrder(
      t,
      orderBody({ email, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 2 }] }),
    );
    expect(placed.statusCode).toBe(201);
    return placed.json().id as string;
  }

  const refund = (orderId: string, body: Record<string, unknown>) =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsOrderRefunds, { id: orderId }),
      headers: { cookie: operator },
      payload: body,
    });

  async function charge(orderId: string) {
    const order = await t.app.db
      .selectFrom('orders')
      .select('payment_charge_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return t.app.paymentProvider.getCharge(order.payment_charge_id!);
  }

  it('finds an order by e-mail and by id, with its lines and charge', async () => {
    const id = await paidOrder('Support.Case@Example.com');
    const byEmail = await t.inject({
      method: 'GET',
      url: `${API_PATHS.opsOrders}?q=${encodeURIComponent(' support.case@example.com ')}`,
      headers: { cookie: operator },
    });
    expect(byEmail.json().orders.map((order: { id: string }) => order.id)).toEqual([id]);
    const byId = await t.inject({
      method: 'GET',
      url: `${API_PATHS.opsOrders}?q=${id}`,
      headers: { cookie: operator },
    });
    expect(byId.json().orders).toHaveLength(1);
    const detail = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.opsOrder, { id }),
      headers: { cookie: operator },
    });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.order).toMatchObject({ id, status: 'paid', refunded: 0 });
    expect(body.charges).toEqual([
      expect.objectContaining({ purpose: 'order', status: 'succeeded', amountRefunded: 0 }),
    ]);
    expect(body.refundable).toBe(body.charges[0].amount);
    expect(body.lines[0]).toMatchObject({ refunded: 0, refundable: body.lines[0].amount });
  });

  it('refunds a whole order once under concurrent requests, a double click included, and logs it', async () => {
    const id = await paidOrder('double-click@example.com');
    const before = await charge(id);
    const sameKey = randomUUID();
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => refund(id, { idempotencyKey: sameKey })),
      ...Array.from({ length: 4 }, () => refund(id, { idempotencyKey: randomUUID() })),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    // The double-clicked key answers 200 each time with the one refund; every other key finds nothing left.
    const ok = responses.filter((response) => response.statusCode === 200);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(new Set(ok.map((response) => response.json().refunds[0].id)).size).toBe(1);
    for (const conflict of responses.filter((response) => response.statusCode === 409))
      expect(conflict.json().error.message).toMatch(/Nothing of this order is left to refund/);
    const after = await charge(id);
    expect(after!.amountRefunded).toBe(before!.amount);
    const refunds = await t.app.paymentProvider.listRefunds(before!.id);
    expect(refunds.map((one) => one.amount)).toEqual([before!.amount]);

    const audit = await t.inject({
      method: 'GET',
      url: API_PATHS.opsAudit,
      headers: { cookie: operator },
    });
    const rows = audit.json().entries.filter((entry: { target: string }) => entry.target === id);
    expect(rows).toEqual([
      expect.objectContaining({
        actor: 'ops@bloodwise.test',
        via: 'console',
        action: 'order.refund',
        before: { refunded: 0, refundable: before!.amount },
        after: expect.objectContaining({ refunded: before!.amount, refundable: 0 }),
      }),
    ]);
  });

  it('refunds one line at most its amount, then the rest of the order, never past the charge', async () => {
    const id = await paidOrder('line-refund@example.com');
    const detail = (
      await t.inject({
        method: 'GET',
        url: buildPath(API_PATHS.opsOrder, { id }),
        headers: { cookie: operator },
      })
    ).json();
    const line = detail.lines[0];
    const [first, second] = await Promise.all([
      refund(id, { idempotencyKey: randomUUID(), lineId: line.id, reason: 'damaged kit' }),
      refund(id, { idempotencyKey: randomUUID(), lineId: line.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const done = first.statusCode === 200 ? first.json() : second.json();
    expect(done.refunds).toEqual([
      expect.objectContaining({
        lineId: line.id,
        amount: Math.min(line.amount, detail.refundable),
        status: 'succeeded',
      }),
    ]);
    expect((await refund(id, { idempotencyKey: randomUUID(), lineId: 999_999 })).statusCode).toBe(
      404,
    );
    const rest = await refund(id, { idempotencyKey: randomUUID() });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order).toMatchObject({ refundable: 0 });
    const after = await charge(id);
    expect(after!.amountRefunded).toBe(after!.amount);
    expect((await refund(id, { idempotencyKey: randomUUID() })).statusCode).toBe(409);
  });

  it('answers an unknown order with 404 and a key reused on another order with 422', async () => {
    expect((await refund(randomUUID(), { idempotencyKey: randomUUID() })).statusCode).toBe(404);
    const key = randomUUID();
    const a = await paidOrder('key-a@example.com');
    const b = await paidOrder('key-b@example.com');
    expect((await refund(a, { idempotencyKey: key })).statusCode).toBe(200);
    expect((await refund(b, { idempotencyKey: key })).statusCode).toBe(422);
  });
});

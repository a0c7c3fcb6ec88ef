// Never money without an order: the order row exists before the provider is asked to charge,
// and when the write after a successful charge fails, the charge is refunded and the same
// idempotency key can never charge again. The failure is forced in the database itself, with a
// trigger that refuses the one write that would complete the purchase.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import { createTestPaymentProvider } from '../../../src/services/payments/test-payment-provider';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import {
  orderBody,
  placeOrder,
  US_ADDRESS,
  businessBody,
  cardToken,
  BNPL_TOKEN,
} from '../../helpers/checkout-fixtures';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

let database: TestDatabase;
let t: TestApp;
/** For every charge the provider was asked for: whether its order row existed at that moment. */
const orderExistedAtCharge: boolean[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const inner = createTestPaymentProvider(database.handle.db);
  const noteOrder = async (orderId: string | undefined) => {
    if (!orderId) return;
    const row = await database.handle.db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', orderId)
      .executeTakeFirst();
    orderExistedAtCharge.push(Boolean(row));
  };
  const watching: PaymentProvider = {
    ...inner,
    async createCharge(input) {
      await noteOrder(input.metadata?.orderId);
      return inner.createCharge(input);
    },
    // A card that is not saved is tokenised and charged in one call.
    async chargeNewCard(input) {
      await noteOrder(input.metadata?.orderId);
      return inner.chargeNewCard!(input);
    },
  };
  t = asBrowser(await buildTestApp({ database, app: { paymentProvider: watching } }));
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

/** Makes the database refuse to move a row of `table` to `status` until the returned undo runs. */
async function refuseStatus(
  table: 'orders' | 'upgrades',
  status: string,
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${status.replace(/\W/g, '_')}`;
  await sql
    .raw(
      `create or replace function ${name}() returns trigger language plpgsql as $$
       begin
         if new.status = '${status}' then raise exception 'forced failure: % refused', new.status; end if;
         return new;
       end $$`,
    )
    .execute(t.app.db);
  await sql
    .raw(`create trigger ${name} before update on ${table} for each row execute function ${name}()`)
    .execute(t.app.db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(t.app.db);
    await sql.raw(`drop function ${name}()`).execute(t.app.db);
  };
}

async function chargesFor(orderId: string) {
  return t.app.db
    .selectFrom('payment_charges')
    .select(['id', 'status', 'amount_cents', 'amount_refunded_cents'])
    .where(sql<boolean>`metadata->>'orderId' = ${orderId}`)
    .execute();
}

async function refundsOf(chargeIds: string[]) {
  if (chargeIds.length === 0) return [];
  return t.app.db
    .selectFrom('payment_refunds')
    .select(['charge_id', 'amount_cents'])
    .where('charge_id', 'in', chargeIds)
    .execute();
}

async function ordersWithKey(key: string) {
  return t.app.db
    .selectFrom('orders')
    .select(['id', 'status', 'payment_charge_id', 'failure_message'])
    .where('idempotency_key', '=', key)
    .execute();
}

describe('a consumer order', () => {
  it('is written before its card is charged', async () => {
    orderExistedAtCharge.length = 0;
    expect((await placeOrder(t, orderBody({ email: 'record-first@example.com' }))).statusCode).toBe(
      201,
    );
    expect(orderExistedAtCharge).toEqual([true]);
  });

  it('refunds the charge when the order cannot be completed, and the same key never charges again', async () => {
    const undo = await refuseStatus('orders', 'paid');
    const key = randomUUID();
    const body = orderBody({ email: 'write-fails@example.com' });
    try {
      const failed = await placeOrder(t, body, key);
      expect(failed.statusCode).toBe(409);
      expect(failed.json().error).toMatchObject({ code: 'ORDER_NOT_COMPLETED' });
      expect(failed.json().error.message).toMatch(/refunded/);

      const [order, ...others] = await ordersWithKey(key);
      expect(others).toHaveLength(0);
      expect(order).toMatchObject({ status: 'failed' });
      const charges = await chargesFor(order!.id);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({
        status: 'succeeded',
        amount_refunded_cents: charges[0]!.amount_cents,
      });
      expect(order!.payment_charge_id).toBe(charges[0]!.id);
      const refunds = await refundsOf([charges[0]!.id]);
      expect(refunds).toEqual([
        { charge_id: charges[0]!.id, amount_cents: charges[0]!.amount_cents },
      ]);

      // A retry with the key (the database still failing or not) gets the same answer and no new charge.
      const retry = await placeOrder(t, body, key);
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.code).toBe('ORDER_NOT_COMPLETED');
    } finally {
      await undo();
    }
    const again = await placeOrder(t, body, key);
    expect(again.statusCode).toBe(409);
    const [order] = await ordersWithKey(key);
    expect(await chargesFor(order!.id)).toHaveLength(1);
    expect(await refundsOf((await chargesFor(order!.id)).map((charge) => charge.id))).toHaveLength(
      1,
    );

    // A new attempt (a new key) goes through and is charged once.
    const fresh = await placeOrder(t, body);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().status).toBe('paid');
  });

  it('leaves no order and no charge behind for a declined card', async () => {
    const key = randomUUID();
    const declined = await placeOrder(
      t,
      orderBody({
        email: 'declined-first@example.com',
        paymentMethod: cardToken('declined'),
      }),
      key,
    );
    expect(declined.statusCode).toBe(402);
    expect(await ordersWithKey(key)).toHaveLength(0);
  });

  it('releases the pay-later authorisation when the order cannot be completed', async () => {
    const consent = await t.inject({
      method: 'POST',
      url: API_PATHS.bnplConsents,
      payload: {
        sessionId: randomUUID(),
        email: 'later-fails@example.com',
        accepted: true,
        termsVersion: '2024-01',
      },
    });
    expect(consent.statusCode).toBe(201);
    const undo = await refuseStatus('orders', 'paid');
    try {
      const failed = await placeOrder(
        t,
        orderBody({
          email: 'later-fails@example.com',
          paymentMethod: { type: 'bnpl', consentId: consent.json().id, token: BNPL_TOKEN },
        }),
      );
      expect(failed.json().error.code).toBe('ORDER_NOT_COMPLETED');
    } finally {
      await undo();
    }
    const authorisations = await t.app.db
      .selectFrom('bnpl_authorisations')
      .select('status')
      .where('consent_id', '=', consent.json().id)
      .execute();
    expect(authorisations).toEqual([{ status: 'canceled' }]);
  });
});

describe('a partner storefront order', () => {
  it('is refunded and marked failed when it cannot be marked paid', async () => {
    const undo = await refuseStatus('orders', 'paid');
    let id: string;
    try {
      const started = await t.inject({
        method: 'POST',
        url: API_PATHS.businessCheckout,
        payload: businessBody({
          email: 'partner-write-fails@example.com',
          discount: null,
          marketingEnabled: false,
        }),
      });
      expect(started.statusCode).toBe(202);
      id = started.json().id;
      let status = started.json();
      while (!status.final)
        status = (
          await t.inject({
            method: 'GET',
            url: buildPath(API_PATHS.businessCheckoutStatus, { id }),
          })
        ).json();
      expect(status).toMatchObject({
        status: 'failed',
        failureMessage: expect.stringMatching(/refunded/),
      });
    } finally {
      await undo();
    }
    const charges = await chargesFor(id);
    expect(charges).toHaveLength(1);
    expect(await refundsOf([charges[0]!.id])).toEqual([
      { charge_id: charges[0]!.id, amount_cents: charges[0]!.amount_cents },
    ]);
  });
});

describe('an employer payment', () => {
  it('is refunded when the order cannot be marked paid, and the order stays payable', async () => {
    const sessionId = randomUUID();
    await t.inject({
      method: 'PUT',
      url: API_PATHS.cart,
      payload: { sessionId, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }] },
    });
    const submitted = await t.inject({
      method: 'POST',
      url: API_PATHS.employerFormSubmit,
      payload: {
        email: 'worker-fails@example.com',
        name: 'Wes Worker',
        employerEmail: 'boss-fails@employer.example',
        shippingAddress: US_ADDRESS,
        sessionId,
      },
    });
    expect(submitted.statusCode).toBe(201);
    const { orderId } = submitted.json();
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', 'boss-fails@employer.example')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/employerPay=([^\s&]+)/.exec(mail.text_body)![1]!);
    const pay = (key: string) =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.employerPaymentPay, { token }),
        headers: { 'idempotency-key': key },
        payload: { paymentMethod: cardToken() },
      });

    const key = randomUUID();
    const undo = await refuseStatus('orders', 'paid');
    try {
      expect((await pay(key)).json().error.code).toBe('ORDER_NOT_COMPLETED');
    } finally {
      await undo();
    }
    expect((await pay(key)).json().error.code).toBe('ORDER_NOT_COMPLETED');
    const charges = await chargesFor(orderId);
    expect(charges).toHaveLength(1);
    expect(await refundsOf([charges[0]!.id])).toHaveLength(1);

    const paid = await pay(randomUUID());
    expect(paid.statusCode).toBe(200);
    expect(paid.json().order).toMatchObject({ id: orderId, status: 'paid' });
    expect(await chargesFor(orderId)).toHaveLength(2);
  });
});

describe('an upgrade', () => {
  it('is refunded when it cannot be completed, stays pending, and the next try is one new charge', async () => {
    const placed = await placeOrder(t, orderBody({ email: 'upgrade-fails@example.com' }));
    const order: Order = placed.json();
    const buy = () =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.buyBpTape, { id: order.id }),
        payload: {},
      });
    const undo = await refuseStatus('upgrades', 'completed');
    try {
      const failed = await buy();
      expect(failed.statusCode).toBe(409);
      expect(failed.json().error.code).toBe('ORDER_NOT_COMPLETED');
    } finally {
      await undo();
    }
    const upgrade = await t.app.db
      .selectFrom('upgrades')
      .select(['status', 'attempts'])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(upgrade).toEqual({ status: 'pending', attempts: 1 });
    const afterFailure = await chargesFor(order.id);
    // The order's own charge and the refunded upgrade charge.
    expect(afterFailure).toHaveLength(2);
    expect(await refundsOf(afterFailure.map((charge) => charge.id))).toHaveLength(1);

    expect((await buy()).statusCode).toBe(201);
    expect((await buy()).statusCode).toBe(409);
    expect(await chargesFor(order.id)).toHaveLength(3);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { cardToken, orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { testProvider } from '../../helpers/provider-steps';
import { reconcilePayments } from '../../../src/services/payments/reconcile-payments';

const MINUTE = 60_000;

describe('payment reconciliation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    // No webhook rescues the order here: only the job may finish it.
    await testProvider(t.app).stopEventDelivery();
  });
  afterAll(() => t.close());

  const deps = () => ({
    db: t.app.db,
    provider: t.app.paymentProvider,
    log: t.app.log,
    subscriptions: t.app.subscriptionStarts,
  });
  const orderOf = (email: string) =>
    t.app.db.selectFrom('orders').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const later = (minutes: number) => () => new Date(Date.now() + minutes * MINUTE);

  it('ends with a paid order when the write failed after the provider took the money', async () => {
    const email = 'crash@example.com';
    // The paid write fails once, as a crash between the charge and our record would.
    await sql
      .raw(
        `create or replace function fail_paid_once() returns trigger language plpgsql as $$
        begin
          if new.status = 'paid' and new.email = '${email}' and nextval('fail_once_seq') = 1 then
            raise exception 'simulated crash after the charge';
          end if;
          return new;
        end $$`,
      )
      .execute(t.app.db);
    // A sequence, not a table: its count survives the failed transaction's rollback.
    await sql.raw('create sequence fail_once_seq').execute(t.app.db);
    await sql
      .raw(
        'create trigger orders_fail_paid_once before update on orders for each row execute function fail_paid_once()',
      )
      .execute(t.app.db);

    const key = randomUUID();
    const body = orderBody({ email });
    const browser = asBrowser(t);
    const response = await placeOrder(browser, body, key);
    expect(response.statusCode).toBe(409);
    const stuck = await orderOf(email);
    expect(stuck.status).toBe('pending');
    // The provider has the money; our order knows the intent.
    expect(await t.app.paymentProvider.getCharge(stuck.payment_charge_id!)).toMatchObject({
      status: 'succeeded',
    });

    // Too soon: the job leaves young intents alone.
    expect(await reconcilePayments(deps(), { afterMinutes: 10, now: later(1) })).toMatchObject({
      checked: 0,
    });
    expect(await reconcilePayments(deps(), { afterMinutes: 10, now: later(11) })).toMatchObject({
      checked: 1,
      finalized: 1,
    });
    expect((await orderOf(email)).status).toBe('paid');
    // Idempotent: again, nothing to do; and the shopper's retry replays the paid order.
    expect(await reconcilePayments(deps(), { afterMinutes: 10, now: later(30) })).toMatchObject({
      finalized: 0,
    });
    const retry = await placeOrder(browser, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ id: stuck.id, status: 'paid' });
  });

  it('cancels an intent the shopper never authenticated, releasing it, and the order with it', async () => {
    const email = 'abandoned@example.com';
    await placeOrder(t, orderBody({ email, paymentMethod: cardToken('requiresAction') }));
    expect((await orderOf(email)).status).toBe('requires_action');
    const result = await reconcilePayments(deps(), { afterMinutes: 10, now: later(11) });
    expect(result).toMatchObject({ cancelled: 1, finalized: 1 });
    const order = await orderOf(email);
    expect(order).toMatchObject({ status: 'failed' });
    expect(await t.app.paymentProvider.getCharge(order.payment_charge_id!)).toMatchObject({
      status: 'canceled',
    });
  });

  it('fails, once and quietly after, an order whose intent the provider does not know', async () => {
    const email = 'other-keys@example.com';
    await placeOrder(t, orderBody({ email, paymentMethod: cardToken('requiresAction') }));
    // Made with other keys (test orders after the switch to live ones): the provider has no record.
    await t.app.db
      .updateTable('orders')
      .set({ payment_charge_id: `pi_other_keys_${randomUUID().slice(0, 8)}` })
      .where('email', '=', email)
      .execute();
    const log = { error: jest.fn(), warn: jest.fn() };
    const pass = (minutes: number) =>
      reconcilePayments(
        { ...deps(), log: log as unknown as typeof t.app.log },
        { afterMinutes: 10, now: later(minutes) },
      );

    expect(await pass(11)).toMatchObject({ checked: 1, finalized: 1 });
    expect(await orderOf(email)).toMatchObject({
      status: 'failed',
      failure_message: 'The payment provider has no record of this payment',
    });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ orderId: (await orderOf(email)).id });
    // The next passes do not find it again: nothing more is logged, ever.
    expect(await pass(30)).toMatchObject({ checked: 0 });
    expect(await pass(24 * 60)).toMatchObject({ checked: 0 });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('lets two instances running at once take different orders', async () => {
    const emails = ['one@example.com', 'two@example.com', 'three@example.com'];
    for (const email of emails)
      await placeOrder(t, orderBody({ email, paymentMethod: cardToken('requiresAction') }));
    const runs = await Promise.all([
      reconcilePayments(deps(), { afterMinutes: 10, now: later(11) }),
      reconcilePayments(deps(), { afterMinutes: 10, now: later(11) }),
    ]);
    expect(runs[0]!.checked + runs[1]!.checked).toBe(3);
    for (const email of emails) expect((await orderOf(email)).status).toBe('failed');
  });
});

// Reconciliation finishes the payments that are not an order's own first charge: post-purchase
// upgrades and an employer paying again after a decline or a cancelled intent. No webhook rescues
// them here (event delivery is stopped; one test delivers the provider's events itself): only the
// job may, through the function the confirm route and the webhook use, and only from the
// provider's own state.
import { randomUUID } from 'node:crypto';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { payEmployerRequest } from '../../../src/services/checkout/employer-payment';
import { finalizeOrder } from '../../../src/services/checkout/finalize-order';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import { reconcilePayments } from '../../../src/services/payments/reconcile-payments';
import type { DatabaseHandle } from '../../../src/db/open-database';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { cardToken, orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { requestEmployerPayment } from '../../helpers/employer-fixtures';
import {
  authenticate,
  deliverEvents,
  paidOrderWithCheckedCard,
  testProvider,
} from '../../helpers/provider-steps';
import { refuseStatus } from '../../helpers/refuse-status';
import { createTestToken } from '../../helpers/test-tokens';
import { createTestDatabase, testBackend, type TestDatabase } from '../../helpers/test-database';

const MINUTE = 60_000;

let database: TestDatabase;
let t: TestApp;
/** A second instance's own pool on PostgreSQL; PGlite has one connection, so the same one. */
let other: DatabaseHandle | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  t = asBrowser(await buildTestApp({ database }));
  await testProvider(t.app).stopEventDelivery();
  if (testBackend() === 'postgres') other = await database.openAnother();
});
afterAll(async () => {
  await other?.close();
  await t.close();
  await database.drop();
});

const deps = (db = t.app.db) => ({
  db,
  provider: t.app.paymentProvider,
  log: t.app.log,
  mailQueue: t.app.mailQueue,
  subscriptions: t.app.subscriptionStarts,
});
const later = (minutes: number) => () => new Date(Date.now() + minutes * MINUTE);
const reconcile = (minutes = 11, db = t.app.db) =>
  reconcilePayments(deps(db), { afterMinutes: 10, now: later(minutes) });

const chargeOf = async (id: string | null) => t.app.paymentProvider.getCharge(id!);
const refundsOf = (chargeId: string) =>
  t.app.db
    .selectFrom('payment_refunds')
    .select(['amount_cents', 'idempotency_key'])
    .where('charge_id', '=', chargeId)
    .execute();

const orderOf = (id: string) =>
  t.app.db
    .selectFrom('orders')
    .select(['status', 'payment_charge_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const employerRequest = (name: string) =>
  requestEmployerPayment(t, {
    email: `${name}@example.com`,
    employerEmail: `${name}-boss@employer.example`,
  });

describe('an upgrade', () => {
  const upgradeOf = (orderId: string) =>
    t.app.db
      .selectFrom('upgrades')
      .select(['id', 'status', 'charge_id', 'attempts', 'failure_message'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  const upgradeLines = (orderId: string) =>
    t.app.db
      .selectFrom('order_lines')
      .select(['upgrade_id', 'amount_cents'])
      .where('order_id', '=', orderId)
      .where('upgrade_id', 'is not', null)
      .execute();
  const buyTape = (orderId: string) =>
    t.inject({ method: 'POST', url: buildPath(API_PATHS.buyBpTape, { id: orderId }), payload: {} });

  /** The shopper passed the bank's step for the upgrade, then never came back; the event is lost. */
  async function upgradePaidAtTheBankOnly(email: string) {
    const order = await paidOrderWithCheckedCard(t, email);
    const bought = (await buyTape(order.id)).json();
    await authenticate(t.app, bought.nextAction.clientSecret);
    expect(await chargeOf(bought.chargeId)).toMatchObject({ status: 'succeeded' });
    expect((await upgradeOf(order.id)).status).toBe('pending');
    return { order, upgradeId: bought.id as string, chargeId: bought.chargeId as string };
  }

  it('ends completed when its write failed after the provider took the money', async () => {
    const order: Order = (await placeOrder(t, orderBody({ email: 'up-crash@example.com' }))).json();
    const undo = await refuseStatus(t.app.db, 'upgrades', 'completed', { once: true });
    try {
      const crashed = await buyTape(order.id);
      expect(crashed.statusCode).toBe(409);
    } finally {
      await undo();
    }
    const stuck = await upgradeOf(order.id);
    expect(stuck.status).toBe('pending');
    // The provider has the money; the upgrade names the intent, and nothing was given back.
    expect(await chargeOf(stuck.charge_id)).toMatchObject({
      status: 'succeeded',
      amountRefunded: 0,
    });

    // Too soon: the job leaves young intents alone.
    expect(await reconcile(1)).toMatchObject({ checked: 0 });
    expect(await reconcile()).toMatchObject({ checked: 1, finalized: 1 });
    expect(await upgradeOf(order.id)).toMatchObject({
      status: 'completed',
      charge_id: stuck.charge_id,
    });
    expect(await upgradeLines(order.id)).toEqual([
      { upgrade_id: stuck.id, amount_cents: expect.any(Number) },
    ]);
    expect(await refundsOf(stuck.charge_id!)).toEqual([]);
    // Idempotent: again, nothing to do.
    expect(await reconcile(30)).toMatchObject({ checked: 0, finalized: 0 });
    expect(await upgradeLines(order.id)).toHaveLength(1);
  });

  it('is completed from the provider when the shopper passed the bank step and the event was lost', async () => {
    const { order, upgradeId } = await upgradePaidAtTheBankOnly('up-lost@example.com');
    expect(await reconcile()).toMatchObject({ checked: 1, finalized: 1 });
    expect(await upgradeOf(order.id)).toMatchObject({ id: upgradeId, status: 'completed' });
  });

  it('releases an abandoned 3-D Secure charge and lets the offer be bought again', async () => {
    const order = await paidOrderWithCheckedCard(t, 'up-abandoned@example.com');
    const bought = (await buyTape(order.id)).json();
    expect(bought.nextAction).not.toBeNull();
    expect(await reconcile()).toMatchObject({ checked: 1, cancelled: 1, finalized: 1 });
    expect(await chargeOf(bought.chargeId)).toMatchObject({ status: 'canceled' });
    expect(await upgradeOf(order.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      failure_message: expect.stringMatching(/cancelled/),
    });
    // Closed: the job does not look at it again, and a new purchase is a new charge.
    expect(await reconcile(30)).toMatchObject({ checked: 0 });
    const again = (await buyTape(order.id)).json();
    expect(again.chargeId).not.toBe(bought.chargeId);
    await authenticate(t.app, again.nextAction.clientSecret);
    const confirmed = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.upgradeConfirm, { id: again.id }),
    });
    expect(confirmed.json()).toMatchObject({ status: 'completed', chargeId: again.chargeId });
  });

  it('is refunded, under a key from its record, when its order was refunded meanwhile', async () => {
    const { order, chargeId } = await upgradePaidAtTheBankOnly('up-refunded@example.com');
    // The order's own payment was given back (as the provider's refund event records it).
    await t.app.db
      .updateTable('orders')
      .set({ refunded_cents: 100 })
      .where('id', '=', order.id)
      .execute();
    expect(await reconcile()).toMatchObject({ checked: 1, finalized: 1 });
    expect(await chargeOf(chargeId)).toMatchObject({ status: 'succeeded' });
    expect(await refundsOf(chargeId)).toEqual([
      { amount_cents: expect.any(Number), idempotency_key: `refund:${chargeId}:undo` },
    ]);
    expect(await upgradeOf(order.id)).toMatchObject({
      status: 'pending',
      failure_message: expect.stringMatching(/refunded/),
    });
    expect(await upgradeLines(order.id)).toEqual([]);
    expect(await reconcile(30)).toMatchObject({ checked: 0 });
    expect(await refundsOf(chargeId)).toHaveLength(1);
  });

  it('is completed once when two instances run at once', async () => {
    const stuck = [];
    for (const email of ['up-a@example.com', 'up-b@example.com', 'up-c@example.com'])
      stuck.push(await upgradePaidAtTheBankOnly(email));
    const runs = await Promise.all([reconcile(), reconcile(11, other?.db)]);
    expect(runs[0]!.checked + runs[1]!.checked).toBe(3);
    expect(runs[0]!.finalized + runs[1]!.finalized).toBe(3);
    for (const { order, upgradeId } of stuck) {
      expect((await upgradeOf(order.id)).status).toBe('completed');
      expect(await upgradeLines(order.id)).toEqual([
        { upgrade_id: upgradeId, amount_cents: expect.any(Number) },
      ]);
    }
  });
});

describe('an employer paying again after a decline', () => {
  const requestStatus = async (orderId: string) =>
    (
      await t.app.db
        .selectFrom('employer_requests')
        .select('status')
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status;

  async function declinedOnce(name: string) {
    const request = await employerRequest(name);
    expect((await request.pay(cardToken('declined'))).statusCode).toBe(402);
    expect((await orderOf(request.orderId)).status).toBe('failed');
    return request;
  }

  it('ends paid when the write failed after the provider took the second card', async () => {
    const request = await declinedOnce('emp-crash');
    const undo = await refuseStatus(t.app.db, 'orders', 'paid', { once: true });
    try {
      expect((await request.pay()).statusCode).toBe(409);
    } finally {
      await undo();
    }
    const stuck = await orderOf(request.orderId);
    expect(await chargeOf(stuck.payment_charge_id)).toMatchObject({ status: 'succeeded' });
    expect(await reconcile(1)).toMatchObject({ checked: 0 });
    expect(await reconcile()).toMatchObject({ checked: 1, finalized: 1 });
    expect((await orderOf(request.orderId)).status).toBe('paid');
    expect(await requestStatus(request.orderId)).toBe('paid');
    expect(await refundsOf(stuck.payment_charge_id!)).toEqual([]);
    expect(await reconcile(30)).toMatchObject({ finalized: 0 });
  });

  it('releases a second card whose 3-D Secure step was abandoned', async () => {
    const request = await declinedOnce('emp-abandoned');
    const paying = await request.pay(cardToken('requiresAction'));
    expect(paying.statusCode).toBe(200);
    const { payment_charge_id: chargeId } = await orderOf(request.orderId);
    expect(await chargeOf(chargeId)).toMatchObject({ status: 'requires_action' });
    expect(await reconcile()).toMatchObject({ checked: 1, cancelled: 1, finalized: 1 });
    expect(await chargeOf(chargeId)).toMatchObject({ status: 'canceled' });
    expect((await orderOf(request.orderId)).status).toBe('failed');
  });

  it('is paid once when two instances run at once', async () => {
    const requests = [];
    for (const name of ['emp-a', 'emp-b', 'emp-c']) {
      const request = await declinedOnce(name);
      // The second card's bank step is passed at the provider; the employer never comes back.
      const paying = (await request.pay(cardToken('requiresAction'))).json();
      await authenticate(t.app, paying.order.payment.nextAction.clientSecret);
      requests.push({ ...request, email: `${name}@example.com` });
    }
    const runs = await Promise.all([reconcile(), reconcile(11, other?.db)]);
    expect(runs[0]!.checked + runs[1]!.checked).toBe(3);
    expect(runs[0]!.finalized + runs[1]!.finalized).toBe(3);
    for (const { orderId, email } of requests) {
      expect((await orderOf(orderId)).status).toBe('paid');
      expect(await requestStatus(orderId)).toBe('paid');
      // The employee heard of the request, then once that their employer paid.
      const mails = await t.app.db
        .selectFrom('outbox')
        .select('subject')
        .where('to_address', '=', email)
        .execute();
      expect(mails).toHaveLength(2);
    }
  });
});

describe('an employer whose intent was cancelled', () => {
  /** Every intent the provider holds for the order, oldest first. */
  const chargesOf = async (orderId: string) =>
    (
      await t.app.db
        .selectFrom('payment_charges')
        .select(['id', 'status', 'metadata', 'idempotency_key'])
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).filter((charge) => charge.metadata.orderId === orderId);

  /** The employer started a card whose bank asks for 3-D Secure and never came back. */
  async function abandoned(pay: () => ReturnType<TestApp['inject']>) {
    const paying = await pay();
    expect(paying.statusCode).toBe(200);
    expect(paying.json().order.status).toBe('requires_action');
    return (await orderOf(paying.json().order.id)).payment_charge_id!;
  }

  it('pays with a second card after a decline, on the same intent as before', async () => {
    const employer = await employerRequest('emp-declined-then-paid');
    expect((await employer.pay(cardToken('declined'))).statusCode).toBe(402);
    expect((await employer.pay()).json()).toMatchObject({ status: 'paid' });
    const charges = await chargesOf(employer.orderId);
    expect(charges).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        idempotency_key: `order:${employer.orderId}:intent`,
      }),
    ]);
  });

  it('pays with another card after the job released an abandoned 3-D Secure step, every time', async () => {
    const employer = await employerRequest('emp-released');
    const threeDs = () => employer.pay(cardToken('requiresAction'));
    const first = await abandoned(threeDs);
    expect(await reconcile()).toMatchObject({ cancelled: 1, finalized: 1 });
    expect(await orderOf(employer.orderId)).toMatchObject({ status: 'failed' });

    // Days later the employer tries again: a new intent, released again under its own key.
    const second = await abandoned(threeDs);
    expect(second).not.toBe(first);
    expect(await reconcile()).toMatchObject({ cancelled: 1, finalized: 1 });
    expect(await chargeOf(second)).toMatchObject({ status: 'canceled' });

    // One card entry: a repeated click resends the same body under the same key.
    const [body, key] = [{ paymentMethod: cardToken() }, randomUUID()];
    const click = () =>
      t.inject({
        method: 'POST',
        url: buildPath(API_PATHS.employerPaymentPay, { token: employer.token }),
        headers: { 'idempotency-key': key },
        payload: body,
      });
    const paid = await click();
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', order: { status: 'paid' } });
    // A repeated click answers the same payment and charges nothing more.
    expect((await click()).json().order.payment.id).toBe(paid.json().order.payment.id);
    expect((await employer.pay(cardToken())).statusCode).toBe(409);
    const charges = await chargesOf(employer.orderId);
    expect(charges.map((charge) => charge.status)).toEqual(['canceled', 'canceled', 'succeeded']);
    const { payment_charge_id: current } = await orderOf(employer.orderId);
    expect(current).toBe(charges[2]!.id);
    // Each intent under a key of our order: the first its own, each later one its attempt's.
    expect(charges.map((charge) => charge.idempotency_key)).toEqual([
      `order:${employer.orderId}:intent`,
      expect.stringMatching(new RegExp(`^order:${employer.orderId}:intent:\\d+$`)),
      expect.stringMatching(new RegExp(`^order:${employer.orderId}:intent:\\d+$`)),
    ]);
    // Nothing left for the job: the order is paid, by its current intent.
    expect(await reconcile(30)).toMatchObject({ checked: 0 });
  });

  it('pays after the provider cancelled the intent itself, and a late event changes nothing', async () => {
    const employer = await employerRequest('emp-provider-cancelled');
    const first = await abandoned(() => employer.pay(cardToken('requiresAction')));
    await t.app.paymentProvider.cancelCharge(first, 'dashboard:cancel');
    await deliverEvents(t.app);
    expect(await orderOf(employer.orderId)).toMatchObject({ status: 'failed' });

    // A decline, then a success, on the new intent.
    expect((await employer.pay(cardToken('declined'))).statusCode).toBe(402);
    const { payment_charge_id: second } = await orderOf(employer.orderId);
    expect(second).not.toBe(first);
    expect((await employer.pay()).json()).toMatchObject({ status: 'paid' });
    expect(await chargeOf(second)).toMatchObject({ status: 'succeeded' });
    // The first intent's events arrive again: the paid order stays paid on its own intent.
    await finalizeOrder(deps(), employer.orderId, (await chargeOf(first))!);
    expect(await orderOf(employer.orderId)).toEqual({ status: 'paid', payment_charge_id: second });
    const charges = await chargesOf(employer.orderId);
    expect(charges.filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
  });

  it('takes one card when another window pays while this one creates its new intent', async () => {
    const employer = await employerRequest('emp-two-windows');
    await abandoned(() => employer.pay(cardToken('requiresAction')));
    expect(await reconcile()).toMatchObject({ cancelled: 1, finalized: 1 });
    // This window's new intent exists at the provider when the other window's whole payment runs.
    const provider = t.app.paymentProvider;
    let other: Awaited<ReturnType<TestApp['inject']>> | null = null;
    const racing: PaymentProvider = Object.create(provider);
    racing.createCharge = async (input) => {
      const intent = await provider.createCharge(input);
      other ??= await employer.pay();
      return intent;
    };
    const paying = payEmployerRequest(
      { ...deps(), provider: racing, catalogPrices: t.app.catalogPrices, publicOrigin: '' },
      employer.token,
      { paymentMethod: { type: 'token', token: await createTestToken(t.app), save: false } },
      randomUUID(),
    );
    await expect(paying).rejects.toMatchObject({ statusCode: 409 });
    expect(other!.json()).toMatchObject({ status: 'paid' });
    const order = await orderOf(employer.orderId);
    expect(order.status).toBe('paid');
    // The other window's intent took its card; this window's was never confirmed.
    const [released, ...later] = await chargesOf(employer.orderId);
    expect(released!.status).toBe('canceled');
    expect(later.map((charge) => charge.status).sort()).toEqual([
      'requires_confirmation',
      'succeeded',
    ]);
    expect(later.find((charge) => charge.status === 'succeeded')!.id).toBe(order.payment_charge_id);
  });
});

// The built-in provider hands its events to the shop in process, a batch at a time: the batch is
// applied in one transaction whose statements do not grow with the number of events, each event
// id once, and an event whose signature does not verify is refused as the webhook route refuses it.
import Stripe from 'stripe';
import { receiveSignedEvents } from '../../../src/services/payments/payment-events';
import { createTestPaymentProvider } from '@shop/payments-sandbox';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { statementCounter } from '../../helpers/statement-counter';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

let database: TestDatabase;
let t: TestApp;
let paymentProvider: ReturnType<typeof createTestPaymentProvider>;
const { plugin: counter, counted } = statementCounter();

beforeAll(async () => {
  database = await createTestDatabase();
  const handle = { ...database.handle, db: database.handle.db.withPlugin(counter) };
  // The provider keeps its own books (the outbox) on an uncounted handle: with Stripe they are not ours.
  paymentProvider = createTestPaymentProvider(database.handle.db);
  t = asBrowser(await buildTestApp({ database, handle, app: { paymentProvider } }));
  // Events go out only when a test delivers them.
  await paymentProvider.stopEventDelivery();
});
afterAll(async () => {
  await t.close();
  await database.drop();
});

const recordedEvents = async () =>
  (await database.handle.db.selectFrom('payment_events').select('id').execute()).map(
    (row) => row.id,
  );

describe("the built-in provider's events, handed over in process", () => {
  it("applies five paid orders' events in two statements: their ids, then their orders' lock", async () => {
    for (let n = 0; n < 5; n += 1)
      expect((await placeOrder(t, orderBody({ email: `batch-${n}@example.com` }))).statusCode).toBe(
        201,
      );
    const { result: delivered, statements: used } = await counted(() =>
      paymentProvider.deliverPendingEvents(),
    );
    expect(delivered).toBe(5);
    expect(used).toBe(2);
    const outbox = await database.handle.db
      .selectFrom('payment_provider_events')
      .select(['id', 'delivered_at'])
      .execute();
    expect(outbox.filter((event) => !event.delivered_at)).toEqual([]);
    expect((await recordedEvents()).sort()).toEqual(outbox.map((event) => event.id).sort());
  });

  it('applies an event delivered again once: a repeat batch records nothing and locks nothing', async () => {
    const before = await recordedEvents();
    // As if the delivery had been lost and its lease ran out.
    await database.handle.db
      .updateTable('payment_provider_events')
      .set({ delivered_at: null, next_attempt_at: new Date(0) })
      .execute();
    const { result: delivered, statements: used } = await counted(() =>
      paymentProvider.deliverPendingEvents(),
    );
    expect(delivered).toBe(before.length);
    expect(used).toBe(1);
    expect((await recordedEvents()).sort()).toEqual(before.sort());
  });

  it('refuses an event whose signature does not verify and applies the others', async () => {
    const placed = await placeOrder(t, orderBody({ email: 'forged-batch@example.com' }));
    expect(placed.statusCode).toBe(201);
    const [pending] = await database.handle.db
      .selectFrom('payment_provider_events')
      .select(['id', 'payload'])
      .where('delivered_at', 'is', null)
      .execute();
    const rawBody = JSON.stringify(pending!.payload);
    const deps = {
      db: t.app.db,
      provider: paymentProvider,
      subscriptions: t.app.subscriptionStarts,
    };
    const signed = (body: string) => ({
      rawBody: body,
      signatureHeader: signWith(body, paymentProvider.webhookSecret),
    });
    const forged = { rawBody, signatureHeader: signWith(rawBody, 'whsec_other') };
    const altered = {
      ...signed(rawBody),
      rawBody: rawBody.replace('forged-batch', 'altered-batch'),
    };
    expect(await receiveSignedEvents(deps, [forged, altered, signed(rawBody)])).toEqual([
      'The event signature did not verify.',
      'The event signature did not verify.',
      null,
    ]);
    expect(await recordedEvents()).toContain(pending!.id);
  });
});

const signWith = (payload: string, secret: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

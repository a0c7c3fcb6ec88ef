import { statementCounter } from '../../../helpers/statement-counter';
import { createTestDatabase, type TestDatabase } from '../../../helpers/test-database';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
  TEST_CARDS,
} from '@shop/payments-sandbox';

const expiry = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

// Every consumer order makes an intent and confirms it, so each statement here is paid per order.
describe('test provider intents: statements per charge', () => {
  let database: TestDatabase;
  let provider: TestPaymentProvider;
  const { plugin: counter, counted } = statementCounter();

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = createTestPaymentProvider(database.handle.db.withPlugin(counter));
  });
  afterAll(() => database.drop());

  async function payAndKeep(customerId: string, key: string) {
    const token = (await provider.createCardToken({ number: TEST_CARDS.succeeds, ...expiry })).id;
    const created = await counted(() =>
      provider.createCharge({
        amount: 14_900,
        currency: 'usd',
        customerId,
        metadata: { orderId: key },
        idempotencyKey: `${key}:intent`,
      }),
    );
    const confirmed = await counted(() =>
      provider.confirmCharge(created.result.id, {
        source: { type: 'token', token, futureUsage: 'off_session' },
        returnUrl: 'http://shop.test/return',
        idempotencyKey: `${key}:confirm:1`,
      }),
    );
    return { created, confirmed };
  }

  it("makes an order's own customer in one prepared statement", async () => {
    const made = await counted(() =>
      provider.ensureCustomer({ userId: null, email: 'own@example.com', name: 'Own' }),
    );
    expect(made.result).toMatchObject({ email: 'own@example.com', userId: null });
    expect([made.statements, made.built]).toEqual([1, 0]);
  });

  it('makes an intent in one statement and confirms a kept new card in three, all prepared', async () => {
    const customer = await provider.ensureCustomer({ userId: null, email: 'one@example.com' });
    const { created, confirmed } = await payAndKeep(customer.id, 'order-1');
    expect(created.statements).toBe(1);
    // The key with the lock; the token with the method; the intent's update with the card kept
    // and the event.
    expect(confirmed.statements).toBe(3);
    // Written once as SQL: Kysely builds and compiles none of them per charge.
    expect([created.built, confirmed.built]).toEqual([0, 0]);
    expect(confirmed.result).toMatchObject({
      status: 'succeeded',
      method: { type: 'card', brand: 'visa', last4: '4242' },
    });
    const [saved] = await provider.listPaymentMethods(customer.id);
    expect(saved).toMatchObject({ id: confirmed.result.paymentMethodId, isDefault: true });
  });

  it('keeps a second card without making it the default', async () => {
    const customer = await provider.ensureCustomer({ userId: null, email: 'two@example.com' });
    const first = await payAndKeep(customer.id, 'order-2');
    const second = await payAndKeep(customer.id, 'order-3');
    const methods = await provider.listPaymentMethods(customer.id);
    expect(methods.map((method) => [method.id, method.isDefault])).toEqual([
      [first.confirmed.result.paymentMethodId, true],
      [second.confirmed.result.paymentMethodId, false],
    ]);
  });
});

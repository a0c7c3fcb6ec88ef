import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import { createTestPaymentProvider } from '../../../src/services/payments/test-payment-provider';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  RefundRefusedError,
  type PaymentProvider,
} from '../../../src/services/payments/payment-provider';
import {
  behaviourForCard,
  brandForCard,
  TEST_CARDS,
} from '../../../src/services/payments/test-card-rules';

const expiry = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };

describe('test payment provider (Stripe test-mode card rules)', () => {
  let database: TestDatabase;
  let provider: PaymentProvider;
  let customerId: string;
  // The provider's clock: subscription periods start at it, so month ends are tested on any day.
  let clock = new Date('2026-11-30T12:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = createTestPaymentProvider(database.handle.db, { now: () => clock });
    customerId = (await provider.ensureCustomer({ userId: null, email: 'payer@example.com' })).id;
  });
  afterAll(() => database.drop());

  const methodFor = async (number: string) => provider.createPaymentMethod({ number, ...expiry });

  it('names brands and behaviours from the card number', () => {
    expect(brandForCard(TEST_CARDS.succeeds)).toBe('visa');
    expect(brandForCard('5555555555554444')).toBe('mastercard');
    expect(brandForCard('378282246310005')).toBe('amex');
    expect(brandForCard('6011111111111117')).toBe('discover');
    expect(behaviourForCard(TEST_CARDS.succeeds)).toBe('succeed');
    expect(behaviourForCard(TEST_CARDS.declined)).toBe('decline');
    expect(behaviourForCard(TEST_CARDS.requiresAction)).toBe('require_action');
  });

  it('4242 4242 4242 4242 succeeds, and the charge is recorded', async () => {
    const method = await methodFor(TEST_CARDS.succeeds);
    const charge = await provider.createCharge({
      amount: 14900,
      currency: 'usd',
      paymentMethodId: method.id,
      idempotencyKey: 'order-1',
    });
    expect(charge).toMatchObject({
      status: 'succeeded',
      amount: 14900,
      failureCode: null,
      nextAction: null,
    });
    expect(await provider.getCharge(charge.id)).toMatchObject({
      id: charge.id,
      status: 'succeeded',
    });
  });

  it('4000 0000 0000 0002 is declined with card_declined, "Your card was declined."', async () => {
    const method = await methodFor(TEST_CARDS.declined);
    const charge = await provider.createCharge({
      amount: 5000,
      currency: 'usd',
      paymentMethodId: method.id,
      idempotencyKey: 'order-2',
    });
    expect(charge).toMatchObject({
      status: 'failed',
      failureCode: 'card_declined',
      failureMessage: 'Your card was declined.',
    });
    await expect(provider.attachPaymentMethod(method.id, customerId)).rejects.toEqual(
      expect.objectContaining({ declineCode: 'card_declined', message: 'Your card was declined.' }),
    );
    await expect(provider.attachPaymentMethod(method.id, customerId)).rejects.toBeInstanceOf(
      PaymentDeclinedError,
    );
  });

  it('4000 0027 6000 3184 requires a confirmation step, then succeeds', async () => {
    const method = await methodFor(TEST_CARDS.requiresAction);
    const charge = await provider.createCharge({
      amount: 7000,
      currency: 'usd',
      paymentMethodId: method.id,
      idempotencyKey: 'order-3',
    });
    expect(charge.status).toBe('requires_action');
    expect(charge.nextAction).toEqual({ type: 'confirm', message: expect.any(String) });
    const confirmed = await provider.confirmCharge(charge.id);
    expect(confirmed).toMatchObject({ id: charge.id, status: 'succeeded', nextAction: null });
    // Confirming again changes nothing.
    expect((await provider.confirmCharge(charge.id)).status).toBe('succeeded');
  });

  it('replays an idempotency key with the same request and refuses it with a different one', async () => {
    const method = await methodFor(TEST_CARDS.succeeds);
    const input = {
      amount: 9900,
      currency: 'usd',
      paymentMethodId: method.id,
      idempotencyKey: 'order-4',
    };
    const first = await provider.createCharge(input);
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => provider.createCharge(input)),
    );
    expect(new Set(replays.map((charge) => charge.id))).toEqual(new Set([first.id]));
    await expect(provider.createCharge({ ...input, amount: 1 })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    const rows = await database.handle.db
      .selectFrom('payment_charges')
      .select('id')
      .where('idempotency_key', '=', 'order-4')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('never stores the card number', async () => {
    await methodFor('4242424242424242');
    const rows = JSON.stringify(
      await database.handle.db.selectFrom('payment_methods').selectAll().execute(),
    );
    expect(rows).not.toContain('424242424242');
  });

  describe('chargeNewCard: tokenise and charge in one call', () => {
    const chargeNewCard = (number: string, prefix: string) =>
      provider.chargeNewCard!({
        card: { number, ...expiry },
        amount: 15_495,
        currency: 'usd',
        description: 'Order for one-call@example.com',
        metadata: { orderId: 'order-one-call' },
        idempotencyKeyPrefix: prefix,
      });

    it('stores the card as createPaymentMethod does and charges it as createCharge does', async () => {
      const { method, charge } = await chargeNewCard(TEST_CARDS.succeeds, 'one-call');
      expect(method).toMatchObject({
        customerId: null,
        brand: 'visa',
        last4: '4242',
        expMonth: expiry.expMonth,
        expYear: expiry.expYear,
        isDefault: false,
      });
      expect(method.createdAt).toBeInstanceOf(Date);
      expect(charge).toMatchObject({
        status: 'succeeded',
        amount: 15_495,
        currency: 'usd',
        customerId: null,
        paymentMethodId: method.id,
        failureCode: null,
        nextAction: null,
        metadata: { orderId: 'order-one-call' },
        amountRefunded: 0,
      });
      expect(await provider.getCharge(charge.id)).toEqual(charge);
      const stored = await database.handle.db
        .selectFrom('payment_charges')
        .select('idempotency_key')
        .where('id', '=', charge.id)
        .executeTakeFirstOrThrow();
      expect(stored.idempotency_key).toBe(`one-call:${method.id}`);
      // The card is usable afterwards like any tokenised card, and refundable.
      expect(
        await provider.refund({ chargeId: charge.id, idempotencyKey: 'one-call:r' }),
      ).toMatchObject({
        amount: 15_495,
      });
      const rows = JSON.stringify(
        await database.handle.db.selectFrom('payment_methods').selectAll().execute(),
      );
      expect(rows).not.toContain('424242424242');
    });

    it('follows the test cards: declined, insufficient funds, confirmation needed', async () => {
      const declined = await chargeNewCard(TEST_CARDS.declined, 'one-call-declined');
      expect(declined.charge).toMatchObject({
        status: 'failed',
        failureCode: 'card_declined',
        failureMessage: 'Your card was declined.',
      });
      const poor = await chargeNewCard(TEST_CARDS.insufficientFunds, 'one-call-poor');
      expect(poor.charge).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
      const confirm = await chargeNewCard(TEST_CARDS.requiresAction, 'one-call-confirm');
      expect(confirm.charge).toMatchObject({
        status: 'requires_action',
        nextAction: { type: 'confirm' },
      });
      expect((await provider.confirmCharge(confirm.charge.id)).status).toBe('succeeded');
    });

    it('refuses an amount that is not whole cents, writing nothing', async () => {
      const before = await database.handle.db
        .selectFrom('payment_methods')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      await expect(
        provider.chargeNewCard!({
          card: { number: TEST_CARDS.succeeds, ...expiry },
          amount: 1.5,
          currency: 'usd',
          idempotencyKeyPrefix: 'one-call-fraction',
        }),
      ).rejects.toThrow();
      const after = await database.handle.db
        .selectFrom('payment_methods')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(after.count)).toBe(Number(before.count));
    });
  });

  it('keeps one default card per customer through attach, set-default and detach', async () => {
    const customer = await provider.ensureCustomer({ userId: null, email: 'cards@example.com' });
    const first = await provider.attachPaymentMethod(
      (await methodFor(TEST_CARDS.succeeds)).id,
      customer.id,
    );
    const second = await provider.attachPaymentMethod(
      (await methodFor('5555555555554444')).id,
      customer.id,
    );
    expect([first.isDefault, second.isDefault]).toEqual([true, false]);
    await provider.setDefaultPaymentMethod(customer.id, second.id);
    await provider.detachPaymentMethod(customer.id, second.id);
    const left = await provider.listPaymentMethods(customer.id);
    expect(left.map((m) => [m.id, m.isDefault])).toEqual([[first.id, true]]);
  });

  it('creates subscriptions for recurring prices and authorises BNPL within its limit', async () => {
    const method = await provider.attachPaymentMethod(
      (await methodFor(TEST_CARDS.succeeds)).id,
      customerId,
    );
    const subscription = await provider.createSubscription({
      customerId,
      priceId: 'price_bloodwise_quarterly',
      paymentMethodId: method.id,
      idempotencyKey: 'sub-1',
    });
    expect(subscription.status).toBe('active');
    // A quarter from Nov 30 ends on the last day of February, not in March.
    expect(subscription.currentPeriodStart.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(subscription.currentPeriodEnd.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(await provider.listSubscriptions(customerId)).toHaveLength(1);

    const periodEnd = async (priceId: string, start: string) => {
      clock = new Date(start);
      const sub = await provider.createSubscription({
        customerId,
        priceId,
        paymentMethodId: method.id,
        idempotencyKey: `sub-${priceId}-${start}`,
      });
      return sub.currentPeriodEnd.toISOString().slice(0, 10);
    };
    expect(await periodEnd('price_bloodwise_monthly', '2026-01-31T08:00:00.000Z')).toBe(
      '2026-02-28',
    );
    expect(await periodEnd('price_bloodwise_monthly', '2028-01-30T08:00:00.000Z')).toBe(
      '2028-02-29',
    );
    expect(await periodEnd('price_bloodwise_annual', '2028-02-29T08:00:00.000Z')).toBe(
      '2029-02-28',
    );

    const consentId = '00000000-0000-4000-8000-000000000001';
    const ok = await provider.authoriseBnpl({
      amount: 20000,
      currency: 'usd',
      email: 'payer@example.com',
      consentId,
      idempotencyKey: 'bnpl-1',
    });
    expect(ok.status).toBe('authorised');
    const tooMuch = await provider.authoriseBnpl({
      amount: 500000,
      currency: 'usd',
      email: 'payer@example.com',
      consentId,
      idempotencyKey: 'bnpl-2',
    });
    expect(tooMuch.status).toBe('declined');
  });

  it('refuses amounts that are not whole cents', async () => {
    const method = await methodFor(TEST_CARDS.succeeds);
    await expect(
      provider.createCharge({
        amount: 10.5,
        currency: 'usd',
        paymentMethodId: method.id,
        idempotencyKey: 'x',
      }),
    ).rejects.toThrow(RangeError);
  });

  describe('refunds', () => {
    async function succeededCharge(amount: number) {
      const method = await methodFor(TEST_CARDS.succeeds);
      return provider.createCharge({
        amount,
        currency: 'usd',
        paymentMethodId: method.id,
        idempotencyKey: `refund-test:${method.id}`,
      });
    }

    it('refunds in parts up to what was charged, and never past it', async () => {
      const charge = await succeededCharge(10_000);
      await provider.refund({
        chargeId: charge.id,
        amount: 2_500,
        idempotencyKey: `${charge.id}:a`,
      });
      const rest = await provider.refund({ chargeId: charge.id, idempotencyKey: `${charge.id}:b` });
      expect(rest.amount).toBe(7_500);
      await expect(
        provider.refund({ chargeId: charge.id, amount: 1, idempotencyKey: `${charge.id}:c` }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
      expect((await provider.getCharge(charge.id))?.amountRefunded).toBe(10_000);
      expect((await provider.listRefunds(charge.id)).map((refund) => refund.amount)).toEqual([
        2_500, 7_500,
      ]);
    });

    it('moves money once per idempotency key, even when the same refund is sent many times at once', async () => {
      const charge = await succeededCharge(5_000);
      const key = `${charge.id}:double-click`;
      const refunds = await Promise.all(
        Array.from({ length: 10 }, () =>
          provider.refund({ chargeId: charge.id, amount: 3_000, idempotencyKey: key }),
        ),
      );
      expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
      expect((await provider.getCharge(charge.id))?.amountRefunded).toBe(3_000);
      await expect(
        provider.refund({ chargeId: charge.id, amount: 1_000, idempotencyKey: key }),
      ).rejects.toBeInstanceOf(IdempotencyConflictError);
    });

    it('refuses a refund of a charge that took no money', async () => {
      const method = await methodFor(TEST_CARDS.declined);
      const failed = await provider.createCharge({
        amount: 1_000,
        currency: 'usd',
        paymentMethodId: method.id,
        idempotencyKey: `refund-test:${method.id}`,
      });
      expect(failed.status).toBe('failed');
      await expect(
        provider.refund({ chargeId: failed.id, idempotencyKey: `${failed.id}:r` }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
    });
  });
});

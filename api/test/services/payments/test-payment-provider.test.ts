import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';
import {
  createTestPaymentProvider,
  InvalidCardError,
  type TestPaymentProvider,
  TEST_CARDS,
} from '@shop/payments-sandbox';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  RefundRefusedError,
  type ChargeSource,
} from '../../../src/services/payments/payment-provider';

const expiry = { expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
const returnUrl = 'http://shop.test/checkout/return';

describe('test payment provider (Stripe test-mode rules, PaymentIntents)', () => {
  let database: TestDatabase;
  let provider: TestPaymentProvider;
  let customerId: string;
  // The provider's clock: subscription periods start at it, so month ends are tested on any day.
  let clock = new Date('2026-11-30T12:00:00.000Z');
  let sequence = 0;
  const key = (label: string) => `${label}:${(sequence += 1)}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = createTestPaymentProvider(database.handle.db, { now: () => clock });
    customerId = (await provider.ensureCustomer({ userId: null, email: 'payer@example.com' })).id;
  });
  afterAll(() => database.drop());

  const tokenFor = async (number: string) =>
    (await provider.createCardToken({ number, ...expiry })).id;

  const intent = (amount = 14_900, customer: string | null = customerId) =>
    provider.createCharge({
      amount,
      currency: 'usd',
      customerId: customer,
      metadata: { orderId: `order-${(sequence += 1)}` },
      idempotencyKey: key('intent'),
    });

  const confirm = (chargeId: string, source: ChargeSource, idempotencyKey = key('confirm')) =>
    provider.confirmCharge(chargeId, { source, returnUrl, idempotencyKey });

  const payWithCard = async (number: string, keep = false, amount = 14_900) => {
    const created = await intent(amount);
    return confirm(created.id, {
      type: 'token',
      token: await tokenFor(number),
      futureUsage: keep ? 'off_session' : null,
    });
  };

  const eventTypes = async (objectId: string) =>
    (
      await database.handle.db
        .selectFrom('payment_provider_events')
        .select(['type', 'payload'])
        .orderBy('seq')
        .execute()
    )
      .filter((event) => JSON.stringify(event.payload).includes(objectId))
      .map((event) => event.type);

  it('tokenises a card into brand, last four and expiry only, refusing invalid details', async () => {
    const token = await provider.createCardToken({ number: '4242 4242 4242 4242', ...expiry });
    expect(token).toEqual({
      id: expect.stringMatching(/^tok_[A-Za-z0-9]{24}$/),
      type: 'card',
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: expiry.expYear },
    });
    const refused = (card: Partial<typeof expiry> & { number?: string }) =>
      provider.createCardToken({ number: TEST_CARDS.succeeds, ...expiry, ...card }).then(
        () => null,
        (error: InvalidCardError) => [error.constructor, error.field],
      );
    expect(await refused({ number: '4242424242424241' })).toEqual([InvalidCardError, 'number']);
    expect(await refused({ expMonth: 10, expYear: 2026 })).toEqual([InvalidCardError, 'expiry']);
    expect(await refused({ expMonth: 13 })).toEqual([InvalidCardError, 'expiry']);
    expect(await refused({ cvc: '12' })).toEqual([InvalidCardError, 'cvc']);
    // This month still counts: a card is good through the end of its expiry month.
    expect(await refused({ expMonth: 11, expYear: 2026 })).toBeNull();
  });

  it('creates an unconfirmed intent with a client secret; one key is one intent', async () => {
    const input = {
      amount: 5_000,
      currency: 'usd',
      customerId,
      metadata: { orderId: 'order-a' },
      idempotencyKey: 'order:a:intent',
    };
    const created = await provider.createCharge(input);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_confirmation',
      amount: 5_000,
      metadata: { orderId: 'order-a' },
      nextAction: null,
      method: null,
    });
    expect((await provider.createCharge(input)).id).toBe(created.id);
    await expect(provider.createCharge({ ...input, amount: 5_001 })).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    await expect(
      provider.createCharge({ ...input, customerId: 'cus_nobody', idempotencyKey: 'other' }),
    ).rejects.toBeInstanceOf(PaymentObjectNotFoundError);
    await expect(
      provider.createCharge({ ...input, amount: 10.5, idempotencyKey: 'fraction' }),
    ).rejects.toThrow(RangeError);
  });

  it('4242 4242 4242 4242 succeeds; the token is single-use; a repeated confirm changes nothing', async () => {
    const created = await intent();
    const token = await tokenFor(TEST_CARDS.succeeds);
    const source: ChargeSource = { type: 'token', token, futureUsage: null };
    const paid = await confirm(created.id, source, 'order:b:confirm:1');
    expect(paid).toMatchObject({
      status: 'succeeded',
      failureCode: null,
      nextAction: null,
      method: { type: 'card', brand: 'visa', last4: '4242' },
    });
    expect(await provider.getCharge(paid.id)).toMatchObject({ status: 'succeeded' });
    expect(await confirm(created.id, source, 'order:b:confirm:1')).toMatchObject({
      status: 'succeeded',
      paymentMethodId: paid.paymentMethodId,
    });
    await expect(
      confirm(created.id, { ...source, futureUsage: 'off_session' }, 'order:b:confirm:1'),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    const another = await intent();
    await expect(confirm(another.id, source)).rejects.toBeInstanceOf(PaymentDeclinedError);
    expect(await eventTypes(created.id)).toEqual(['payment_intent.succeeded']);
    // Not saved: nobody asked to keep it.
    expect(await provider.listPaymentMethods(customerId)).toEqual([]);
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined', 'Your card was declined.'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds', 'Your card has insufficient funds.'],
  ])(
    '%s is declined (%s); the intent can then be paid with another card',
    async (number, code, message) => {
      const created = await intent();
      const declined = await confirm(created.id, {
        type: 'token',
        token: await tokenFor(number),
        futureUsage: 'off_session',
      });
      expect(declined).toMatchObject({
        status: 'failed',
        failureCode: code,
        failureMessage: message,
      });
      const retried = await confirm(created.id, {
        type: 'token',
        token: await tokenFor(TEST_CARDS.succeeds),
        futureUsage: null,
      });
      expect(retried).toMatchObject({
        status: 'succeeded',
        failureCode: null,
        failureMessage: null,
      });
      expect(await eventTypes(created.id)).toEqual([
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
      ]);
    },
  );

  describe('4000 0027 6000 3184 (3-D Secure on every charge)', () => {
    const customer = () =>
      provider.ensureCustomer({ userId: null, email: `sca-${(sequence += 1)}@example.com` });

    it('asks for authentication; completing it pays and saves the card asked to be saved', async () => {
      const { id: shopper } = await customer();
      const created = await intent(9_900, shopper);
      const pending = await confirm(created.id, {
        type: 'token',
        token: await tokenFor(TEST_CARDS.requiresAction),
        futureUsage: 'off_session',
      });
      expect(pending).toMatchObject({
        status: 'requires_action',
        nextAction: {
          clientSecret: expect.stringMatching(new RegExp(`^${created.id}_secret_[A-Za-z0-9]+$`)),
          message: expect.any(String),
        },
      });
      const clientSecret = pending.nextAction!.clientSecret;
      expect(await provider.nextAction(clientSecret)).toEqual({
        type: 'challenge',
        url: `/test-provider/authenticate?client_secret=${encodeURIComponent(clientSecret)}`,
      });
      // Not saved before the bank said yes.
      expect(await provider.listPaymentMethods(shopper)).toEqual([]);
      expect(await provider.authenticate(clientSecret, 'complete')).toMatchObject({
        status: 'succeeded',
      });
      expect(await provider.getCharge(created.id)).toMatchObject({
        status: 'succeeded',
        nextAction: null,
      });
      expect(await provider.nextAction(clientSecret)).toBeNull();
      // A second answer changes nothing.
      expect(await provider.authenticate(clientSecret, 'fail')).toMatchObject({
        status: 'succeeded',
      });
      const [saved] = await provider.listPaymentMethods(shopper);
      expect(saved).toMatchObject({ id: pending.paymentMethodId, last4: '3184', isDefault: true });

      // The saved card asks again on the next charge, and fails off-session: nobody is there.
      const upsell = await intent(3_900, shopper);
      const onSession = await confirm(upsell.id, {
        type: 'saved',
        paymentMethodId: saved!.id,
        offSession: false,
      });
      expect(onSession.status).toBe('requires_action');
      const renewal = await intent(3_900, shopper);
      expect(
        await confirm(renewal.id, { type: 'saved', paymentMethodId: saved!.id, offSession: true }),
      ).toMatchObject({ status: 'failed', failureCode: 'authentication_required' });
      expect(await eventTypes(created.id)).toEqual([
        'payment_intent.requires_action',
        'payment_intent.succeeded',
      ]);
    });

    it('failing authentication fails the intent and saves nothing', async () => {
      const { id: shopper } = await customer();
      const created = await intent(9_900, shopper);
      const pending = await confirm(created.id, {
        type: 'token',
        token: await tokenFor(TEST_CARDS.requiresAction),
        futureUsage: 'off_session',
      });
      await provider.authenticate(pending.nextAction!.clientSecret, 'fail');
      expect(await provider.getCharge(created.id)).toMatchObject({
        status: 'failed',
        failureCode: 'payment_intent_authentication_failure',
      });
      expect(await provider.listPaymentMethods(shopper)).toEqual([]);
      expect(await provider.authenticate('pi_unknown_secret_x', 'complete')).toBeNull();
    });
  });

  it('saves a card at checkout when asked, and pays with it later; another customer cannot', async () => {
    const shopper = await provider.ensureCustomer({ userId: null, email: 'saver@example.com' });
    const created = await intent(14_900, shopper.id);
    const paid = await confirm(created.id, {
      type: 'token',
      token: await tokenFor(TEST_CARDS.succeeds),
      futureUsage: 'off_session',
    });
    const cards = await provider.listPaymentMethods(shopper.id);
    expect(cards).toEqual([
      expect.objectContaining({ id: paid.paymentMethodId, last4: '4242', isDefault: true }),
    ]);
    const again = await intent(3_900, shopper.id);
    const source: ChargeSource = {
      type: 'saved',
      paymentMethodId: cards[0]!.id,
      offSession: false,
    };
    expect((await confirm(again.id, source)).status).toBe('succeeded');
    const stranger = await intent(1_000);
    await expect(confirm(stranger.id, source)).rejects.toBeInstanceOf(PaymentObjectNotFoundError);
    const guest = await intent(1_000, null);
    await expect(confirm(guest.id, source)).rejects.toBeInstanceOf(PaymentObjectNotFoundError);
  });

  describe('pay later', () => {
    it('redirects to approval; approved it is processing, then settles', async () => {
      const created = await intent(20_000);
      const token = await provider.createBnplToken();
      expect(token).toMatchObject({ type: 'bnpl', card: null });
      const pending = await confirm(created.id, {
        type: 'token',
        token: token.id,
        futureUsage: 'off_session',
      });
      expect(pending).toMatchObject({
        status: 'requires_action',
        method: { type: 'bnpl', last4: null },
      });
      const clientSecret = pending.nextAction!.clientSecret;
      expect(await provider.nextAction(clientSecret)).toEqual({
        type: 'redirect',
        url: `/test-provider/bnpl?client_secret=${encodeURIComponent(clientSecret)}&return_url=${encodeURIComponent(returnUrl)}`,
      });
      expect(await provider.decidePayLater(clientSecret, 'approve')).toEqual({
        status: 'processing',
        returnUrl,
      });
      expect((await provider.getCharge(created.id))?.status).toBe('processing');
      // Settling happens on the delivery pass (nothing to deliver to here).
      provider.setEventTarget(async (events) => events.map(() => null));
      await provider.deliverPendingEvents();
      provider.setEventTarget(null);
      expect((await provider.getCharge(created.id))?.status).toBe('succeeded');
      expect(await eventTypes(created.id)).toEqual([
        'payment_intent.requires_action',
        'payment_intent.processing',
        'payment_intent.succeeded',
      ]);
      // Pay-later is never saved as a card.
      expect(await provider.listPaymentMethods(customerId)).toEqual([]);
    });

    it('declines above $2,000, and when the shopper declines', async () => {
      const tooMuch = await intent(200_001);
      const token = await provider.createBnplToken();
      expect(
        await confirm(tooMuch.id, { type: 'token', token: token.id, futureUsage: null }),
      ).toMatchObject({ status: 'failed', failureCode: 'payment_method_provider_decline' });
      const created = await intent(10_000);
      const pending = await confirm(created.id, {
        type: 'token',
        token: (await provider.createBnplToken()).id,
        futureUsage: null,
      });
      await provider.decidePayLater(pending.nextAction!.clientSecret, 'decline');
      expect(await provider.getCharge(created.id)).toMatchObject({
        status: 'failed',
        failureCode: 'payment_method_provider_decline',
      });
    });
  });

  it('cancels an unfinished intent once per key; a paid one is answered as it is', async () => {
    const created = await intent();
    const canceled = await provider.cancelCharge(created.id, 'cancel:1');
    expect(canceled.status).toBe('canceled');
    expect((await provider.cancelCharge(created.id, 'cancel:1')).status).toBe('canceled');
    await expect(
      confirm(created.id, {
        type: 'token',
        token: await tokenFor(TEST_CARDS.succeeds),
        futureUsage: null,
      }),
    ).resolves.toMatchObject({ status: 'canceled' });
    const paid = await payWithCard(TEST_CARDS.succeeds);
    expect((await provider.cancelCharge(paid.id, 'cancel:2')).status).toBe('succeeded');
    await expect(provider.cancelCharge(created.id, 'cancel:2')).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
    await expect(provider.cancelCharge('pi_missing', 'cancel:3')).rejects.toBeInstanceOf(
      PaymentObjectNotFoundError,
    );
    expect(await eventTypes(created.id)).toEqual(['payment_intent.canceled']);
  });

  describe('setups (saving a card without paying)', () => {
    it('saves 4242 at once, 3184 after authentication, and never a declining card', async () => {
      const shopper = await provider.ensureCustomer({ userId: null, email: 'setup@example.com' });
      const setup = (number: string) =>
        tokenFor(number).then((token) =>
          provider.createSetup({
            customerId: shopper.id,
            token,
            returnUrl,
            idempotencyKey: key('setup'),
          }),
        );
      const first = await setup(TEST_CARDS.succeeds);
      expect(first).toMatchObject({
        id: expect.stringMatching(/^seti_/),
        status: 'succeeded',
        paymentMethodId: expect.stringMatching(/^pm_/),
      });
      const challenged = await setup(TEST_CARDS.requiresAction);
      expect(challenged).toMatchObject({ status: 'requires_action', paymentMethodId: null });
      expect(await provider.nextAction(challenged.nextAction!.clientSecret)).toMatchObject({
        type: 'challenge',
      });
      expect((await provider.listPaymentMethods(shopper.id)).map((card) => card.last4)).toEqual([
        '4242',
      ]);
      await provider.authenticate(challenged.nextAction!.clientSecret, 'complete');
      expect(await provider.getSetup(shopper.id, challenged.id)).toMatchObject({
        status: 'succeeded',
        paymentMethodId: expect.stringMatching(/^pm_/),
      });
      expect(await setup(TEST_CARDS.declined)).toMatchObject({
        status: 'failed',
        failureCode: 'card_declined',
      });
      expect(
        (await provider.listPaymentMethods(shopper.id)).map((card) => [card.last4, card.isDefault]),
      ).toEqual([
        ['4242', true],
        ['3184', false],
      ]);
      expect(await provider.getSetup(customerId, first.id)).toBeNull();
      expect(await eventTypes(challenged.id)).toEqual([
        'setup_intent.requires_action',
        'setup_intent.succeeded',
      ]);
    });

    it('one key is one setup', async () => {
      const shopper = await provider.ensureCustomer({ userId: null, email: 'setup2@example.com' });
      const input = {
        customerId: shopper.id,
        token: await tokenFor(TEST_CARDS.succeeds),
        returnUrl,
        idempotencyKey: 'setup:once',
      };
      const first = await provider.createSetup(input);
      expect((await provider.createSetup(input)).id).toBe(first.id);
      await expect(
        provider.createSetup({ ...input, token: await tokenFor(TEST_CARDS.succeeds) }),
      ).rejects.toBeInstanceOf(IdempotencyConflictError);
      await expect(
        provider.createSetup({
          ...input,
          token: (await provider.createBnplToken()).id,
          idempotencyKey: 'setup:bnpl',
        }),
      ).rejects.toBeInstanceOf(PaymentDeclinedError);
    });
  });

  it('keeps one default card per customer through set-default and detach', async () => {
    const shopper = await provider.ensureCustomer({ userId: null, email: 'cards@example.com' });
    const save = async (number: string) =>
      provider.createSetup({
        customerId: shopper.id,
        token: await tokenFor(number),
        returnUrl,
        idempotencyKey: key('setup'),
      });
    const first = (await save(TEST_CARDS.succeeds)).paymentMethodId!;
    const second = (await save('5555555555554444')).paymentMethodId!;
    expect((await provider.listPaymentMethods(shopper.id)).map((m) => m.isDefault)).toEqual([
      true,
      false,
    ]);
    await provider.setDefaultPaymentMethod(shopper.id, second);
    await provider.detachPaymentMethod(shopper.id, second);
    const left = await provider.listPaymentMethods(shopper.id);
    expect(left.map((m) => [m.id, m.isDefault])).toEqual([[first, true]]);
    expect(await provider.getPaymentMethod(customerId, first)).toBeNull();
  });

  it('serves the catalogue prices by lookup key, with unlimited_upgrade from metadata', async () => {
    const prices = await provider.listPrices([
      'bloodwise_kit_one_time',
      'bloodwise_quarterly',
      'unlimited_upgrade',
      'no_such_key',
    ]);
    expect(prices).toEqual([
      expect.objectContaining({
        lookupKey: 'bloodwise_kit_one_time',
        unitAmount: 14_900,
        type: 'one_time',
        recurringInterval: null,
        isUnlimitedUpgrade: false,
      }),
      expect.objectContaining({
        lookupKey: 'bloodwise_quarterly',
        type: 'recurring',
        recurringInterval: 'month',
        recurringIntervalCount: 3,
      }),
      expect.objectContaining({ lookupKey: 'unlimited_upgrade', isUnlimitedUpgrade: true }),
    ]);
    expect(await provider.listPrices([])).toEqual([]);
  });

  it('creates subscriptions for recurring prices, periods ending on real month ends', async () => {
    const shopper = await provider.ensureCustomer({ userId: null, email: 'subs@example.com' });
    const method = (
      await provider.createSetup({
        customerId: shopper.id,
        token: await tokenFor(TEST_CARDS.succeeds),
        returnUrl,
        idempotencyKey: key('setup'),
      })
    ).paymentMethodId!;
    const subscription = await provider.createSubscription({
      customerId: shopper.id,
      priceId: 'price_bloodwise_quarterly',
      paymentMethodId: method,
      idempotencyKey: 'sub-1',
    });
    expect(subscription.status).toBe('active');
    // A quarter from Nov 30 ends on the last day of February, not in March.
    expect(subscription.currentPeriodStart.toISOString()).toBe('2026-11-30T12:00:00.000Z');
    expect(subscription.currentPeriodEnd.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(await provider.listSubscriptions(shopper.id)).toHaveLength(1);

    const periodEnd = async (priceId: string, start: string) => {
      clock = new Date(start);
      const sub = await provider.createSubscription({
        customerId: shopper.id,
        priceId,
        paymentMethodId: method,
        idempotencyKey: `sub-${priceId}-${start}`,
      });
      return sub.currentPeriodEnd.toISOString().slice(0, 10);
    };
    expect(await periodEnd('price_bloodwise_monthly', '2026-01-31T08:00:00.000Z')).toBe(
      '2026-02-28',
    );
    expect(await periodEnd('price_bloodwise_annual', '2028-02-29T08:00:00.000Z')).toBe(
      '2029-02-28',
    );
    clock = new Date('2026-11-30T12:00:00.000Z');
  });

  describe('refunds', () => {
    it('refunds in parts up to what was charged, and never past it', async () => {
      const charge = await payWithCard(TEST_CARDS.succeeds, false, 10_000);
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
      expect(await eventTypes(charge.id)).toEqual([
        'payment_intent.succeeded',
        'charge.refunded',
        'charge.refunded',
      ]);
    });

    it('moves money once per idempotency key, even when the same refund is sent many times at once', async () => {
      const charge = await payWithCard(TEST_CARDS.succeeds, false, 5_000);
      const refundKey = `${charge.id}:double-click`;
      const refunds = await Promise.all(
        Array.from({ length: 10 }, () =>
          provider.refund({ chargeId: charge.id, amount: 3_000, idempotencyKey: refundKey }),
        ),
      );
      expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
      expect((await provider.getCharge(charge.id))?.amountRefunded).toBe(3_000);
      await expect(
        provider.refund({ chargeId: charge.id, amount: 1_000, idempotencyKey: refundKey }),
      ).rejects.toBeInstanceOf(IdempotencyConflictError);
    });

    it('refuses a refund of a charge that took no money', async () => {
      const failed = await payWithCard(TEST_CARDS.declined, false, 1_000);
      expect(failed.status).toBe('failed');
      await expect(
        provider.refund({ chargeId: failed.id, idempotencyKey: `${failed.id}:r` }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
    });
  });
});

// A declined renewal is recovered: past due, mailed with the link to update the card, tried again
// on the operator's schedule (never automatically after a hard decline), and when the tries run
// out cancelled or paused as the operator set; a card update tries it again at once.
import { writeShopSetting } from '../../../src/repositories/shop-settings-repository';
import { TEST_CARDS } from '@shop/payments-sandbox';
import { retryRenewalNow } from '../../../src/services/subscriptions/renewal-scheduler';
import { DUNNING_SETTING_KEY } from '../../../src/services/subscriptions/subscription-settings';
import { useRenewalWorld } from '../../helpers/renewals';

describe('recovering a declined renewal', () => {
  const world = useRenewalWorld('2026-01-31T10:00:00Z');
  const at = (iso: string) => world.clock.set(new Date(iso));
  const DUE = '2026-02-28T10:00:00Z';

  afterEach(async () => {
    await world.database.handle.db.deleteFrom('shop_settings').execute();
  });

  it('marks the subscription past due, mails the card link, retries on days 1, 3, 7 and 14, then cancels', async () => {
    const { id, email, paymentMethodId } = await world.subscribe();
    await world.cardBehaves(paymentMethodId, 'insufficient_funds');
    const queue = world.runner();

    at(DUE);
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({
      status: 'past_due',
      failedAttempts: 1,
      nextRetryAt: '2026-03-01T10:00:00.000Z',
      cycles: 0,
    });
    expect(await world.ledgerOf(id)).toEqual([[1, 'failed', 1]]);
    expect(await world.ordersOf(id)).toEqual([]);
    const [declined] = await world.mailsTo(email);
    expect(declined!.subject).toContain('payment failed');
    expect(declined!.text).toContain('$99.00');
    expect(declined!.text).toContain(`http://shop.test/account/subscriptions/${id}/card`);
    expect(declined!.text).toContain('We will try again on March 1, 2026.');
    expect(declined!.text).toContain('still unpaid after March 14, 2026');

    // Not before its time.
    at('2026-03-01T09:59:00Z');
    await world.drain(queue);
    expect(await world.chargesOf(id)).toHaveLength(1);

    const retries: [string, string | null][] = [
      ['2026-03-01T10:00:00Z', '2026-03-03T10:00:00.000Z'],
      ['2026-03-03T10:00:00Z', '2026-03-07T10:00:00.000Z'],
      ['2026-03-07T10:00:00Z', '2026-03-14T10:00:00.000Z'],
    ];
    for (const [when, next] of retries) {
      at(when);
      await world.drain(queue);
      expect((await world.periodOf(id)).nextRetryAt).toBe(next);
    }
    expect(await world.periodOf(id)).toMatchObject({ status: 'past_due', failedAttempts: 4 });

    at('2026-03-14T10:00:00Z');
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({
      status: 'canceled',
      canceledAt: '2026-03-14T10:00:00.000Z',
      nextRetryAt: null,
    });
    // Five tries of the one cycle, each under its own keys.
    expect((await world.chargesOf(id)).map((charge) => charge.idempotency_key).sort()).toEqual(
      [
        `renewal:${id}:1:intent`,
        `renewal:${id}:1:2:intent`,
        `renewal:${id}:1:3:intent`,
        `renewal:${id}:1:4:intent`,
        `renewal:${id}:1:5:intent`,
      ].sort(),
    );
    expect(await world.ledgerOf(id)).toEqual([[1, 'failed', 5]]);
    const subjects = (await world.mailsTo(email)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(5);
    expect(subjects.at(-1)).toContain('was cancelled');
    expect((await world.changesOf(id)).map((change) => change.action)).toEqual([
      'renewal-declined',
      'renewal-declined',
      'renewal-declined',
      'renewal-declined',
      'renewal-declined',
      'dunning-ended',
    ]);

    // Cancelled for good: no try, no renewal, whatever comes.
    at('2026-06-01T10:00:00Z');
    await world.drain(queue);
    expect(await retryRenewalNow(world.deps(), queue, id)).toEqual({
      queued: false,
      status: 'canceled',
    });
    expect(await world.chargesOf(id)).toHaveLength(5);
  });

  it('pauses instead when the operator says so; later cycles are skipped until the card is updated', async () => {
    await writeShopSetting(
      world.database.handle.db,
      DUNNING_SETTING_KEY,
      { endAction: 'pause', retryDays: [2] },
      new Date(),
    );
    const { id, email, customerId, paymentMethodId } = await world.subscribe();
    await world.cardBehaves(paymentMethodId, 'decline');
    const queue = world.runner();

    at(DUE);
    await world.drain(queue);
    expect((await world.periodOf(id)).nextRetryAt).toBe('2026-03-02T10:00:00.000Z');
    at('2026-03-02T10:00:00Z');
    await world.drain(queue);
    // The unpaid cycle lapses; paused until the subscriber acts.
    expect(await world.periodOf(id)).toMatchObject({
      status: 'paused',
      pausedUntil: null,
      cycles: 1,
      end: '2026-03-31T10:00:00.000Z',
    });
    const paused = (await world.mailsTo(email)).at(-1)!;
    expect(paused.subject).toContain('is paused');
    expect(paused.text).toContain(`http://shop.test/account/subscriptions/${id}/card`);

    at('2026-04-01T10:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([
      [1, 'failed', 2],
      [2, 'skipped', 1],
    ]);

    // A new card: resumed at once, billed from the next renewal date.
    const card = await world.saveCard(customerId);
    await world.update(id, { payment_method_id: card });
    expect(await retryRenewalNow(world.deps(), queue, id)).toEqual({
      queued: false,
      status: 'active',
    });
    expect((await world.mailsTo(email)).at(-1)!.subject).toContain('has resumed');
    at('2026-04-30T10:00:00Z');
    await world.drain(queue);
    expect(await world.ledgerOf(id)).toEqual([
      [1, 'failed', 2],
      [2, 'skipped', 1],
      [3, 'succeeded', 1],
    ]);
    expect(await world.periodOf(id)).toMatchObject({ status: 'active', failedAttempts: 0 });
  });

  it('never retries a hard decline by itself; the updated card pays the cycle at once', async () => {
    const { id, email, customerId, paymentMethodId } = await world.subscribe();
    await world.cardBehaves(paymentMethodId, 'stolen_card');
    const queue = world.runner();

    at(DUE);
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({ status: 'past_due', nextRetryAt: null });
    const [renewal] = await world.database.handle.db
      .selectFrom('subscription_renewals')
      .select(['hard_decline', 'failure_code'])
      .where('subscription_id', '=', id)
      .execute();
    expect(renewal).toEqual({ hard_decline: true, failure_code: 'stolen_card' });
    expect((await world.mailsTo(email))[0]!.text).toContain('We will not try again');

    at('2026-03-10T10:00:00Z');
    await world.drain(queue);
    expect(await world.chargesOf(id)).toHaveLength(1);

    const card = await world.saveCard(customerId);
    await world.update(id, { payment_method_id: card });
    expect(await retryRenewalNow(world.deps(), queue, id)).toEqual({
      queued: true,
      status: 'past_due',
    });
    await queue.runDue();
    expect(await world.periodOf(id)).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      nextRetryAt: null,
      cycles: 1,
      // The period runs from the cycle's own date: the anchor does not move.
      start: '2026-02-28T10:00:00.000Z',
      end: '2026-03-31T10:00:00.000Z',
    });
    expect(await world.ledgerOf(id)).toEqual([[1, 'succeeded', 2]]);
    // The paid cycle no longer reads as declined; the decline stays in the change log.
    expect(
      await world.database.handle.db
        .selectFrom('subscription_renewals')
        .select(['failure_code', 'failure_message'])
        .where('subscription_id', '=', id)
        .execute(),
    ).toEqual([{ failure_code: null, failure_message: null }]);
    expect(await world.ordersOf(id)).toEqual([expect.objectContaining({ total_cents: 9_900 })]);
    expect((await world.mailsTo(email)).at(-1)!.subject).toContain('renewed');
    expect((await world.changesOf(id)).map((change) => change.action)).toEqual([
      'renewal-declined',
      'recovered',
    ]);
  });

  it('a subscription without a card fails soft: past due, retried on schedule, mailed to add one', async () => {
    const { id, email } = await world.subscribe();
    await world.update(id, { payment_method_id: null });
    const queue = world.runner();
    at(DUE);
    await world.drain(queue);
    expect(await world.periodOf(id)).toMatchObject({
      status: 'past_due',
      nextRetryAt: '2026-03-01T10:00:00.000Z',
    });
    expect(await world.chargesOf(id)).toEqual([]);
    expect((await world.mailsTo(email))[0]!.text).toContain('there is no card on file');
  });

  it("the built-in provider's stolen test card is refused with Stripe's hard decline code", async () => {
    const { provider } = world;
    const token = await provider.createCardToken({
      number: TEST_CARDS.stolenCard,
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    const intent = await provider.createCharge({
      amount: 1_000,
      currency: 'usd',
      metadata: {},
      idempotencyKey: 'stolen-card-charge',
    });
    const charge = await provider.confirmCharge(intent.id, {
      source: { type: 'token', token: token.id, futureUsage: null },
      returnUrl: 'http://shop.test/checkout',
      idempotencyKey: 'stolen-card-confirm',
    });
    expect(charge).toMatchObject({ status: 'failed', failureCode: 'stolen_card' });
  });
});

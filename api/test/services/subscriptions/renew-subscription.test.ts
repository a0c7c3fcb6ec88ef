import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import { createTestPaymentProvider } from '@shop/payments-sandbox';
import { renewSubscription } from '../../../src/services/subscriptions/renew-subscription';
import {
  createRenewalScheduler,
  scheduleDueRenewals,
} from '../../../src/services/subscriptions/renewal-scheduler';
import { MONTHLY, useRenewalWorld } from '../../helpers/renewals';
import { testBackend } from '../../helpers/test-database';

describe('subscription renewals on the built-in provider', () => {
  const world = useRenewalWorld('2026-01-31T10:00:00Z');
  const subscribe = (priceId?: string) => world.subscribe(priceId);
  const runner = (...args: Parameters<typeof world.runner>) => world.runner(...args);
  const drain = (queue: Parameters<typeof world.drain>[0]) => world.drain(queue);
  const schedulerDeps = () => world.deps();
  const depsFor = (...args: Parameters<typeof world.deps>) => world.deps(...args);
  const chargesOf = (id: string) => world.chargesOf(id);
  const periodOf = async (id: string) => {
    const { start, end, cycles, status } = await world.periodOf(id);
    return { start, end, cycles, status };
  };
  async function ordersOf(subscriptionId: string) {
    const renewals = await listRenewals(world.database.handle.db, subscriptionId);
    const ids = renewals.flatMap((renewal) => (renewal.orderId ? [renewal.orderId] : []));
    const orders = await world.database.handle.db
      .selectFrom('orders')
      .select(['id', 'status', 'total_cents', 'idempotency_key'])
      .where('idempotency_key', 'like', `renewal:${subscriptionId}:%`)
      .execute();
    return { ids, orders };
  }

  it('renews a due subscription once when the clock moves a period: charge, order, period, receipt', async () => {
    const { id, email } = await subscribe();
    const queue = runner(world.database.handle);
    expect(await periodOf(id)).toMatchObject({ end: '2026-02-28T10:00:00.000Z', cycles: 0 });

    expect(await scheduleDueRenewals(schedulerDeps(), queue)).toBe(0);
    world.clock.set(new Date('2026-02-28T10:00:00Z'));
    expect(await scheduleDueRenewals(schedulerDeps(), queue)).toBe(1);
    expect(await scheduleDueRenewals(schedulerDeps(), queue)).toBe(0);
    expect(await queue.runDue()).toBe(1);

    expect(await chargesOf(id)).toEqual([
      expect.objectContaining({ status: 'succeeded', amount_cents: 9_900 }),
    ]);
    const { ids, orders } = await ordersOf(id);
    expect(orders).toEqual([expect.objectContaining({ status: 'paid', total_cents: 9_900 })]);
    expect(ids).toEqual([orders[0]!.id]);
    const lines = await world.database.handle.db
      .selectFrom('order_lines')
      .select(['lookup_key', 'price_id', 'quantity'])
      .where('order_id', '=', orders[0]!.id)
      .execute();
    expect(lines).toEqual([{ lookup_key: 'bloodwise_monthly', price_id: MONTHLY, quantity: 1 }]);
    expect(await periodOf(id)).toEqual({
      start: '2026-02-28T10:00:00.000Z',
      end: '2026-03-31T10:00:00.000Z',
      cycles: 1,
      status: 'active',
    });
    const receipts = await world.database.handle.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', email)
      .execute();
    expect(receipts).toEqual([{ subject: expect.stringContaining('renewed') }]);

    // Nothing more until the next period ends.
    expect(await scheduleDueRenewals(schedulerDeps(), queue)).toBe(0);
    expect(await queue.runDue()).toBe(0);
    expect(await chargesOf(id)).toHaveLength(1);
  });

  it('counts periods from the anchor: Jan 31 → Feb 28 → Mar 31 → Apr 30, and Feb 29 in a leap year', async () => {
    const { id } = await subscribe();
    const queue = runner(world.database.handle);
    const ends: string[] = [];
    for (const at of ['2026-02-28', '2026-03-31', '2026-04-30']) {
      world.clock.set(new Date(`${at}T10:00:00Z`));
      await drain(queue);
      ends.push((await periodOf(id)).end);
    }
    expect(ends).toEqual([
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2026-05-31T10:00:00.000Z',
    ]);
    expect(await chargesOf(id)).toHaveLength(3);

    world.clock.set(new Date('2028-01-31T10:00:00Z'));
    const leap = await subscribe();
    expect((await periodOf(leap.id)).end).toBe('2028-02-29T10:00:00.000Z');
    world.clock.set(new Date('2028-02-29T10:00:00Z'));
    await drain(queue);
    expect(await periodOf(leap.id)).toMatchObject({
      start: '2028-02-29T10:00:00.000Z',
      end: '2028-03-31T10:00:00.000Z',
      cycles: 1,
    });
  });

  it('a daylight-saving change moves no renewal: periods are counted in UTC whatever the zone', async () => {
    const zone = process.env.TZ;
    // The machine in New York, where clocks spring forward on Mar 8 and fall back on Nov 1, 2026.
    process.env.TZ = 'America/New_York';
    try {
      world.clock.set(new Date('2026-03-01T15:00:00Z'));
      const fourWeeks = await subscribe('price_bloodwise_4_weeks');
      world.clock.set(new Date('2026-10-15T14:00:00Z'));
      const monthly = await subscribe();
      const queue = runner();
      expect((await periodOf(fourWeeks.id)).end).toBe('2026-03-29T15:00:00.000Z');

      // Not an hour early: due at the instant 28 × 24 hours later.
      world.clock.set(new Date('2026-03-29T14:59:59Z'));
      await drain(queue);
      expect(await chargesOf(fourWeeks.id)).toEqual([]);
      world.clock.set(new Date('2026-03-29T15:00:00Z'));
      await drain(queue);
      expect(await periodOf(fourWeeks.id)).toMatchObject({
        start: '2026-03-29T15:00:00.000Z',
        end: '2026-04-26T15:00:00.000Z',
        cycles: 1,
      });

      // A month across the autumn change keeps its UTC time of day.
      world.clock.set(new Date('2026-11-15T14:00:00Z'));
      await drain(queue);
      expect(await periodOf(monthly.id)).toMatchObject({
        start: '2026-11-15T14:00:00.000Z',
        end: '2026-12-15T14:00:00.000Z',
        cycles: 1,
      });
    } finally {
      process.env.TZ = zone;
    }
  });

  it('bills the renewals missed while the shop was down when it comes back, each once', async () => {
    const { id } = await subscribe();
    const queue = runner(world.database.handle);
    // Down from late January until April 2: the Feb 28 and Mar 31 renewals were missed.
    world.clock.set(new Date('2026-04-02T08:00:00Z'));
    await drain(queue);
    const renewals = await listRenewals(world.database.handle.db, id);
    expect(renewals.map((renewal) => [renewal.cycle, renewal.status])).toEqual([
      [1, 'succeeded'],
      [2, 'succeeded'],
    ]);
    expect(await chargesOf(id)).toHaveLength(2);
    expect((await ordersOf(id)).orders).toHaveLength(2);
    expect(await periodOf(id)).toMatchObject({ end: '2026-04-30T10:00:00.000Z', cycles: 2 });
  });

  it('two runners racing for the same renewal charge the card once', async () => {
    const { id } = await subscribe();
    const other =
      testBackend() === 'postgres' ? await world.database.openAnother() : world.database.handle;
    const [a, b] = [runner(world.database.handle), runner(other)];
    world.clock.set(new Date('2026-02-28T10:00:00Z'));
    const scheduled = await Promise.all([
      scheduleDueRenewals(schedulerDeps(), a),
      scheduleDueRenewals(depsFor(other, world.provider), b),
    ]);
    expect(scheduled[0]! + scheduled[1]!).toBe(1);
    await Promise.all([a.runDue(), b.runDue()]);

    // And the renewal itself, called twice at once around the queue, still moves money once.
    world.clock.set(new Date('2026-03-31T10:00:00Z'));
    const otherProvider = createTestPaymentProvider(other.db, { now: () => world.clock.now() });
    const outcomes = await Promise.all([
      renewSubscription(depsFor(world.database.handle, world.provider), id, 2),
      renewSubscription(depsFor(other, otherProvider), id, 2),
    ]);
    expect(outcomes.sort()).toEqual(['already-renewed', 'renewed']);

    expect(await chargesOf(id)).toHaveLength(2);
    expect((await ordersOf(id)).orders).toHaveLength(2);
    expect(await periodOf(id)).toMatchObject({ cycles: 2, end: '2026-04-30T10:00:00.000Z' });
  });

  it('a crash after the charge and before the order: after recovery, one charge and one renewal order', async () => {
    const { id } = await subscribe();
    let crashes = 1;
    // The process dies once right after the provider took the money, before anything is written.
    const crashing: PaymentProvider = {
      ...world.provider,
      async confirmCharge(chargeId, input) {
        const charge = await world.provider.confirmCharge(chargeId, input);
        if (crashes > 0) {
          crashes -= 1;
          throw new Error('process killed after the charge');
        }
        return charge;
      },
    };
    const queue = runner(world.database.handle, crashing);
    world.clock.set(new Date('2026-02-28T10:00:00Z'));
    await scheduleDueRenewals(schedulerDeps(), queue);
    expect(await queue.runDue()).toBe(1);

    expect(await chargesOf(id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect((await ordersOf(id)).orders).toEqual([]);
    expect(await listRenewals(world.database.handle.db, id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'pending', chargeId: expect.any(String) }),
    ]);

    // The job's retry comes after its backoff (at most a minute for the first failure).
    world.clock.advance(60_000);
    expect(await queue.runDue()).toBe(1);
    expect(await chargesOf(id)).toHaveLength(1);
    expect((await ordersOf(id)).orders).toHaveLength(1);
    expect(await listRenewals(world.database.handle.db, id)).toEqual([
      expect.objectContaining({ cycle: 1, status: 'succeeded', orderId: expect.any(String) }),
    ]);
    expect(await periodOf(id)).toMatchObject({ cycles: 1, end: '2026-03-31T10:00:00.000Z' });
  });

  it('queues every due subscription page by page, and a subscription not due yet waits', async () => {
    const due = [await subscribe(), await subscribe(), await subscribe()];
    world.clock.set(new Date('2026-02-10T00:00:00Z'));
    const later = await subscribe();
    const queue = runner(world.database.handle);
    world.clock.set(new Date('2026-03-01T00:00:00Z'));
    await world.database.handle.db.deleteFrom('jobs').execute();
    // Subscriptions made by earlier tests may be due too: count only this test's.
    expect(await scheduleDueRenewals(schedulerDeps(), queue, 1)).toBeGreaterThanOrEqual(3);
    const jobs = await world.database.handle.db
      .selectFrom('jobs')
      .select('singleton_key')
      .execute();
    const keys = jobs.map((job) => job.singleton_key);
    for (const subscription of due) expect(keys).toContain(`subscription:${subscription.id}`);
    expect(keys).not.toContain(`subscription:${later.id}`);

    const scheduler = createRenewalScheduler(schedulerDeps(), queue, {
      intervalMs: 60_000,
    });
    expect(await scheduler.runOnce()).toBe(0);
    await queue.runDue();
    for (const subscription of due) expect(await chargesOf(subscription.id)).toHaveLength(1);
    expect(await chargesOf(later.id)).toEqual([]);
  });
});

// What the minute-by-minute scheduler missed is found: the daily sweep reports and requeues an
// active subscription past its period without a settled renewal and ends a hard-declined one
// whose recovery window is over; a dead renewal job does not hold its subscription for ever.
import { writeShopSetting } from '../../../src/repositories/shop-settings-repository';
import {
  DEAD_RENEWAL_RETRY_MS,
  renewSubscriptionJob,
} from '../../../src/services/subscriptions/renew-subscription';
import {
  retryRenewalNow,
  scheduleDueRenewals,
} from '../../../src/services/subscriptions/renewal-scheduler';
import type { PaymentProvider } from '../../../src/services/payments/payment-provider';
import {
  createSweepScheduler,
  queueDailySweep,
  sweepSubscriptionsJob,
} from '../../../src/services/subscriptions/renewal-sweep';
import { seedStripeSubscription } from '../../helpers/billed-subscriptions';
import { DUNNING_SETTING_KEY } from '../../../src/services/subscriptions/subscription-settings';
import { useRenewalWorld } from '../../helpers/renewals';

describe('the daily sweep and dead renewal jobs', () => {
  const world = useRenewalWorld('2026-01-31T10:00:00Z');
  const at = (iso: string) => world.clock.set(new Date(iso));
  const db = () => world.database.handle.db;

  beforeEach(async () => {
    await db().deleteFrom('jobs').execute();
  });

  /** The note the sweep of March 2 writes for a first cycle due since Feb 28 with no ledger row. */
  const firstCycleOverdue = {
    actor: 'system',
    action: 'overdue-found',
    detail: expect.objectContaining({
      day: '2026-03-02',
      cycle: 1,
      periodEnd: '2026-02-28T10:00:00.000Z',
      ledger: 'none',
    }),
  };

  async function sweepJobs() {
    return db()
      .selectFrom('jobs')
      .select(['job_key', 'status'])
      .where('kind', '=', sweepSubscriptionsJob.name)
      .orderBy('job_key', 'asc')
      .execute();
  }

  it('runs once per shop-clock day, whichever instance queues it', async () => {
    const queue = world.runner(undefined, undefined, { sweeps: true });
    at('2026-03-05T08:00:00Z');
    await Promise.all([
      scheduleDueRenewals(world.deps(), queue),
      queueDailySweep(db(), queue, world.clock.now()),
    ]);
    await queue.runDue();
    at('2026-03-05T23:00:00Z');
    await queueDailySweep(db(), queue, world.clock.now());
    at('2026-03-06T00:30:00Z');
    await queueDailySweep(db(), queue, world.clock.now());
    expect(await sweepJobs()).toEqual([
      { job_key: 'subscriptions:sweep:2026-03-05', status: 'completed' },
      { job_key: 'subscriptions:sweep:2026-03-06', status: 'queued' },
    ]);
  });

  it('reports an active subscription past its period with no renewal, and renews it', async () => {
    const { id } = await world.subscribe();
    const queue = world.runner(undefined, undefined, { sweeps: true });
    // Its renewal job was lost: due since Feb 28, and nothing in the ledger.
    at('2026-03-02T10:00:00Z');
    await queueDailySweep(db(), queue, world.clock.now());
    await queue.runDue();
    // The renewal the sweep queued runs in the runner's next pass.
    await queue.runDue();

    const changes = await world.changesOf(id);
    expect(changes).toEqual([firstCycleOverdue]);
    expect(await world.ledgerOf(id)).toEqual([[1, 'succeeded', 1]]);
    expect(await world.chargesOf(id)).toHaveLength(1);
  });

  it('runs on a Stripe shop too: reports a Stripe plan a day past its period without its paid invoice, and renews nothing', async () => {
    at('2026-01-31T10:00:00Z');
    const shopBilled = await world.subscribe();
    const billed = await seedStripeSubscription(db(), {
      periodStart: new Date('2026-01-31T10:00:00Z'),
      periodEnd: new Date('2026-02-28T10:00:00Z'),
    });
    // The shop runs on Stripe: its scheduler asks for the sweep (once a day), no renewal runs.
    const stripeShop = { name: 'stripe' } as PaymentProvider;
    const queue = world.runner(undefined, stripeShop, { sweeps: true });
    const sweeps = createSweepScheduler(world.deps(undefined, stripeShop), queue, {
      intervalMs: 60_000,
    });
    const overdueNotes = async (id: string) =>
      (await world.changesOf(id)).filter((change) => change.action === 'overdue-found');

    // Within Stripe's grace (its invoice is finalized about an hour after the period ends).
    at('2026-03-01T08:00:00Z');
    expect(await sweeps.runOnce()).toBe(1);
    expect(await sweeps.runOnce()).toBe(0);
    await queue.runDue();
    expect(await overdueNotes(billed.id)).toEqual([]);
    // The built-in provider's plan is reported, but not renewed by a shop that no longer bills it.
    expect(await overdueNotes(shopBilled.id)).toHaveLength(1);

    at('2026-03-02T08:00:00Z');
    expect(await sweeps.runOnce()).toBe(1);
    await queue.runDue();
    expect(await overdueNotes(billed.id)).toEqual([firstCycleOverdue]);
    expect(await world.ledgerOf(billed.id)).toEqual([]);
    expect(await world.ledgerOf(shopBilled.id)).toEqual([]);
    const renewalJobs = await db()
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', renewSubscriptionJob.name)
      .execute();
    expect(renewalJobs).toEqual([]);
  });

  it('ends a hard-declined subscription nobody fixed once its recovery window is over', async () => {
    await writeShopSetting(
      db(),
      DUNNING_SETTING_KEY,
      { endAction: 'cancel', retryDays: [1, 3] },
      new Date(),
    );
    try {
      const { id, email, paymentMethodId } = await world.subscribe();
      await world.cardBehaves(paymentMethodId, 'stolen_card');
      const queue = world.runner(undefined, undefined, { sweeps: true });
      at('2026-02-28T10:00:00Z');
      await world.drain(queue);
      expect(await world.periodOf(id)).toMatchObject({ status: 'past_due', nextRetryAt: null });

      at('2026-03-02T12:00:00Z');
      await queueDailySweep(db(), queue, world.clock.now());
      await queue.runDue();
      expect(await world.periodOf(id)).toMatchObject({ status: 'past_due' });

      at('2026-03-03T12:00:00Z');
      await queueDailySweep(db(), queue, world.clock.now());
      await queue.runDue();
      expect(await world.periodOf(id)).toMatchObject({ status: 'canceled' });
      expect((await world.mailsTo(email)).at(-1)!.subject).toContain('was cancelled');
      expect(await world.chargesOf(id)).toHaveLength(1);
    } finally {
      await db().deleteFrom('shop_settings').execute();
    }
  });

  it('a dead renewal job holds its cycle for a day, then the scheduler queues a fresh try', async () => {
    const { id } = await world.subscribe();
    const queue = world.runner();
    at('2026-02-28T10:00:00Z');
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(1);
    // Its tries ran out while the provider was down.
    await db()
      .updateTable('jobs')
      .set({ status: 'dead', finished_at: world.clock.now(), last_error: 'provider down' })
      .where('kind', '=', renewSubscriptionJob.name)
      .execute();

    world.clock.advance(DEAD_RENEWAL_RETRY_MS - 60_000);
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(0);
    world.clock.advance(60_000);
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(1);
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(0);
    await queue.runDue();
    expect(await world.ledgerOf(id)).toEqual([[1, 'succeeded', 1]]);
    const keys = await db()
      .selectFrom('jobs')
      .select(['job_key', 'status'])
      .where('kind', '=', renewSubscriptionJob.name)
      .orderBy('id', 'asc')
      .execute();
    expect(keys).toEqual([
      { job_key: `renewal:${id}:1:job`, status: 'dead' },
      {
        job_key: expect.stringMatching(new RegExp(`^renewal:${id}:1:job:after-\\d+$`)),
        status: 'completed',
      },
    ]);
  });

  it("the operator's retry queues a fresh try at once past a dead job", async () => {
    const { id } = await world.subscribe();
    const queue = world.runner();
    at('2026-02-28T10:00:00Z');
    await scheduleDueRenewals(world.deps(), queue);
    await db()
      .updateTable('jobs')
      .set({ status: 'dead', finished_at: world.clock.now() })
      .where('kind', '=', renewSubscriptionJob.name)
      .execute();
    expect(await scheduleDueRenewals(world.deps(), queue)).toBe(0);

    expect(await retryRenewalNow(world.deps(), queue, id)).toEqual({
      queued: true,
      status: 'active',
    });
    await queue.runDue();
    expect(await world.ledgerOf(id)).toEqual([[1, 'succeeded', 1]]);
    expect(await world.chargesOf(id)).toHaveLength(1);
  });
});

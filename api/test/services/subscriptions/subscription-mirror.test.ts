// Each change the shop records is mirrored to the billing side by a job queued with the change:
// none for the built-in provider; under Stripe one per change, keyed by the change, retried while
// Stripe's subscription does not exist yet or Stripe fails, in the order the changes were made,
// and dead where operators see it once its tries run out.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { createManualClock } from '../../../src/lib/clock';
import { findJob } from '../../../src/repositories/jobs-repository';
import { BillingNotStartedError } from '../../../src/services/payments/stripe-provider/stripe-subscription-billing';
import type {
  BilledSubscription,
  SubscriptionBilling,
  SubscriptionChange,
} from '../../../src/services/subscriptions/subscription-billing';
import { mirrorJob } from '../../../src/services/subscriptions/subscription-mirror';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { advanceShopClock } from '../../helpers/clock';
import { operatorSession } from '../../helpers/operators';
import { subscribedAccount, subscriptionPath } from '../../helpers/subscriptions';

const T0 = new Date('2026-03-10T09:00:00Z');

interface Mirrored {
  subscriptionId: string;
  changeId: number;
  change: SubscriptionChange;
  priceId: string;
}

describe('mirroring subscription changes', () => {
  let t: TestApp;
  let operator: string;
  const mirrored: Mirrored[] = [];
  let stripeDown = false;
  const billing: SubscriptionBilling = {
    start: async () => {},
    async mirror(subscription: BilledSubscription, change, changeId) {
      if (!subscription.providerSubscriptionId) throw new BillingNotStartedError(subscription.id);
      if (stripeDown) throw new Error('Stripe answered 500');
      mirrored.push({
        subscriptionId: subscription.id,
        changeId: Number(changeId),
        change,
        priceId: subscription.priceId,
      });
    },
    invoicePayment: async () => null,
  };

  beforeAll(async () => {
    t = await buildTestApp({
      app: { clockBase: createManualClock(T0), subscriptionBilling: billing },
    });
    operator = await operatorSession(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    mirrored.length = 0;
    stripeDown = false;
  });

  const mirrorJobsOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', mirrorJob.name)
        .orderBy('id')
        .execute()
    ).filter((job) => (job.payload as { subscriptionId: string }).subscriptionId === id);

  const changeIdsOf = async (id: string) =>
    (
      await t.app.db
        .selectFrom('subscription_changes')
        .select('id')
        .where('subscription_id', '=', id)
        .orderBy('id')
        .execute()
    ).map((row) => Number(row.id));

  /** A plan bought at checkout, then billed by Stripe (its Stripe subscription not started yet). */
  async function stripePlan(label: string) {
    const plan = await subscribedAccount(t, label);
    await t.app.db
      .updateTable('payment_subscriptions')
      .set({ provider: 'stripe', provider_subscription_id: null })
      .where('id', '=', plan.id)
      .execute();
    return plan;
  }

  /** Moves the shop clock past the retries' backoff and runs what is due, until `done`. */
  async function retryUntil(done: () => Promise<boolean>, step = '1h') {
    for (let round = 0; round < 40; round += 1) {
      if (await done()) return;
      await advanceShopClock(t, step);
      await t.app.jobs.runDue();
    }
    throw new Error('The awaited state never came');
  }

  it('queues nothing for the built-in provider (its renewal job reads our record)', async () => {
    const { subscriber, id } = await subscribedAccount(t, 'mirror-test');
    const skipped = await subscriber.inject({
      method: 'POST',
      url: subscriptionPath(API_PATHS.accountSubscriptionSkip, id),
    });
    expect(skipped.statusCode).toBe(200);
    expect(await mirrorJobsOf(id)).toEqual([]);
  });

  it('mirrors a Stripe plan’s changes once its Stripe subscription exists, in the order they were made', async () => {
    const { subscriber, id } = await stripePlan('mirror-order');
    const send = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      subscriber.inject({ method, url, ...(payload ? { payload } : {}) });
    const skip = subscriptionPath(API_PATHS.accountSubscriptionSkip, id);
    expect((await send('POST', skip)).statusCode).toBe(200);
    expect((await send('DELETE', skip)).statusCode).toBe(200);
    const interval = await send(
      'POST',
      subscriptionPath(API_PATHS.accountSubscriptionInterval, id),
      {
        lookupKey: 'bloodwise_quarterly',
        expectedNextRenewalAmount: 12_900,
      },
    );
    expect(interval.statusCode).toBe(200);
    const cancel = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsSubscriptionCancel, { id }),
      payload: { when: 'period-end', reason: 'Asked by phone' },
      headers: { cookie: operator },
    });
    expect(cancel.statusCode).toBe(200);

    const changeIds = await changeIdsOf(id);
    expect(changeIds).toHaveLength(4);
    const jobs = await mirrorJobsOf(id);
    expect(jobs.map((job) => job.job_key)).toEqual(
      changeIds.map((changeId) => `subscription-change:${changeId}:mirror`),
    );

    // Stripe's subscription does not exist yet: the first waits for it, the later ones for the first.
    await t.app.jobs.runDue();
    expect(mirrored).toEqual([]);
    const [first, ...later] = await mirrorJobsOf(id);
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first!.last_error).toMatch(/^BillingNotStartedError/);
    for (const job of later) expect(job.last_error).toMatch(/^EarlierMirrorPendingError/);

    await t.app.db
      .updateTable('payment_subscriptions')
      .set({ provider_subscription_id: 'sub_stripe_order' })
      .where('id', '=', id)
      .execute();
    await retryUntil(async () => mirrored.length === 4, '10m');

    expect(mirrored.map((entry) => [entry.changeId, entry.change.type])).toEqual([
      [changeIds[0], 'skip'],
      [changeIds[1], 'unskip'],
      [changeIds[2], 'interval'],
      [changeIds[3], 'cancel-at-period-end'],
    ]);
    // The running period keeps the price the plan had; the change names the new one.
    const monthly = await t.app.db
      .selectFrom('prices')
      .select('id')
      .where('lookup_key', '=', 'bloodwise_monthly')
      .executeTakeFirstOrThrow();
    expect(mirrored[2]).toMatchObject({
      priceId: monthly.id,
      change: { type: 'interval', priceId: expect.not.stringMatching(monthly.id) },
    });
    expect((await mirrorJobsOf(id)).map((job) => job.status)).toEqual(Array(4).fill('completed'));
  });

  it('gives up after its tries (dead, on the operator’s job list) and holds later changes back until it is requeued', async () => {
    const { subscriber, id } = await stripePlan('mirror-dead');
    await t.app.db
      .updateTable('payment_subscriptions')
      .set({ provider_subscription_id: 'sub_stripe_dead' })
      .where('id', '=', id)
      .execute();
    stripeDown = true;
    const skip = subscriptionPath(API_PATHS.accountSubscriptionSkip, id);
    expect((await subscriber.inject({ method: 'POST', url: skip })).statusCode).toBe(200);
    const [job] = await mirrorJobsOf(id);
    await retryUntil(
      async () => (await findJob(t.app.db, Number(job!.id)))?.status === 'dead',
      '7h',
    );
    expect(await findJob(t.app.db, Number(job!.id))).toMatchObject({
      attempts: mirrorJob.maxAttempts,
      lastError: 'Error: Stripe answered 500',
    });
    const dead = await t.inject({
      method: 'GET',
      url: `${API_PATHS.opsJobs}?state=dead`,
      headers: { cookie: operator },
    });
    expect(dead.json().jobs).toContainEqual(
      expect.objectContaining({ id: Number(job!.id), kind: 'subscription.mirror' }),
    );

    // Stripe is back; a later change waits for the dead one, which the operator requeues.
    stripeDown = false;
    expect((await subscriber.inject({ method: 'DELETE', url: skip })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(mirrored).toEqual([]);
    const requeued = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsJobRetry, { id: String(job!.id) }),
      headers: { cookie: operator },
      payload: {},
    });
    expect(requeued.statusCode).toBe(200);
    await retryUntil(async () => mirrored.length === 2, '10m');
    expect(mirrored.map((entry) => entry.change.type)).toEqual(['skip', 'unskip']);
  });
});

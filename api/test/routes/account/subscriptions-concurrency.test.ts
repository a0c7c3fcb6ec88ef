// Changes that meet: two tabs cancelling at once, a cancel and a pause at once, and a cancel while
// the renewal of the same subscription runs. Each change takes the subscription's row lock first,
// so every race ends in one state its logged changes explain, with at most one charge.
import { API_PATHS } from '@shop/shared/contract/paths';
import { createManualClock } from '../../../src/lib/clock';
import { listOutbox } from '../../../src/repositories/outbox-repository';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import {
  renewSubscription,
  type RenewalDeps,
} from '../../../src/services/subscriptions/renew-subscription';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { changeActionsOf, subscribedAccount, subscriptionPath } from '../../helpers/subscriptions';

const T0 = new Date('2026-03-10T09:00:00Z');
const MONTH_LATER = new Date('2026-04-10T09:00:00Z');

describe('subscription changes that meet', () => {
  let t: TestApp;
  const base = createManualClock(T0);

  beforeAll(async () => {
    t = await buildTestApp({ app: { clockBase: base } });
  });
  afterAll(() => t.close());
  afterEach(() => base.set(T0));

  const subscribed = (label: string) => subscribedAccount(t, label);

  const rowOf = (id: string) =>
    t.app.db
      .selectFrom('payment_subscriptions')
      .select(['status', 'cancel_at_period_end', 'paused_until', 'renewed_cycles'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  const actionsOf = (id: string) => changeActionsOf(t, id);

  const mailsTo = async (email: string, subject: RegExp) =>
    (await listOutbox(t.app.db, email)).filter((mail) => subject.test(mail.subject)).length;

  const renewalCharges = (id: string) =>
    t.app.db
      .selectFrom('payment_charges')
      .select(['id', 'status'])
      .where('idempotency_key', 'like', `renewal:${id}:%`)
      .where('status', '=', 'succeeded')
      .execute();

  it('two cancels at once: both answered, one change, one mail', async () => {
    const { subscriber, id } = await subscribed('two-tabs');
    const url = subscriptionPath(API_PATHS.accountSubscriptionCancel, id);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => subscriber.inject({ method: 'POST', url, payload: {} })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    for (const response of responses)
      expect(response.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(await actionsOf(id)).toEqual(['cancel']);
    expect(await mailsTo(subscriber.email, /is cancelled/)).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('a cancel and a pause at once: the state is what the logged changes say, in their order', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { subscriber, id } = await subscribed(`cancel-pause-${round}`);
      const [cancel, pause] = await Promise.all([
        subscriber.inject({
          method: 'POST',
          url: subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
          payload: {},
        }),
        subscriber.inject({
          method: 'POST',
          url: subscriptionPath(API_PATHS.accountSubscriptionPause, id),
          payload: { until: '2026-05-01T00:00:00Z' },
        }),
      ]);
      expect(cancel.statusCode).toBe(200);
      const actions = await actionsOf(id);
      const row = await rowOf(id);
      if (pause.statusCode === 200) {
        // Paused first, then cancelled: it ends at the period's end, paused until then.
        expect(actions).toEqual(['pause', 'cancel']);
        expect(row).toMatchObject({ status: 'paused', cancel_at_period_end: true });
      } else {
        // Cancelled first: a plan that is ending is not paused (keep it first).
        expect(pause.statusCode).toBe(409);
        expect(actions).toEqual(['cancel']);
        expect(row).toMatchObject({
          status: 'active',
          cancel_at_period_end: true,
          paused_until: null,
        });
      }
    }
  });

  function renewalDeps(): RenewalDeps {
    return {
      db: t.app.db,
      provider: t.app.paymentProvider,
      mail: t.app.mailQueue,
      clock: t.app.clock,
      returnUrl: `${t.config.publicOrigin}/account`,
      shopUrl: t.config.publicOrigin,
    };
  }

  /** One state the charges, the ledger and the changes all agree on. */
  async function expectConsistent(id: string) {
    const charges = await renewalCharges(id);
    const ledger = await listRenewals(t.app.db, id);
    const row = await rowOf(id);
    expect(charges.length).toBeLessThanOrEqual(1);
    expect(ledger.filter((renewal) => renewal.status === 'succeeded')).toHaveLength(charges.length);
    expect(row.renewed_cycles).toBe(charges.length);
    expect(row.cancel_at_period_end || row.status === 'canceled').toBe(true);
    // Charged: the renewed month runs to its end and then stops; not charged: it ended unrenewed.
    expect(row.status).toBe(charges.length === 1 ? 'active' : 'canceled');
    return charges.length;
  }

  it('a cancel that lands before the renewal: the plan ends unrenewed, nothing is charged', async () => {
    const { subscriber, id } = await subscribed('cancel-first');
    const cancel = await subscriber.inject({
      method: 'POST',
      url: subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
      payload: { reason: 'not-using' },
    });
    expect(cancel.statusCode).toBe(200);
    base.set(MONTH_LATER);
    expect(await renewSubscription(renewalDeps(), id, 1)).toMatch(/ended|canceled/);
    expect(await expectConsistent(id)).toBe(0);
    // Ended stays ended: a retried job, and the subscriber, change nothing.
    await renewSubscription(renewalDeps(), id, 1);
    const keep = await subscriber.inject({
      method: 'POST',
      url: subscriptionPath(API_PATHS.accountSubscriptionKeep, id),
    });
    expect(keep.statusCode).toBe(409);
    expect(await rowOf(id)).toMatchObject({ status: 'canceled' });
  });

  it('a cancel queued behind a held row lock, then racing the renewal: at most one charge, one consistent end', async () => {
    const { subscriber, id } = await subscribed('renewal-first');
    base.set(MONTH_LATER);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // Another writer (an operator, the engine) holds the row lock while the subscriber cancels.
    const holder = t.app.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('payment_subscriptions')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .execute();
      locked();
      await held;
    });
    await lockTaken;
    const cancel = subscriber.inject({
      method: 'POST',
      url: subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
      payload: {},
    });
    release();
    await holder;
    const [response, outcome] = await Promise.all([
      cancel,
      renewSubscription(renewalDeps(), id, 1),
    ]);
    expect(response.statusCode).toBe(200);
    expect(['renewed', 'ended', 'canceled']).toContain(outcome);
    await expectConsistent(id);
  });

  it('cancels racing renewals of the same subscription: at most one charge each, always consistent', async () => {
    const subscriptions = [];
    for (let round = 0; round < 4; round += 1)
      subscriptions.push(await subscribed(`race-${round}`));
    base.set(MONTH_LATER);
    await Promise.all(
      subscriptions.flatMap(({ subscriber, id }) => [
        renewSubscription(renewalDeps(), id, 1),
        subscriber.inject({
          method: 'POST',
          url: subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
          payload: {},
        }),
        renewSubscription(renewalDeps(), id, 1),
      ]),
    );
    for (const { id } of subscriptions) {
      // Whatever the order, a second pass of the cycle changes nothing.
      await renewSubscription(renewalDeps(), id, 1);
      await expectConsistent(id);
    }
  });

  it('a cancel after the charge was taken but before it was recorded: the paid renewal is kept, then the plan ends', async () => {
    const { subscriber, id } = await subscribed('crash-then-cancel');
    base.set(MONTH_LATER);
    // The runner dies right after the provider took the money, before anything is written.
    const crashing: RenewalDeps = {
      ...renewalDeps(),
      provider: {
        ...t.app.paymentProvider,
        async confirmCharge(chargeId, input) {
          await t.app.paymentProvider.confirmCharge(chargeId, input);
          throw new Error('process killed after the charge');
        },
      },
    };
    await expect(renewSubscription(crashing, id, 1)).rejects.toThrow('process killed');
    expect(await renewalCharges(id)).toHaveLength(1);

    const cancel = await subscriber.inject({
      method: 'POST',
      url: subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
      payload: {},
    });
    // The subscriber is told the truth: the renewal already paid runs to its end.
    expect(cancel.json()).toMatchObject({ cancelAtPeriodEnd: true });
    const [mail] = (await listOutbox(t.app.db, subscriber.email)).filter((message) =>
      /is cancelled/.test(message.subject),
    );
    expect(mail!.text).toContain('May 10, 2026');

    // The job's retry finishes the paid cycle instead of dropping it.
    await renewSubscription(renewalDeps(), id, 1);
    expect(await expectConsistent(id)).toBe(1);
    const [renewal] = await listRenewals(t.app.db, id);
    expect(renewal).toMatchObject({ cycle: 1, status: 'succeeded', orderId: expect.any(String) });
  });
});

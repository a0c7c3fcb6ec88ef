// Each change a subscriber makes: pause until a date (checked against the shop clock) and resume,
// skip the next kit and undo it, switch interval after a preview, charge another card (a past-due
// plan is then tried again at once), and an ended subscription that never changes again.
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import { createManualClock } from '../../../src/lib/clock';
import { listOutbox } from '../../../src/repositories/outbox-repository';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import { latestMailTo } from '../../helpers/accounts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { advanceShopClock } from '../../helpers/clock';
import {
  changeActionsOf,
  runJobsUntil,
  subscribedAccount,
  type Subscriber,
  subscriptionPath,
} from '../../helpers/subscriptions';

const T0 = new Date('2026-03-10T09:00:00Z');

describe('the changes a subscriber makes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ app: { clockBase: createManualClock(T0) } });
  });
  afterAll(() => t.close());

  const subscribed = (label: string) => subscribedAccount(t, label);

  const actionsOf = (id: string) => changeActionsOf(t, id);

  const send = (
    subscriber: Subscriber,
    method: 'POST' | 'DELETE' | 'PUT' | 'GET',
    url: string,
    payload?: object,
  ) => subscriber.inject({ method, url, ...(payload ? { payload } : {}) });

  const until = <T>(look: () => Promise<T>, done: (value: T) => boolean) =>
    runJobsUntil(t, look, done);

  it('pauses until a date from tomorrow to a year ahead (422 otherwise) and resumes', async () => {
    const { subscriber, id } = await subscribed('pause');
    const pause = subscriptionPath(API_PATHS.accountSubscriptionPause, id);
    for (const until of ['2026-03-10T23:00:00Z', '2026-03-01', '2027-03-11T09:00:01Z', 'soon']) {
      const refused = await send(subscriber, 'POST', pause, { until });
      expect({ until, status: refused.statusCode }).toEqual({ until, status: 422 });
      expect(refused.json()).toMatchObject({
        error: { code: 'VALIDATION_ERROR', fields: { until: expect.any(String) } },
      });
    }
    expect(await actionsOf(id)).toEqual([]);

    const paused = await send(subscriber, 'POST', pause, { until: '2026-06-01T00:00:00Z' });
    expect(paused.statusCode).toBe(200);
    // April 10 and May 10 fall in the pause; June 10 is the first renewal on or after June 1.
    expect(paused.json()).toMatchObject({
      status: 'paused',
      pausedUntil: '2026-06-01T00:00:00.000Z',
      nextRenewal: { at: '2026-06-10T09:00:00.000Z', cycle: 3, amount: 9_900 },
      actions: { pause: false, resume: true, skip: false, cancel: true },
    });
    const mail = await latestMailTo(t, subscriber.email);
    expect(mail.subject).toBe('Your Bloodwise Monthly subscription is paused until June 1, 2026');
    expect(mail.text).toContain('June 10, 2026 for $99.00');

    const resumed = await send(
      subscriber,
      'POST',
      subscriptionPath(API_PATHS.accountSubscriptionResume, id),
    );
    expect(resumed.json()).toMatchObject({
      status: 'active',
      pausedUntil: null,
      nextRenewal: { at: '2026-04-10T09:00:00.000Z', cycle: 1 },
    });
    expect((await latestMailTo(t, subscriber.email)).subject).toMatch(/active again/);
    expect(await actionsOf(id)).toEqual(['pause', 'resume']);
    // Resuming what runs already changes nothing.
    await send(subscriber, 'POST', subscriptionPath(API_PATHS.accountSubscriptionResume, id));
    expect(await actionsOf(id)).toEqual(['pause', 'resume']);
  });

  it('skips the next kit (only that one) and undoes the skip', async () => {
    const { subscriber, id } = await subscribed('skip');
    const skip = subscriptionPath(API_PATHS.accountSubscriptionSkip, id);
    const skipped = await send(subscriber, 'POST', skip);
    expect(skipped.json()).toMatchObject({
      skippedRenewalAt: '2026-04-10T09:00:00.000Z',
      nextRenewal: { at: '2026-05-10T09:00:00.000Z', cycle: 2 },
      actions: { skip: false, unskip: true },
    });
    expect((await latestMailTo(t, subscriber.email)).text).toContain(
      'The renewal of April 10, 2026 is skipped',
    );
    const row = await t.app.db
      .selectFrom('payment_subscriptions')
      .select('skipped_cycle')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.skipped_cycle).toBe(1);
    // Asking again in another tab changes nothing.
    expect((await send(subscriber, 'POST', skip)).statusCode).toBe(200);

    const undone = await send(subscriber, 'DELETE', skip);
    expect(undone.json()).toMatchObject({
      skippedRenewalAt: null,
      nextRenewal: { at: '2026-04-10T09:00:00.000Z', cycle: 1 },
      actions: { skip: true, unskip: false },
    });
    expect((await latestMailTo(t, subscriber.email)).subject).toMatch(/back on/);
    expect(await actionsOf(id)).toEqual(['skip', 'unskip']);
  });

  it('previews an interval change, refuses a moved price (409) and switches at the next renewal', async () => {
    const { subscriber, id } = await subscribed('interval');
    const interval = subscriptionPath(API_PATHS.accountSubscriptionInterval, id);
    const preview = await send(subscriber, 'GET', `${interval}?lookupKey=bloodwise_quarterly`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      lookupKey: 'bloodwise_quarterly',
      interval: 'month',
      intervalCount: 3,
      dueNow: 0,
      nextRenewalAt: '2026-04-10T09:00:00.000Z',
      nextRenewalAmount: 12_900,
      currency: 'usd',
    });
    for (const lookupKey of ['heart_metabolic_program', 'bloodwise_kit_one_time', 'nope']) {
      const refused = await send(subscriber, 'GET', `${interval}?lookupKey=${lookupKey}`);
      expect({ lookupKey, status: refused.statusCode }).toEqual({ lookupKey, status: 422 });
    }

    const moved = await send(subscriber, 'POST', interval, {
      lookupKey: 'bloodwise_quarterly',
      expectedNextRenewalAmount: 9_900,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('CONFLICT');

    const changed = await send(subscriber, 'POST', interval, {
      lookupKey: 'bloodwise_quarterly',
      expectedNextRenewalAmount: 12_900,
    });
    expect(changed.statusCode).toBe(200);
    const body: SubscriptionDetail = changed.json();
    expect(body).toMatchObject({
      lookupKey: 'bloodwise_quarterly',
      intervalCount: 3,
      // The paid month runs out as bought; the quarterly price is charged from its end.
      currentPeriodEnd: '2026-04-10T09:00:00.000Z',
      nextRenewal: { at: '2026-04-10T09:00:00.000Z', amount: 12_900, cycle: 1 },
    });
    const row = await t.app.db
      .selectFrom('payment_subscriptions')
      .select(['price_id', 'billing_anchor', 'anchor_cycle'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.price_id).toBe('price_bloodwise_quarterly');
    expect(new Date(row.billing_anchor).toISOString()).toBe('2026-04-10T09:00:00.000Z');
    expect(row.anchor_cycle).toBe(1);
    const mail = await latestMailTo(t, subscriber.email);
    expect(mail.subject).toBe('Your Bloodwise Monthly subscription will renew every 3 months');
    expect(mail.text).toContain(
      'From April 10, 2026 your subscription renews every 3 months as Bloodwise Quarterly, for $129.00 each time. Nothing is charged today.',
    );

    // The history says it in words, names the order as it was bought, and leaves out the shop's
    // own notes (a sweep's finding stays in the operator's change log).
    await t.app.db
      .insertInto('subscription_changes')
      .values({
        subscription_id: id,
        actor: 'system',
        action: 'overdue-found',
        detail: JSON.stringify({ cycle: 1 }),
        created_at: T0,
      })
      .execute();
    const history = await send(
      subscriber,
      'GET',
      subscriptionPath(API_PATHS.accountSubscriptionHistory, id),
    );
    expect(history.json().entries.map((entry: { label: string }) => entry.label)).toEqual([
      'Now renews every 3 months from April 10, 2026',
      'Order: Bloodwise Monthly',
    ]);
  });

  it('charges renewals to another saved card; a past-due plan is tried again with it at once', async () => {
    const { subscriber, id } = await subscribed('card');
    const card = subscriptionPath(API_PATHS.accountSubscriptionCard, id);
    // Not a card of the subscriber's: as if it did not exist.
    expect((await send(subscriber, 'PUT', card, { paymentMethodId: 'pm_nope' })).statusCode).toBe(
      404,
    );
    // The bank now refuses the card on file: the renewal is declined and the plan past due.
    const { payment_method_id: first } = await t.app.db
      .selectFrom('payment_subscriptions')
      .select('payment_method_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('payment_methods')
      .set({ test_behaviour: 'decline' })
      .where('id', '=', first!)
      .execute();
    await advanceShopClock(t, '32d');
    const pastDue = await until(
      async () =>
        (await send(subscriber, 'GET', subscriptionPath(API_PATHS.accountSubscription, id))).json(),
      (detail: SubscriptionDetail) => detail.status === 'past_due',
    );
    expect(pastDue.recovery).toMatchObject({ failedAttempts: 1 });
    // A pause is no way out of paying.
    const pause = await send(
      subscriber,
      'POST',
      subscriptionPath(API_PATHS.accountSubscriptionPause, id),
      {
        until: '2026-06-01T00:00:00Z',
      },
    );
    expect(pause.statusCode).toBe(409);

    const added = await send(subscriber, 'POST', API_PATHS.paymentMethods, {
      token: 'tok_fixture_succeeds',
      makeDefault: false,
    });
    expect(added.statusCode).toBe(201);
    const fresh = added
      .json()
      .paymentMethodsAndAddresses.paymentMethods.find(
        (method: { id: string }) => method.id !== first,
      );
    const updated = await send(subscriber, 'PUT', card, { paymentMethodId: fresh.id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().paymentMethod).toMatchObject({ id: fresh.id });
    expect(await actionsOf(id)).toContain('card');
    const cardMails = (await listOutbox(t.app.db, subscriber.email)).filter(
      (mail) => mail.subject === 'The card for your Bloodwise Monthly subscription changed',
    );
    expect(cardMails).toHaveLength(1);
    expect(cardMails[0]!.text).toContain(`•••• ${fresh.last4}`);

    const renewed = await until(
      async () =>
        (await send(subscriber, 'GET', subscriptionPath(API_PATHS.accountSubscription, id))).json(),
      (detail: SubscriptionDetail) => detail.status === 'active',
    );
    expect(renewed).toMatchObject({
      recovery: null,
      currentPeriodStart: '2026-04-10T09:00:00.000Z',
    });
    const renewals = await listRenewals(t.app.db, id);
    expect(renewals.map((renewal) => renewal.status)).toEqual(['succeeded']);
  });

  it('ends a past-due plan at once when asked, and an ended plan never changes again (409)', async () => {
    const { subscriber, id } = await subscribed('ended');
    await t.app.db
      .updateTable('payment_subscriptions')
      .set({ status: 'past_due', failed_attempts: 1 })
      .where('id', '=', id)
      .execute();
    const ended = await send(
      subscriber,
      'POST',
      subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
      {
        immediately: true,
        reason: 'switching',
      },
    );
    expect(ended.json()).toMatchObject({
      status: 'canceled',
      canceledAt: expect.any(String),
      nextRenewal: null,
      actions: {
        cancel: false,
        keep: false,
        pause: false,
        resume: false,
        skip: false,
        unskip: false,
        changeInterval: false,
        updateCard: false,
      },
    });
    expect((await latestMailTo(t, subscriber.email)).subject).toMatch(/has ended/);
    const changes: [string, string, object?][] = [
      ['POST', API_PATHS.accountSubscriptionCancel, {}],
      ['POST', API_PATHS.accountSubscriptionKeep],
      ['POST', API_PATHS.accountSubscriptionPause, { until: '2026-06-01T00:00:00Z' }],
      ['POST', API_PATHS.accountSubscriptionResume],
      ['POST', API_PATHS.accountSubscriptionSkip],
      ['DELETE', API_PATHS.accountSubscriptionSkip],
      [
        'POST',
        API_PATHS.accountSubscriptionInterval,
        { lookupKey: 'bloodwise_quarterly', expectedNextRenewalAmount: 12_900 },
      ],
    ];
    for (const [method, path, payload] of changes) {
      const response = await send(
        subscriber,
        method as 'POST',
        subscriptionPath(path as typeof API_PATHS.accountSubscriptionCancel, id),
        payload,
      );
      expect({ path, method, status: response.statusCode }).toEqual({ path, method, status: 409 });
    }
    expect(await actionsOf(id)).toEqual(['cancel-now']);
  });
});

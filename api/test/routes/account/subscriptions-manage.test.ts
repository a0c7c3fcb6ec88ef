// The subscriber's own subscriptions: reading them, and every change a subscriber makes online,
// each confirmed by mail and logged; only the owner sees or changes one (anyone else: 404).
import { compareBillingPeriods } from '@shop/shared/catalog/recurring-interval';
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type {
  SubscriptionDetail,
  SubscriptionHistoryEntry,
} from '@shop/shared/contract/subscriptions';
import { createManualClock } from '../../../src/lib/clock';
import { listRenewals } from '../../../src/repositories/subscription-renewals-repository';
import { latestMailTo } from '../../helpers/accounts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { advanceShopClock } from '../../helpers/clock';
import { operatorSession } from '../../helpers/operators';
import {
  runJobsUntil,
  signedUpSubscriber,
  subscribedAccount,
  type Subscriber,
  subscriptionPath,
} from '../../helpers/subscriptions';

const T0 = new Date('2026-03-10T09:00:00Z');

describe('managing a subscription from the account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ app: { clockBase: createManualClock(T0) } });
  });
  afterAll(() => t.close());

  const subscribed = (label: string) => subscribedAccount(t, label);

  const changesOf = (id: string) =>
    t.app.db
      .selectFrom('subscription_changes')
      .select(['actor', 'action', 'detail'])
      .where('subscription_id', '=', id)
      .orderBy('id')
      .execute();

  const post = (subscriber: Subscriber, url: string, payload?: object) =>
    subscriber.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });

  it('leaves out a row that names a one-time price: only a recurring price makes a subscription', async () => {
    const { subscriber, id } = await subscribed('one-time');
    const row = await t.app.db
      .selectFrom('payment_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('payment_subscriptions')
      .values({
        id: `sub_one_time_${randomUUID().slice(0, 8)}`,
        customer_id: row.customer_id,
        user_id: row.user_id,
        price_id: 'price_mini_panel_upgrade',
        payment_method_id: row.payment_method_id,
        quantity: 1,
        status: 'active',
        current_period_start: row.current_period_start,
        current_period_end: row.current_period_end,
        billing_anchor: row.billing_anchor,
        idempotency_key: null,
      })
      .execute();
    const list = await subscriber.inject({ method: 'GET', url: API_PATHS.accountSubscriptions });
    expect(list.json().subscriptions.map((s: SubscriptionDetail) => s.id)).toEqual([id]);
  });

  it('lists and shows the subscriber their own subscription with what comes next', async () => {
    const { subscriber, id } = await subscribed('detail');
    const list = await subscriber.inject({ method: 'GET', url: API_PATHS.accountSubscriptions });
    expect(list.statusCode).toBe(200);
    expect(list.json().subscriptions.map((s: SubscriptionDetail) => s.id)).toEqual([id]);

    const detail = await subscriber.inject({
      method: 'GET',
      url: subscriptionPath(API_PATHS.accountSubscription, id),
    });
    expect(detail.statusCode).toBe(200);
    const body: SubscriptionDetail = detail.json();
    expect(body).toMatchObject({
      id,
      status: 'active',
      lookupKey: 'bloodwise_monthly',
      unitAmount: 9_900,
      currency: 'usd',
      interval: 'month',
      intervalCount: 1,
      currentPeriodEnd: '2026-04-10T09:00:00.000Z',
      nextRenewal: { at: '2026-04-10T09:00:00.000Z', amount: 9_900, currency: 'usd', cycle: 1 },
      cancelAtPeriodEnd: false,
      pausedUntil: null,
      skippedRenewalAt: null,
      recovery: null,
      paymentMethod: { brand: 'visa', last4: expect.any(String) },
      actions: {
        cancel: true,
        keep: false,
        pause: true,
        resume: false,
        skip: true,
        unskip: false,
        changeInterval: true,
        updateCard: true,
      },
    });
    // The plan's other intervals, the current one marked.
    const options = body.intervalOptions;
    expect(options.filter((option) => option.current).map((o) => o.lookupKey)).toEqual([
      'bloodwise_monthly',
    ]);
    expect(options.map((option) => option.lookupKey)).toEqual(
      expect.arrayContaining(['bloodwise_quarterly', 'bloodwise_annual', 'bloodwise_20_days']),
    );
    expect(options.map((option) => option.lookupKey)).not.toContain('heart_metabolic_program');
    // Listed shortest period first, as the dialog shows them (the catalogue's own order differs).
    expect(options.map((option) => option.lookupKey)).toEqual(
      [...options].sort(compareBillingPeriods).map((option) => option.lookupKey),
    );
    expect(options.map((option) => option.lookupKey).indexOf('bloodwise_20_days')).toBeLessThan(
      options.map((option) => option.lookupKey).indexOf('bloodwise_monthly'),
    );
  });

  it('answers another user and an unknown id with the same 404, and a visitor with 401', async () => {
    const { id } = await subscribed('owner');
    const other = await signedUpSubscriber(t, 'other');
    const requests = [
      { method: 'GET' as const, url: subscriptionPath(API_PATHS.accountSubscription, id) },
      { method: 'GET' as const, url: subscriptionPath(API_PATHS.accountSubscriptionHistory, id) },
      {
        method: 'POST' as const,
        url: subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
        payload: {},
      },
      { method: 'POST' as const, url: subscriptionPath(API_PATHS.accountSubscriptionKeep, id) },
      {
        method: 'POST' as const,
        url: subscriptionPath(API_PATHS.accountSubscriptionPause, id),
        payload: { until: '2026-04-01' },
      },
      { method: 'POST' as const, url: subscriptionPath(API_PATHS.accountSubscriptionResume, id) },
      { method: 'POST' as const, url: subscriptionPath(API_PATHS.accountSubscriptionSkip, id) },
      { method: 'DELETE' as const, url: subscriptionPath(API_PATHS.accountSubscriptionSkip, id) },
      {
        method: 'GET' as const,
        url: `${subscriptionPath(API_PATHS.accountSubscriptionInterval, id)}?lookupKey=bloodwise_quarterly`,
      },
      {
        method: 'POST' as const,
        url: subscriptionPath(API_PATHS.accountSubscriptionInterval, id),
        payload: { lookupKey: 'bloodwise_quarterly', expectedNextRenewalAmount: 12_900 },
      },
      {
        method: 'PUT' as const,
        url: subscriptionPath(API_PATHS.accountSubscriptionCard, id),
        payload: { paymentMethodId: 'pm_nope' },
      },
    ];
    for (const request of requests) {
      const theirs = await other.inject(request);
      const unknown = await other.inject({
        ...request,
        url: request.url.replace(id, 'sub_unknown'),
      });
      expect({ url: request.url, status: theirs.statusCode }).toEqual({
        url: request.url,
        status: 404,
      });
      expect(theirs.json()).toEqual(unknown.json());
      const visitor = await t.inject(request);
      expect({ url: request.url, status: visitor.statusCode }).toEqual({
        url: request.url,
        status: 401,
      });
    }
    expect(await changesOf(id)).toEqual([]);
  });

  it('cancels at the end of the period, mails it, and keeps it again', async () => {
    const { subscriber, id } = await subscribed('cancel');
    const cancelled = await post(
      subscriber,
      subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
      {
        reason: 'too-often',
        immediately: true,
      },
    );
    expect(cancelled.statusCode).toBe(200);
    // Paid for the period: it runs to its end, even when asked to end now.
    expect(cancelled.json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextRenewal: null,
      actions: { cancel: false, keep: true, pause: false, skip: false },
    });
    const mail = await latestMailTo(t, subscriber.email);
    expect(mail.subject).toMatch(/cancelled/);
    expect(mail.text).toContain('April 10, 2026');
    expect(mail.text).toContain(`/account/subscriptions/${id}`);

    // A second tab's cancel changes nothing more.
    const again = await post(
      subscriber,
      subscriptionPath(API_PATHS.accountSubscriptionCancel, id),
      {},
    );
    expect(again.statusCode).toBe(200);

    const kept = await post(subscriber, subscriptionPath(API_PATHS.accountSubscriptionKeep, id));
    expect(kept.json()).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      nextRenewal: { cycle: 1 },
    });
    expect((await latestMailTo(t, subscriber.email)).subject).toMatch(/continues/);
    expect(await changesOf(id)).toEqual([
      {
        actor: 'subscriber',
        action: 'cancel',
        detail: { reason: 'too-often', endsAt: '2026-04-10T09:00:00.000Z' },
      },
      { actor: 'subscriber', action: 'resume-cancelled', detail: {} },
    ]);
  });

  // Last: it moves the shop clock for this file's app.
  it('shows the history newest first: order, renewals (paid and skipped), refunds and changes', async () => {
    const { subscriber, id, orderId } = await subscribed('history');
    const detail = () =>
      subscriber
        .inject({ method: 'GET', url: subscriptionPath(API_PATHS.accountSubscription, id) })
        .then((response) => response.json() as SubscriptionDetail);
    await advanceShopClock(t, '32d');
    await runJobsUntil(t, detail, (now) => now.nextRenewal?.cycle === 2);
    await post(subscriber, subscriptionPath(API_PATHS.accountSubscriptionSkip, id));
    await advanceShopClock(t, '31d');
    const renewals = await runJobsUntil(
      t,
      () => listRenewals(t.app.db, id),
      (ledger) => ledger.length === 2,
    );
    expect(renewals.map((renewal) => renewal.status)).toEqual(['succeeded', 'skipped']);
    const refund = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsOrderRefunds, { id: renewals[0]!.orderId! }),
      headers: { cookie: await operatorSession(t) },
      payload: { idempotencyKey: randomUUID(), reason: 'kit lost in the post' },
    });
    expect(refund.statusCode).toBe(200);

    const history = await subscriber.inject({
      method: 'GET',
      url: subscriptionPath(API_PATHS.accountSubscriptionHistory, id),
    });
    expect(history.statusCode).toBe(200);
    const entries: SubscriptionHistoryEntry[] = history.json().entries;
    expect(entries.map((entry) => [entry.kind, entry.label, entry.status, entry.amount])).toEqual([
      ['refund', 'Refund', null, 9_900],
      ['renewal', 'Renewal 2 skipped', 'skipped', null],
      ['change', 'Renewal of May 10, 2026 skipped', null, null],
      ['renewal', 'Renewal 1', 'paid', 9_900],
      ['order', 'Order: Bloodwise Monthly', 'paid', expect.any(Number)],
    ]);
    expect(entries.find((entry) => entry.kind === 'order')!.orderId).toBe(orderId);
    expect(entries.find((entry) => entry.label === 'Renewal 1')!.orderId).toBe(
      renewals[0]!.orderId,
    );
    const times = entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

// The operator's subscription support: find a subscriber's plan by e-mail or id, read its renewal
// ledger and change log, and cancel, pause or retry for the customer; each action is locked on the
// subscription's row, logged as the operator's change and in the audit log, and mailed to the
// subscriber. A cancelled subscription never changes again. The dunning and notice settings.
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { listAudit } from '../../../src/repositories/audit-log-repository';
import { TEST_CARDS, type TestPaymentProvider } from '@shop/payments-sandbox';
import { readShopSetting } from '../../../src/repositories/shop-settings-repository';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { latestMailTo } from '../../helpers/accounts';
import { operatorSession, shopperSession } from '../../helpers/operators';

const DAY_MS = 86_400_000;
const MONTHLY = 'price_bloodwise_monthly';

describe('operator subscription routes', () => {
  let t: TestApp;
  let operator: string;
  let sequence = 0;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await operatorSession(t);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie = operator) =>
    t.inject({ method: 'GET', url, headers: { cookie } });
  const send = (
    method: 'POST' | 'PUT',
    url: string,
    payload: Record<string, unknown> = {},
    cookie = operator,
  ) => t.inject({ method, url, payload, headers: { cookie } });
  const path = (
    name:
      'opsSubscription' | 'opsSubscriptionCancel' | 'opsSubscriptionPause' | 'opsSubscriptionRetry',
    id: string,
  ) => buildPath(API_PATHS[name], { id });

  /** A subscriber's monthly plan, created `ageDays` ago on the shop clock (newest first in lists). */
  async function subscribe(
    options: {
      email?: string;
      status?: 'active' | 'past_due' | 'paused';
      failedAttempts?: number;
      createdAt?: Date;
    } = {},
  ): Promise<{ id: string; email: string }> {
    sequence += 1;
    const email = options.email ?? `ops-sub-${sequence}@example.com`;
    const customer = await t.app.paymentProvider.ensureCustomer({
      userId: null,
      email,
      name: 'Sam Scriber',
    });
    const now = t.app.clock.now();
    const id = `sub_ops_${sequence}`;
    await t.app.db
      .insertInto('payment_subscriptions')
      .values({
        id,
        customer_id: customer.id,
        price_id: MONTHLY,
        payment_method_id: `pm_ops_${sequence}`,
        quantity: 1,
        status: options.status ?? 'active',
        current_period_start: now,
        current_period_end: new Date(now.getTime() + 30 * DAY_MS),
        billing_anchor: now,
        failed_attempts: options.failedAttempts ?? 0,
        next_retry_at: options.status === 'past_due' ? new Date(now.getTime() + 2 * DAY_MS) : null,
        created_at: options.createdAt ?? new Date(Date.UTC(2026, 0, 1) + sequence * 60_000),
      })
      .execute();
    return { id, email };
  }

  async function changesOf(id: string) {
    return t.app.db
      .selectFrom('subscription_changes')
      .select(['actor', 'action', 'detail'])
      .where('subscription_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function rowOf(id: string) {
    return t.app.db
      .selectFrom('payment_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('answers anyone but an operator on every subscription route as an unknown path', async () => {
    const { id } = await subscribe();
    const shopper = await shopperSession(t);
    for (const cookie of [shopper, '']) {
      expect((await get(API_PATHS.opsSubscriptions, cookie)).statusCode).toBe(404);
      expect((await get(path('opsSubscription', id), cookie)).statusCode).toBe(404);
      expect((await get(API_PATHS.opsSubscriptionSettings, cookie)).statusCode).toBe(404);
      const cancel = await send(
        'POST',
        path('opsSubscriptionCancel', id),
        { when: 'now', reason: 'x' },
        cookie,
      );
      expect(cancel.statusCode).toBe(404);
      const pause = await send(
        'POST',
        path('opsSubscriptionPause', id),
        { until: new Date(t.app.clock.now().getTime() + 10 * DAY_MS).toISOString() },
        cookie,
      );
      expect(pause.statusCode).toBe(404);
      expect((await send('POST', path('opsSubscriptionRetry', id), {}, cookie)).statusCode).toBe(
        404,
      );
      const settings = await send(
        'PUT',
        API_PATHS.opsSubscriptionSettings,
        { dunning: { endAction: 'pause', retryDays: [1] }, notices: { reminderDays: 1 } },
        cookie,
      );
      expect(settings.statusCode).toBe(404);
    }
    expect((await rowOf(id)).status).toBe('active');
    expect(await changesOf(id)).toEqual([]);
  });

  it('lists by e-mail or id, filtered by status, newest first and paged by cursor', async () => {
    const email = 'Paging.Person@Example.com';
    const older = await subscribe({ email: email.toLowerCase() });
    const newer = await subscribe({
      email: email.toLowerCase(),
      status: 'past_due',
      failedAttempts: 2,
    });

    const first = await get(`${API_PATHS.opsSubscriptions}?q=${encodeURIComponent(email)}&limit=1`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.subscriptions).toEqual([
      expect.objectContaining({
        id: newer.id,
        status: 'past_due',
        email: email.toLowerCase(),
        failedAttempts: 2,
        renewedCycles: 0,
        nextRenewalAt: expect.any(String),
        amount: expect.any(Number),
        interval: 'month',
      }),
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = await get(
      `${API_PATHS.opsSubscriptions}?q=${encodeURIComponent(email)}&limit=1&cursor=${encodeURIComponent(page1.nextCursor)}`,
    );
    expect(second.json()).toEqual({
      subscriptions: [expect.objectContaining({ id: older.id, status: 'active' })],
      nextCursor: null,
    });

    const pastDue = await get(
      `${API_PATHS.opsSubscriptions}?q=${encodeURIComponent(email)}&status=past_due`,
    );
    expect(pastDue.json().subscriptions.map((s: { id: string }) => s.id)).toEqual([newer.id]);
    const byId = await get(`${API_PATHS.opsSubscriptions}?q=${older.id}`);
    expect(byId.json().subscriptions.map((s: { id: string }) => s.id)).toEqual([older.id]);
    expect((await get(`${API_PATHS.opsSubscriptions}?status=gone`)).statusCode).toBe(400);
    expect((await get(`${API_PATHS.opsSubscriptions}?cursor=yesterday`)).statusCode).toBe(400);
  });

  it('shows the renewal ledger and the change log', async () => {
    const { id } = await subscribe({ status: 'past_due', failedAttempts: 1 });
    const now = t.app.clock.now();
    await t.app.db
      .insertInto('subscription_renewals')
      .values({
        subscription_id: id,
        cycle: 1,
        period_start: now,
        period_end: new Date(now.getTime() + 30 * DAY_MS),
        amount_cents: 2900,
        currency: 'usd',
        status: 'failed',
        charge_id: 'ch_declined',
        order_id: null,
        failure_code: 'insufficient_funds',
        failure_message: 'Your card has insufficient funds.',
        attempt: 2,
      })
      .execute();
    await t.app.db
      .insertInto('subscription_changes')
      .values({ subscription_id: id, actor: 'subscriber', action: 'skip', detail: '{"cycle":2}' })
      .execute();

    const detail = await get(path('opsSubscription', id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      subscription: { id, status: 'past_due', failedAttempts: 1, hasCard: true },
      renewals: [
        {
          cycle: 1,
          attempt: 2,
          status: 'failed',
          amount: 2900,
          failureCode: 'insufficient_funds',
          failureMessage: 'Your card has insufficient funds.',
          hardDecline: false,
        },
      ],
      changes: [{ actor: 'subscriber', action: 'skip', detail: { cycle: 2 } }],
      actions: { cancelNow: true, cancelAtPeriodEnd: false, pause: false, retry: true },
    });
    expect((await get(path('opsSubscription', 'sub_missing'))).statusCode).toBe(404);
  });

  it('pauses until a day: paused, logged as the operator, audited and mailed; bad days and past-due plans refused', async () => {
    const { id, email } = await subscribe();
    const until = new Date(t.app.clock.now().getTime() + 20 * DAY_MS);
    const paused = await send('POST', path('opsSubscriptionPause', id), {
      until: until.toISOString(),
      reason: 'Travelling for work',
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().subscription).toMatchObject({
      status: 'paused',
      pausedUntil: until.toISOString(),
    });
    expect(paused.json().changes[0]).toMatchObject({ actor: 'operator', action: 'pause' });
    expect(await changesOf(id)).toEqual([
      {
        actor: 'operator',
        action: 'pause',
        detail: {
          until: until.toISOString(),
          reason: 'Travelling for work',
          by: 'ops@bloodwise.test',
        },
      },
    ]);
    const [entry] = await listAudit(t.app.db, { limit: 1 });
    expect(entry).toMatchObject({
      action: 'subscription.pause',
      target: `subscription:${id}`,
      actor: 'ops@bloodwise.test',
      via: 'console',
      before: { status: 'active', pausedUntil: null },
      after: { status: 'paused', pausedUntil: until.toISOString() },
    });
    const mail = await latestMailTo(t, email);
    expect(mail.subject).toMatch(/is paused until/);
    expect(mail.text).toContain(`${t.config.publicOrigin}/account/subscriptions/${id}`);

    const { id: other } = await subscribe();
    for (const days of [0, 400]) {
      const refused = await send('POST', path('opsSubscriptionPause', other), {
        until: new Date(t.app.clock.now().getTime() + days * DAY_MS).toISOString(),
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(
      (await send('POST', path('opsSubscriptionPause', other), { until: 'next week' })).statusCode,
    ).toBe(400);
    const { id: pastDue } = await subscribe({ status: 'past_due', failedAttempts: 1 });
    const refusedPastDue = await send('POST', path('opsSubscriptionPause', pastDue), {
      until: until.toISOString(),
    });
    expect(refusedPastDue.statusCode).toBe(409);
    expect(await changesOf(other)).toEqual([]);
    expect(await changesOf(pastDue)).toEqual([]);
  });

  it('cancels at the period’s end, then now; a cancelled subscription refuses every change', async () => {
    const { id, email } = await subscribe();
    const atEnd = await send('POST', path('opsSubscriptionCancel', id), {
      when: 'period-end',
      reason: 'Customer asked by phone',
    });
    expect(atEnd.statusCode).toBe(200);
    expect(atEnd.json().subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      nextRenewalAt: null,
      cancelReason: 'Customer asked by phone',
    });
    expect((await latestMailTo(t, email)).subject).toMatch(/subscription is cancelled: it ends on/);
    const again = await send('POST', path('opsSubscriptionCancel', id), {
      when: 'period-end',
      reason: 'twice',
    });
    expect(again.statusCode).toBe(409);

    const now = await send('POST', path('opsSubscriptionCancel', id), {
      when: 'now',
      reason: 'Chargeback',
    });
    expect(now.statusCode).toBe(200);
    expect(now.json().subscription).toMatchObject({
      status: 'canceled',
      canceledAt: expect.any(String),
    });
    expect(now.json().actions).toEqual({
      cancelNow: false,
      cancelAtPeriodEnd: false,
      pause: false,
      retry: false,
    });
    // One set of mails for every change; the operator's says who made it.
    const mail = await latestMailTo(t, email);
    expect(mail.subject).toMatch(/subscription has ended$/);
    expect(mail.text).toContain('Our customer service cancelled your');
    const [entry] = await listAudit(t.app.db, { limit: 1 });
    expect(entry).toMatchObject({
      action: 'subscription.cancel-now',
      target: `subscription:${id}`,
      after: { status: 'canceled', reason: 'Chargeback' },
    });

    const refusals = [
      await send('POST', path('opsSubscriptionCancel', id), { when: 'now', reason: 'again' }),
      await send('POST', path('opsSubscriptionPause', id), {
        until: new Date(t.app.clock.now().getTime() + 5 * DAY_MS).toISOString(),
      }),
      await send('POST', path('opsSubscriptionRetry', id), {}),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([409, 409, 409]);
    expect((await changesOf(id)).map((change) => change.action)).toEqual(['cancel', 'cancel-now']);
    expect(
      (await send('POST', path('opsSubscriptionCancel', id), { when: 'now' })).statusCode,
    ).toBe(400);
  });

  it('two operators cancelling at once: one change wins, the other is refused', async () => {
    const { id } = await subscribe();
    const answers = await Promise.all([
      send('POST', path('opsSubscriptionCancel', id), { when: 'now', reason: 'first' }),
      send('POST', path('opsSubscriptionCancel', id), { when: 'now', reason: 'second' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await changesOf(id)).map((change) => change.action)).toEqual(['cancel-now']);
  });

  it('retries a past-due renewal now: logged and audited, and the engine charges the card once', async () => {
    const provider = t.app.paymentProvider as TestPaymentProvider;
    const { id, email } = await subscribe({ status: 'past_due', failedAttempts: 1 });
    const customerId = (await rowOf(id)).customer_id;
    const token = await provider.createCardToken({
      number: TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    const setup = await provider.createSetup({
      customerId,
      token: token.id,
      returnUrl: 'http://shop.test/account',
      idempotencyKey: `setup:${id}`,
    });
    const due = new Date(t.app.clock.now().getTime() - DAY_MS);
    await t.app.db
      .updateTable('payment_subscriptions')
      .set({
        payment_method_id: setup.paymentMethodId!,
        billing_anchor: new Date(due.getTime() - 30 * DAY_MS),
        current_period_start: new Date(due.getTime() - 30 * DAY_MS),
        current_period_end: due,
      })
      .where('id', '=', id)
      .execute();
    await t.app.db
      .insertInto('subscription_renewals')
      .values({
        subscription_id: id,
        cycle: 1,
        period_start: due,
        period_end: new Date(due.getTime() + 30 * DAY_MS),
        amount_cents: 2900,
        currency: 'usd',
        status: 'failed',
        charge_id: null,
        order_id: null,
        failure_code: 'card_declined',
        failure_message: 'Your card was declined.',
      })
      .execute();

    const retried = await send('POST', path('opsSubscriptionRetry', id), {
      reason: 'Customer topped up the card',
    });
    expect(retried.statusCode).toBe(200);
    expect(await changesOf(id)).toEqual([
      {
        actor: 'operator',
        action: 'retry',
        detail: {
          cycle: 1,
          attempt: 2,
          reason: 'Customer topped up the card',
          by: 'ops@bloodwise.test',
        },
      },
    ]);
    const [entry] = await listAudit(t.app.db, { limit: 1 });
    expect(entry).toMatchObject({ action: 'subscription.retry', target: `subscription:${id}` });
    const jobs = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('singleton_key', '=', `subscription:${id}`)
      .execute();
    expect(jobs).toEqual([
      { kind: 'subscription.renew', payload: { subscriptionId: id, cycle: 1 } },
    ]);

    // Waits for the runner's pass in flight (the retry woke it), then runs anything left due.
    await t.app.jobs.runDue();
    const after = await rowOf(id);
    expect({ status: after.status, cycles: after.renewed_cycles }).toEqual({
      status: 'active',
      cycles: 1,
    });
    const charges = await t.app.db
      .selectFrom('payment_charges')
      .select(['status'])
      .where('idempotency_key', 'like', `renewal:${id}:%`)
      .execute();
    expect(charges).toEqual([{ status: 'succeeded' }]);
    expect((await latestMailTo(t, email)).subject).toMatch(/renewed/);

    const { id: active } = await subscribe();
    expect((await send('POST', path('opsSubscriptionRetry', active), {})).statusCode).toBe(409);
  });

  it('reads the settings with their defaults, stores a valid change with an audit entry, refuses invalid ones', async () => {
    const defaults = await get(API_PATHS.opsSubscriptionSettings);
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({
      dunning: { endAction: 'cancel', retryDays: [1, 3, 7, 14] },
      notices: { reminderDays: 3 },
    });

    const next = {
      dunning: { endAction: 'pause', retryDays: [2, 5, 9] },
      notices: { reminderDays: 7 },
    };
    const saved = await send('PUT', API_PATHS.opsSubscriptionSettings, next);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(next);
    expect((await get(API_PATHS.opsSubscriptionSettings)).json()).toEqual(next);
    expect(await readShopSetting(t.app.db, 'subscriptions.dunning')).toEqual(next.dunning);
    expect(await readShopSetting(t.app.db, 'subscriptions.notices')).toEqual(next.notices);
    const [entry] = await listAudit(t.app.db, { limit: 1 });
    expect(entry).toMatchObject({
      action: 'subscription.settings',
      before: { dunning: { endAction: 'cancel' }, notices: { reminderDays: 3 } },
      after: next,
    });

    const invalid = [
      { dunning: { endAction: 'delete', retryDays: [1] }, notices: { reminderDays: 3 } },
      { dunning: { endAction: 'cancel', retryDays: [] }, notices: { reminderDays: 3 } },
      {
        dunning: { endAction: 'cancel', retryDays: [1, 2, 3, 4, 5] },
        notices: { reminderDays: 3 },
      },
      { dunning: { endAction: 'cancel', retryDays: [3, 1] }, notices: { reminderDays: 3 } },
      { dunning: { endAction: 'cancel', retryDays: [0, 3] }, notices: { reminderDays: 3 } },
      { dunning: { endAction: 'cancel', retryDays: [3, 61] }, notices: { reminderDays: 3 } },
      { dunning: { endAction: 'cancel', retryDays: [1.5] }, notices: { reminderDays: 3 } },
      { dunning: { endAction: 'cancel', retryDays: [1] }, notices: { reminderDays: 15 } },
      { dunning: { endAction: 'cancel', retryDays: [1] }, notices: { reminderDays: 0 } },
      { dunning: { endAction: 'cancel', retryDays: [1] } },
    ];
    for (const body of invalid) {
      const refused = await send('PUT', API_PATHS.opsSubscriptionSettings, body);
      expect({ body, status: refused.statusCode }).toEqual({ body, status: 400 });
    }
    expect((await get(API_PATHS.opsSubscriptionSettings)).json()).toEqual(next);
  });
});

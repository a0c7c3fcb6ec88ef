// The daily clean-up jobs: expired rate-limit windows, log-in throttles, sign-up attempts,
// sessions, reset links and field data older than eight days go, and so do consumer orders a
// checkout request left before any payment intent; everything still live, every order with an
// intent or waiting for an employer stays.
import { randomUUID } from 'node:crypto';
import {
  ABANDONED_ORDER_AFTER_MS,
  CLEAN_UPS,
  EXPIRED_LINK_GRACE_MS,
  handleCleanUps,
  queueCleanUps,
} from '../../../src/services/maintenance/clean-up';
import { createJobQueue } from '../../../src/services/jobs/job-queue';
import type { Database } from '../../../src/db/schema';
import { ORDER_SCOPE } from '../../../src/services/checkout/finalize-order';
import { LOGIN_THROTTLE_POLICY } from '../../../src/services/account/login-throttle';
import { WEB_VITALS_KEPT_MS } from '../../../src/services/analytics/field-vitals';
import { DEMO_USER } from '../../../src/db/seed/demo-partners-and-discounts';
import type { TestApp } from '../../helpers/build-test-app';
import { cardToken, orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { requestEmployerPayment } from '../../helpers/employer-fixtures';
import { useTwoInstances } from '../../helpers/two-instances';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const VITAL_OLD = '00000000-0000-4000-8000-000000000001';
const VITAL_WEEK = '00000000-0000-4000-8000-000000000002';

describe('the clean-up jobs', () => {
  let a: TestApp;
  let b: TestApp;
  useTwoInstances((made) => ({ a, b } = made));

  const db = () => a.app.db;
  const ago = (ms: number) => new Date(Date.now() - ms);
  const ahead = (ms: number) => new Date(Date.now() + ms);

  async function seedLimitsAndLinks() {
    const shopNow = a.app.clock.now().getTime();
    await db()
      .insertInto('rate_limit_hits')
      .values([
        { key: 'ended', hits: 3, window_ends_at: new Date(shopNow - 1000) },
        { key: 'live', hits: 3, window_ends_at: new Date(shopNow + 60_000) },
      ])
      .execute();
    const vital = (visitId: string, age: number) => ({
      visit_id: visitId,
      route: '/pricing',
      area: 'catalog',
      metric: 'LCP' as const,
      value: 1200,
      rating: 'good' as const,
      navigation_type: 'navigate',
      recorded_at: new Date(shopNow - age),
    });
    await db()
      .insertInto('web_vitals')
      .values([vital(VITAL_OLD, WEB_VITALS_KEPT_MS + HOUR), vital(VITAL_WEEK, 7 * DAY)])
      .execute();
    const window = LOGIN_THROTTLE_POLICY.windowMs;
    await db()
      .insertInto('login_throttle')
      .values([
        {
          email_hash: 'stale',
          failures: 3,
          last_failed_at: ago(window + HOUR),
          locked_until: null,
        },
        { email_hash: 'recent', failures: 3, last_failed_at: ago(60_000), locked_until: null },
        {
          email_hash: 'still-locked',
          failures: 9,
          last_failed_at: ago(window + HOUR),
          locked_until: ahead(HOUR),
        },
      ])
      .execute();
    const attempt = (id: string, expiresAt: Date) => ({
      id_hash: id,
      email: `${id}@example.com`,
      name: id,
      password_hash: null,
      kit_id: null,
      session_id: null,
      redirect: '/',
      // An attempt on an email that has an account keeps no password.
      existing_account: true,
      expires_at: expiresAt,
    });
    await db()
      .insertInto('signup_attempts')
      .values([
        attempt('signup-long-expired', ago(EXPIRED_LINK_GRACE_MS + HOUR)),
        attempt('signup-just-expired', ago(HOUR)),
        attempt('signup-live', ahead(HOUR)),
      ])
      .execute();
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USER.email)
      .executeTakeFirstOrThrow();
    const session = (id: string, expiresAt: Date) => ({
      id_hash: id,
      user_id: user.id,
      expires_at: expiresAt,
      user_agent: null,
      ip: null,
    });
    await db()
      .insertInto('sessions')
      .values([session('session-expired', ago(1000)), session('session-live', ahead(HOUR))])
      .execute();
    await db()
      .insertInto('password_reset_links')
      .values([
        {
          id_hash: 'link-long-expired',
          user_id: user.id,
          expires_at: ago(EXPIRED_LINK_GRACE_MS + HOUR),
        },
        { id_hash: 'link-just-expired', user_id: user.id, expires_at: ago(HOUR) },
      ])
      .execute();
  }

  /** An order whose request stopped after its claim, before any payment intent, `age` ago. */
  async function abandonedOrder(email: string, age: number): Promise<{ id: string; key: string }> {
    const key = randomUUID();
    const placed = await placeOrder(
      a,
      orderBody({ email, paymentMethod: cardToken('requiresAction') }),
      key,
    );
    const id = placed.json().id as string;
    await db()
      .updateTable('orders')
      .set({
        status: 'pending',
        payment_charge_id: null,
        payment_intent_at: null,
        created_at: ago(age),
      })
      .where('id', '=', id)
      .execute();
    await db()
      .updateTable('idempotency_keys')
      .set({ order_id: null, response_status: null, response_body: null })
      .where('scope', '=', ORDER_SCOPE)
      .where('key', '=', key)
      .execute();
    return { id, key };
  }

  const remaining = async <T extends string>(
    table:
      | 'rate_limit_hits'
      | 'login_throttle'
      | 'signup_attempts'
      | 'sessions'
      | 'password_reset_links'
      | 'web_vitals',
    column: string,
    values: T[],
  ) => {
    const rows = (await db()
      .selectFrom(table)
      .select(`${column} as id` as never)
      .execute()) as unknown as { id: string }[];
    return values.filter((value) => rows.some((row) => row.id === value)).sort();
  };

  it('queues each clean-up once per shop-clock day, whichever instance asks, and runs each once', async () => {
    await seedLimitsAndLinks();
    const abandoned = await abandonedOrder('gone@example.com', ABANDONED_ORDER_AFTER_MS + HOUR);
    const recent = await abandonedOrder('in-flight@example.com', HOUR);
    // An order whose intent exists is the reconciler's, however old.
    const withIntent = await placeOrder(
      a,
      orderBody({ email: 'intent@example.com', paymentMethod: cardToken('requiresAction') }),
    );
    const intentOrderId = withIntent.json().id as string;
    await db()
      .updateTable('orders')
      .set({ created_at: ago(30 * DAY) })
      .where('id', '=', intentOrderId)
      .execute();
    const employer = await requestEmployerPayment(a, {
      email: 'worker@example.com',
      employerEmail: 'boss@example.com',
    });
    await db()
      .updateTable('orders')
      .set({ created_at: ago(30 * DAY) })
      .where('id', '=', employer.orderId)
      .execute();

    // A day of its own, so the jobs the instances queued for today when they started stay apart.
    const now = new Date(a.app.clock.now().getTime() + 400 * DAY);
    const day = now.toISOString().slice(0, 10);
    const queued = await Promise.all([
      queueCleanUps(a.app.db, a.app.jobs, now),
      queueCleanUps(b.app.db, b.app.jobs, now),
    ]);
    expect(queued[0] + queued[1]).toBe(CLEAN_UPS.length);
    expect(await queueCleanUps(b.app.db, b.app.jobs, now)).toBe(0);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    const jobs = await db()
      .selectFrom('jobs')
      .select(['kind', 'status', 'attempts'])
      .where('kind', 'like', 'clean-up.%')
      .where('job_key', 'like', `%:${day}`)
      .orderBy('kind')
      .execute();
    expect(jobs).toEqual(
      CLEAN_UPS.map(({ kind }) => ({ kind: kind.name, status: 'completed', attempts: 1 })).sort(
        (x, y) => x.kind.localeCompare(y.kind),
      ),
    );

    expect(await remaining('rate_limit_hits', 'key', ['ended', 'live'])).toEqual(['live']);
    expect(
      await remaining('login_throttle', 'email_hash', ['stale', 'recent', 'still-locked']),
    ).toEqual(['recent', 'still-locked']);
    expect(
      await remaining('signup_attempts', 'id_hash', [
        'signup-long-expired',
        'signup-just-expired',
        'signup-live',
      ]),
    ).toEqual(['signup-just-expired', 'signup-live']);
    expect(await remaining('sessions', 'id_hash', ['session-expired', 'session-live'])).toEqual([
      'session-live',
    ]);
    expect(
      await remaining('password_reset_links', 'id_hash', [
        'link-long-expired',
        'link-just-expired',
      ]),
    ).toEqual(['link-just-expired']);
    // Field data stays for the console's week (and a day), by the shop clock.
    expect(await remaining('web_vitals', 'visit_id', [VITAL_OLD, VITAL_WEEK])).toEqual([
      VITAL_WEEK,
    ]);

    const orders = await db().selectFrom('orders').select('id').execute();
    const ids = orders.map((row) => row.id);
    expect(ids).not.toContain(abandoned.id);
    expect(ids).toEqual(expect.arrayContaining([recent.id, intentOrderId, employer.orderId]));
    // The abandoned order's key is free again, as after a payment refused before any charge.
    const keys = await db()
      .selectFrom('idempotency_keys')
      .select('key')
      .where('scope', '=', ORDER_SCOPE)
      .where('key', 'in', [abandoned.key, recent.key])
      .execute();
    expect(keys.map((row) => row.key)).toEqual([recent.key]);
  });

  it('retries a clean-up that fails and leaves it dead, with its error, after its tries', async () => {
    let now = new Date('2031-01-01T03:00:00Z');
    const clock = { now: () => now };
    const queue = createJobQueue(db(), { clock, leaseMs: 60_000, pollMs: 60_000 });
    // A database that refuses every delete.
    const refusing = {
      deleteFrom: () => {
        throw new Error('relation is locked');
      },
    } as unknown as Database;
    handleCleanUps(queue, { db: refusing, clock, machineClock: clock });
    await queueCleanUps(db(), queue, now);
    const limits = CLEAN_UPS.find(({ kind }) => kind.name === 'clean-up.limits')!.kind;
    for (let attempt = 1; attempt <= limits.maxAttempts; attempt += 1) {
      await queue.runDue();
      now = new Date(now.getTime() + DAY);
    }
    const job = await db()
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('job_key', '=', 'clean-up.limits:2031-01-01')
      .executeTakeFirstOrThrow();
    expect(job).toEqual({
      status: 'dead',
      attempts: limits.maxAttempts,
      last_error: 'Error: relation is locked',
    });
    await queue.stop();
  });
});

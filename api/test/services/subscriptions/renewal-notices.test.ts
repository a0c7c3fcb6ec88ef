// Notices by the shop clock: a reminder before each renewal that charges (3 days by default, the
// operator's setting otherwise), a notice 30 days before a yearly plan renews, and a summary on
// each anniversary; each mailed once however many runners or tries, and none for a subscription
// that is ending, paused, or skipping its coming cycle.
import type { DatabaseHandle } from '../../../src/db/open-database';
import { createManualClock, type ManualClock } from '../../../src/lib/clock';
import { createJobQueue, type JobQueue } from '../../../src/services/jobs/job-queue';
import { createMailQueue, type MailQueue } from '../../../src/services/mail/mail-queue';
import { createOutboxMailer } from '../../../src/services/mail/mailer';
import { createTestPaymentProvider, type TestPaymentProvider } from '@shop/payments-sandbox';
import {
  handleNotices,
  scheduleDueNotices,
  sendNotice,
  type NoticeDeps,
} from '../../../src/services/subscriptions/renewal-notices';
import { NOTICES_SETTING_KEY } from '../../../src/services/subscriptions/subscription-settings';
import { writeShopSetting } from '../../../src/repositories/shop-settings-repository';
import { subscribeWithCard } from '../../helpers/subscriptions';
import { createTestDatabase, testBackend, type TestDatabase } from '../../helpers/test-database';

const ORIGIN = 'http://shop.test';
const MONTHLY = 'price_bloodwise_monthly';
const ANNUAL = 'price_bloodwise_annual';

describe('subscription notices', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let provider: TestPaymentProvider;
  let sequence = 0;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    clock = createManualClock(new Date('2026-01-10T10:00:00Z'));
    provider = createTestPaymentProvider(database.handle.db, { now: () => clock.now() });
    // Each test looks at its own subscriptions only: the others (and the demo data's) are over.
    await database.handle.db
      .updateTable('payment_subscriptions')
      .set({ status: 'canceled' })
      .execute();
    await database.handle.db.deleteFrom('shop_settings').execute();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });
  afterAll(() => database.drop());

  function mailFor(handle: DatabaseHandle): MailQueue {
    return createMailQueue(handle.db, createOutboxMailer(handle.db, 'shop@example.com'), {
      from: 'shop@example.com',
      clock,
    });
  }
  const depsFor = (handle: DatabaseHandle): NoticeDeps => ({
    db: handle.db,
    clock,
    mail: mailFor(handle),
    publicOrigin: ORIGIN,
  });

  function runner(handle: DatabaseHandle = database.handle): JobQueue {
    const queue = createJobQueue(handle.db, { clock, leaseMs: 300_000, pollMs: 60_000 });
    handleNotices(queue, depsFor(handle));
    queues.push(queue);
    return queue;
  }

  const schedule = (queue: JobQueue, handle: DatabaseHandle = database.handle) =>
    scheduleDueNotices({ db: handle.db, clock }, queue);

  /** A subscriber with a saved card and a plan starting at the clock's now. */
  async function subscribe(priceId = MONTHLY): Promise<{ id: string; email: string }> {
    sequence += 1;
    const email = `notice-${sequence}@example.com`;
    const key = `notice:${sequence}`;
    const { id } = await subscribeWithCard(provider, { email, priceId, key, name: 'Noa Tice' });
    return { id, email };
  }

  const mailsTo = (email: string) =>
    database.handle.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .orderBy('id')
      .execute();

  const noticesOf = (id: string) =>
    database.handle.db
      .selectFrom('subscription_notices')
      .select(['kind', 'occasion', 'sent_at'])
      .where('subscription_id', '=', id)
      .orderBy('kind')
      .execute();

  it('reminds 3 days before a renewal, by the moved clock, with the amount, date and cancel link', async () => {
    const { id, email } = await subscribe();
    const queue = runner();
    clock.set(new Date('2026-02-07T09:59:00Z'));
    expect(await schedule(queue)).toBe(0);
    clock.set(new Date('2026-02-07T10:00:00Z'));
    expect(await schedule(queue)).toBe(1);
    expect(await queue.runDue()).toBe(1);
    const mails = await mailsTo(email);
    expect(mails).toEqual([
      {
        subject: 'Your Bloodwise Monthly renews on February 10, 2026 for $99',
        text_body: expect.any(String),
      },
    ]);
    expect(mails[0]!.text_body).toContain('We will then charge $99');
    expect(mails[0]!.text_body).toContain(`${ORIGIN}/account/subscriptions/${id}`);
    expect(await noticesOf(id)).toEqual([
      { kind: 'renewal-reminder', occasion: 'cycle:1', sent_at: new Date('2026-02-07T10:00:00Z') },
    ]);

    // Nothing more for this renewal.
    clock.set(new Date('2026-02-09T10:00:00Z'));
    expect(await schedule(queue)).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("follows the operator's reminder days", async () => {
    const { email } = await subscribe();
    await writeShopSetting(
      database.handle.db,
      NOTICES_SETTING_KEY,
      { reminderDays: 7 },
      clock.now(),
    );
    const queue = runner();
    clock.set(new Date('2026-02-02T10:00:00Z'));
    expect(await schedule(queue)).toBe(0);
    clock.set(new Date('2026-02-03T10:00:00Z'));
    expect(await schedule(queue)).toBe(1);
    await queue.runDue();
    expect(await mailsTo(email)).toEqual([
      expect.objectContaining({ subject: expect.stringContaining('February 10, 2026') }),
    ]);
  });

  it('mails once across two runners and a retried job', async () => {
    const { id, email } = await subscribe();
    const other = testBackend() === 'postgres' ? await database.openAnother() : database.handle;
    const [a, b] = [runner(database.handle), runner(other)];
    clock.set(new Date('2026-02-08T10:00:00Z'));
    const queued = await Promise.all([schedule(a), schedule(b, other)]);
    expect(queued[0]! + queued[1]!).toBe(1);
    await Promise.all([a.runDue(), b.runDue()]);

    // The job's work itself, run twice at once and retried, still mails once.
    const notice = { kind: 'renewal-reminder', occasion: 'cycle:1' } as const;
    const sent = await Promise.all([
      sendNotice(depsFor(database.handle), id, notice),
      sendNotice(depsFor(other), id, notice),
    ]);
    expect(sent).toEqual([false, false]);
    expect(await sendNotice(depsFor(database.handle), id, notice)).toBe(false);
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await noticesOf(id)).toHaveLength(1);
  });

  it('records and mails a notice once when two runners send it at the same moment', async () => {
    const { id, email } = await subscribe();
    const other = testBackend() === 'postgres' ? await database.openAnother() : database.handle;
    clock.set(new Date('2026-02-08T10:00:00Z'));
    const notice = { kind: 'renewal-reminder', occasion: 'cycle:1' } as const;
    const sent = await Promise.all([
      sendNotice(depsFor(database.handle), id, notice),
      sendNotice(depsFor(other), id, notice),
      sendNotice(depsFor(database.handle), id, notice),
    ]);
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('gives a yearly plan notice 30 days before it renews, and the reminder later', async () => {
    const { email } = await subscribe(ANNUAL);
    const monthly = await subscribe();
    const queue = runner();
    clock.set(new Date('2026-12-11T09:00:00Z'));
    expect(await schedule(queue)).toBe(0);
    clock.set(new Date('2026-12-11T10:00:00Z'));
    expect(await schedule(queue)).toBe(1);
    await queue.runDue();
    const [notice] = await mailsTo(email);
    expect(notice!.subject).toBe(
      'Your Bloodwise Annual renews for another year on January 10, 2027',
    );
    expect(notice!.text_body).toContain('We will then charge $145');
    clock.set(new Date('2027-01-07T10:00:00Z'));
    await schedule(queue);
    await queue.runDue();
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      notice!.subject,
      'Your Bloodwise Annual renews on January 10, 2027 for $145',
    ]);
    // A monthly plan has no long-plan notice, only its reminders.
    expect((await mailsTo(monthly.email)).every((mail) => !mail.subject.includes('another'))).toBe(
      true,
    );
  });

  it('sums up the year on its anniversary: what was paid, what the coming year costs, how to cancel', async () => {
    const { id, email } = await subscribe();
    const db = database.handle.db;
    // Eleven monthly renewals paid (February to December 2026); the twelfth is due on Jan 10, 2027.
    await db
      .insertInto('subscription_renewals')
      .values(
        Array.from({ length: 11 }, (_, index) => ({
          subscription_id: id,
          cycle: index + 1,
          period_start: new Date(Date.UTC(2026, index + 1, 10, 10)),
          period_end: new Date(Date.UTC(2026, index + 2, 10, 10)),
          amount_cents: 9_900,
          currency: 'usd',
          status: 'succeeded' as const,
        })),
      )
      .execute();
    await db
      .updateTable('payment_subscriptions')
      .set({
        renewed_cycles: 11,
        current_period_start: new Date('2026-12-10T10:00:00Z'),
        current_period_end: new Date('2027-01-10T10:00:00Z'),
      })
      .where('id', '=', id)
      .execute();
    const queue = runner();
    clock.set(new Date('2027-01-10T09:59:00Z'));
    await schedule(queue);
    await queue.runDue();
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('yearly'))).toEqual([]);

    clock.set(new Date('2027-01-10T10:00:00Z'));
    expect(await schedule(queue)).toBe(1);
    await queue.runDue();
    const summaries = (await mailsTo(email)).filter((mail) => mail.subject.includes('yearly'));
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.subject).toBe('Your Bloodwise Monthly subscription: your yearly summary');
    const text = summaries[0]!.text_body;
    expect(text).toContain('Over the past year you paid $1,089 for it.');
    expect(text).toContain(
      'it renews every month at $99: 12 renewals, $1,188 over the coming year',
    );
    expect(text).toContain('You can cancel online at any time');
    expect(text).toContain(`${ORIGIN}/account/subscriptions/${id}`);
    expect(await noticesOf(id)).toContainEqual(
      expect.objectContaining({ kind: 'yearly-summary', occasion: 'year:1' }),
    );
    clock.set(new Date('2027-02-01T10:00:00Z'));
    await schedule(queue);
    await queue.runDue();
    expect((await mailsTo(email)).filter((mail) => mail.subject.includes('yearly'))).toHaveLength(
      1,
    );
  });

  it('reminds no subscription that ends at its period, is paused or skips its coming cycle; a paused one still gets its yearly summary', async () => {
    const ending = await subscribe();
    const paused = await subscribe();
    const skipping = await subscribe();
    const db = database.handle.db;
    await db
      .updateTable('payment_subscriptions')
      .set({ cancel_at_period_end: true, cancel_requested_at: clock.now() })
      .where('id', '=', ending.id)
      .execute();
    await db
      .updateTable('payment_subscriptions')
      .set({ status: 'paused', paused_until: new Date('2027-03-01T00:00:00Z') })
      .where('id', '=', paused.id)
      .execute();
    await db
      .updateTable('payment_subscriptions')
      .set({ skipped_cycle: 1 })
      .where('id', '=', skipping.id)
      .execute();
    const queue = runner();
    clock.set(new Date('2026-02-08T10:00:00Z'));
    expect(await schedule(queue)).toBe(0);
    const notice = { kind: 'renewal-reminder', occasion: 'cycle:1' } as const;
    for (const { id } of [ending, paused, skipping])
      expect(await sendNotice(depsFor(database.handle), id, notice)).toBe(false);
    for (const { email } of [ending, paused, skipping]) expect(await mailsTo(email)).toEqual([]);

    clock.set(new Date('2027-01-10T10:00:00Z'));
    await schedule(queue);
    await queue.runDue();
    expect(await mailsTo(ending.email)).toEqual([]);
    const [summary] = await mailsTo(paused.email);
    expect(summary!.subject).toContain('yearly summary');
    expect(summary!.text_body).toContain('It is paused until March 1, 2027');
  });
});

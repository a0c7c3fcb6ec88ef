import { createMailQueue, mailRetryDelayMs } from '../../../src/services/mail/mail-queue';
import type { MailMessage } from '../../../src/lib/email';
import type { Mailer } from '../../../src/services/mail/mailer';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { testBackend } from '../../helpers/test-database';

describe('the outbox table as the mail queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  function fakeSmtp(fail: (message: MailMessage) => boolean = () => false) {
    const sent: MailMessage[] = [];
    const mailer: Mailer = {
      kind: 'smtp',
      send: async (message) => {
        if (fail(message)) throw new Error('421 try again later');
        sent.push(message);
      },
      close: async () => undefined,
    };
    return { mailer, sent };
  }

  const rowsTo = (to: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['delivered_at', 'attempts', 'last_error', 'next_attempt_at'])
      .where('to_address', '=', to)
      .execute();

  it('queues inside the caller’s transaction and delivers once, after', async () => {
    const { mailer, sent } = fakeSmtp();
    const queue = createMailQueue(t.app.db, mailer, { from: 'Shop <shop@example.com>' });
    await t.app.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, { to: 'Queued@Example.com', subject: 'Hi', text: 'hello' });
    });
    expect(sent).toEqual([]);
    expect(await rowsTo('queued@example.com')).toEqual([
      expect.objectContaining({ delivered_at: null, attempts: 0 }),
    ]);
    expect(await queue.deliverDue()).toBeGreaterThanOrEqual(1);
    expect(sent.map((message) => message.to)).toContain('queued@example.com');
    const [row] = await rowsTo('queued@example.com');
    expect(row?.delivered_at).toBeInstanceOf(Date);
    await queue.deliverDue();
    expect(sent.filter((message) => message.to === 'queued@example.com')).toHaveLength(1);
  });

  it('a rolled-back transaction queues nothing', async () => {
    const { mailer } = fakeSmtp();
    const queue = createMailQueue(t.app.db, mailer, { from: 'Shop <shop@example.com>' });
    await t.app.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue(trx, { to: 'never@example.com', subject: 'Hi', text: 'x' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await rowsTo('never@example.com')).toEqual([]);
  });

  it('keeps a failed message with its error and tries again after the back-off', async () => {
    let down = true;
    const { mailer, sent } = fakeSmtp((message) => down && message.to === 'retry@example.com');
    const queue = createMailQueue(t.app.db, mailer, { from: 'Shop <shop@example.com>' });
    await queue.enqueue(t.app.db, { to: 'retry@example.com', subject: 'Hi', text: 'x' });
    await queue.deliverDue();
    const [failed] = await rowsTo('retry@example.com');
    expect(failed).toMatchObject({
      delivered_at: null,
      attempts: 1,
      last_error: '421 try again later',
    });
    // Not due again before the back-off…
    down = false;
    await queue.deliverDue();
    expect(sent.map((message) => message.to)).not.toContain('retry@example.com');
    // …but after it.
    await queue.deliverDue(new Date(Date.now() + mailRetryDelayMs(1) + 1000));
    expect(sent.map((message) => message.to)).toContain('retry@example.com');
    expect((await rowsTo('retry@example.com'))[0]?.delivered_at).toBeInstanceOf(Date);
  });

  it('two instances sending at once share the queue: each message goes out once', async () => {
    // The second instance's sender has a pool of its own on PostgreSQL (PGlite has one connection).
    const other = testBackend() === 'postgres' ? await t.database.openAnother() : null;
    try {
      const first = fakeSmtp();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The first sender stops inside its batch until the second has sent what it could claim.
      const slowMailer: Mailer = {
        ...first.mailer,
        send: async (message) => {
          await held;
          await first.mailer.send(message);
        },
      };
      const second = fakeSmtp();
      const options = { from: 'Shop <shop@example.com>', batchSize: 3 };
      const queueA = createMailQueue(t.app.db, slowMailer, options);
      const queueB = createMailQueue(other?.db ?? t.app.db, second.mailer, options);
      const to = [1, 2, 3, 4, 5].map((n) => `shared-${n}@example.com`);
      for (const address of to)
        await queueA.enqueue(t.app.db, { to: address, subject: 'Hi', text: 'x' });
      const sendingA = queueA.deliverDue();
      // Wait for A's claim (its batch leased), then let B take what is left.
      for (;;) {
        const claimed = await t.app.db
          .selectFrom('outbox')
          .select('id')
          .where('to_address', 'in', to)
          .where('attempts', '>', 0)
          .execute();
        if (claimed.length > 0) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      await queueB.deliverDue();
      release();
      await sendingA;
      const sent = [...first.sent, ...second.sent]
        .map((message) => message.to)
        .filter((address) => to.includes(address));
      expect(sent.sort()).toEqual([...to].sort());
      expect(first.sent.length).toBeGreaterThan(0);
      expect(second.sent.length).toBeGreaterThan(0);
      for (const address of to)
        expect(await rowsTo(address)).toEqual([
          expect.objectContaining({ attempts: 1, delivered_at: expect.any(Date) }),
        ]);
    } finally {
      await other?.close();
    }
  });

  it('with the dev outbox, queued mail is already delivered: nothing is sent', async () => {
    const queue = createMailQueue(t.app.db, t.app.mailer, { from: 'Shop <shop@example.com>' });
    await queue.enqueue(t.app.db, { to: 'dev@example.com', subject: 'Hi', text: 'x' });
    expect((await rowsTo('dev@example.com'))[0]?.delivered_at).toBeInstanceOf(Date);
    expect(await queue.deliverDue()).toBe(0);
  });

  it('backs off 30 s, 1 min, 2 min … up to an hour', () => {
    expect([1, 2, 3, 8, 20].map((attempts) => mailRetryDelayMs(attempts) / 1000)).toEqual([
      30, 60, 120, 3600, 3600,
    ]);
  });
});

// The one lease claim behind every "claim due rows" loop (orders, upgrades, jobs, outbox). This
// file also runs on PostgreSQL (jest.postgres.config.cjs); postgres-only/claim-due-rows-locks
// shows a row another connection holds being skipped, which PGlite's one connection cannot.
import { claimDueRows } from '../../src/db/claim-due-rows';
import type { Executor } from '../../src/db/schema';
import { createTestDatabase, testBackend, type TestDatabase } from '../helpers/test-database';

// Long before the seed's rows, so only the mail this file writes is ever due.
const now = new Date('2000-01-01T00:00:00.000Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

async function queue(db: Executor, subject: string, dueAt: Date): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      to_address: 'someone@example.test',
      from_address: 'shop@example.test',
      subject,
      text_body: 'body',
      html_body: null,
      created_at: minutes(-60),
      next_attempt_at: dueAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const mailClaim = (db: Executor, at: Date, limit: number) =>
  claimDueRows(db, {
    table: 'outbox',
    due: (mail) =>
      mail.where('delivered_at', 'is', null).where('next_attempt_at', '<=', at).orderBy('id'),
    limit,
    lease: (eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: minutes(10) }),
  }).returning(['subject', 'attempts', 'next_attempt_at']);
const claimMail = (db: Executor, at: Date, limit: number) => mailClaim(db, at, limit).execute();

describe(`claimDueRows (${testBackend()})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('is one statement that locks the chosen ids with skip locked', () => {
    const { sql } = mailClaim(database.handle.db, now, 2).compile();
    expect(sql).toMatch(
      /^update "outbox" set .* where "id" in \(select "id" from "outbox" where .* order by "id" limit \$\d+ for update skip locked\) returning /,
    );
  });

  it('takes the due rows in order up to the limit, leases them, and leaves them until the lease ends', async () => {
    const db = database.handle.db;
    await queue(db, 'first', minutes(-3));
    await queue(db, 'second', minutes(-2));
    await queue(db, 'third', minutes(-1));
    await queue(db, 'later', minutes(5));

    const claimed = await claimMail(db, now, 2);
    expect(claimed.map((row) => row.subject).sort()).toEqual(['first', 'second']);
    for (const row of claimed) {
      expect(row.attempts).toBe(1);
      expect(new Date(row.next_attempt_at)).toEqual(minutes(10));
    }
    // A second claimant at the same moment gets only what is left: leased rows are not due.
    expect((await claimMail(db, now, 10)).map((row) => row.subject)).toEqual(['third']);
    expect(await claimMail(db, now, 10)).toEqual([]);
    // When the lease ends (a claimant that stopped), the rows are due again.
    const retaken = await claimMail(db, minutes(10), 10);
    expect(retaken.map((row) => [row.subject, row.attempts]).sort()).toEqual([
      ['first', 2],
      ['later', 1],
      ['second', 2],
      ['third', 2],
    ]);
  });
});

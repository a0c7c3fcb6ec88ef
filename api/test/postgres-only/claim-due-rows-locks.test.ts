// claimDueRows on two connections: a due row another transaction holds is skipped, not waited
// for, so instances claiming at the same moment take different rows.
import { claimDueRows } from '../../src/db/claim-due-rows';
import type { DatabaseHandle } from '../../src/db/open-database';
import type { Executor } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Long before the seed's rows, so only the mail this file writes is ever due.
const now = new Date('2000-01-01T00:00:00.000Z');

const claimMail = (db: Executor, limit: number) =>
  claimDueRows(db, {
    table: 'outbox',
    due: (mail) => mail.where('next_attempt_at', '<=', now).orderBy('id'),
    limit,
    lease: { next_attempt_at: new Date(now.getTime() + 600_000) },
  })
    .returning('subject')
    .execute();

describe('claimDueRows on two connections', () => {
  let database: TestDatabase;
  let other: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    other = await database.openAnother();
  });
  afterAll(() => database.drop());

  it("skips the row another connection's open transaction holds, and takes the rest", async () => {
    const db = database.handle.db;
    for (const subject of ['held', 'free-1', 'free-2'])
      await db
        .insertInto('outbox')
        .values({
          to_address: 'someone@example.test',
          from_address: 'shop@example.test',
          subject,
          text_body: 'body',
          html_body: null,
          created_at: now,
          next_attempt_at: new Date(now.getTime() - 60_000),
        })
        .execute();

    await other.db.transaction().execute(async (trx) => {
      // The other instance is mid-claim: it holds the oldest row until it commits.
      await trx
        .selectFrom('outbox')
        .select('id')
        .where('subject', '=', 'held')
        .forUpdate()
        .execute();
      const claimed = await claimMail(db, 10);
      expect(claimed.map((row) => row.subject).sort()).toEqual(['free-1', 'free-2']);
    });
    // Once released, the held row is the only one still due.
    expect((await claimMail(db, 10)).map((row) => row.subject)).toEqual(['held']);
  });
});

// On PostgreSQL a transaction's begin is held back and written with its first statement: one
// socket write and one round trip fewer per transaction, and the transaction behaves as before.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
afterEach(() => jest.restoreAllMocks());

/** Socket writes made during `work` (one per statement: pg corks each statement's messages). */
async function socketWrites(work: () => Promise<unknown>): Promise<number> {
  // A connection already open, so the pool's start-up messages are not counted.
  await sql`select 1`.execute(database.handle.db);
  const write = jest.spyOn(net.Socket.prototype, '_write');
  const writev = jest.spyOn(net.Socket.prototype, '_writev');
  await work();
  return write.mock.calls.length + writev.mock.calls.length;
}

const keyCount = async (key: string) =>
  (
    await database.handle.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', key)
      .execute()
  ).length;

const insertKey = (key: string) =>
  sql`insert into idempotency_keys (scope, key, request_hash) values ('test', ${key}, 'h')`;

describe('a transaction on PostgreSQL', () => {
  it('writes its begin with its first statement: two writes for begin, one statement, commit', async () => {
    const key = randomUUID();
    const writes = await socketWrites(() =>
      database.handle.db.transaction().execute((trx) => insertKey(key).execute(trx)),
    );
    expect(writes).toBe(2);
    expect(await keyCount(key)).toBe(1);
  });

  it('still runs its statements in one transaction: a failure rolls back the first', async () => {
    const key = randomUUID();
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        await insertKey(key).execute(trx);
        await insertKey(key).execute(trx);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await keyCount(key)).toBe(0);
    // The connection is back to normal: the next statement is not in a transaction.
    const { rows } = await sql<{
      status: string;
    }>`select case when now() = statement_timestamp() then 'alone' else 'in a transaction' end as status`.execute(
      database.handle.db,
    );
    expect(rows).toEqual([{ status: 'alone' }]);
  });

  it('rolls back when its first statement fails', async () => {
    const key = randomUUID();
    await insertKey(key).execute(database.handle.db);
    await expect(
      database.handle.db.transaction().execute((trx) => insertKey(key).execute(trx)),
    ).rejects.toThrow(/duplicate key/);
    const other = randomUUID();
    await database.handle.db.transaction().execute((trx) => insertKey(other).execute(trx));
    expect(await keyCount(other)).toBe(1);
  });

  it('that ends before any statement sends nothing', async () => {
    expect(
      await socketWrites(() => database.handle.db.transaction().execute(async () => 'nothing')),
    ).toBe(0);
    await expect(
      database.handle.db.transaction().execute(async () => {
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
  });
});

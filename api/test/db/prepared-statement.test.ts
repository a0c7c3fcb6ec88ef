// Statements declared with preparedStatement run prepared: on PGlite through preparingPGlite's own
// protocol exchange (parse once, then bind and execute), on PostgreSQL as pg named statements.
// Either way they must take and return values exactly as an unprepared query does.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import { preparedStatement } from '../../src/db/prepared-statement';
import { createTestDatabase, testBackend, type TestDatabase } from '../helpers/test-database';

const ECHO_TEXT = `select $1::text as text, $2::integer as integer, $3::bigint as big, $4::boolean as flag,
  $5::jsonb as json, $6::timestamptz as at, $7::uuid as id, $8::text as nothing`;
const echo = preparedStatement('test_echo_every_type', ECHO_TEXT);
const insertKey = preparedStatement(
  'test_insert_idempotency_key',
  `insert into idempotency_keys (scope, key, request_hash) values ($1::text, $2::text, 'h') returning key`,
);

describe(`prepared statements (${testBackend()})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const values = () => [
    'café',
    42,
    9_007_199_254_740_991,
    true,
    JSON.stringify({ line1: '10 Elm St', n: 1 }),
    new Date('2026-11-25T12:34:56.789Z'),
    randomUUID(),
    null,
  ];

  it('bind parameters and parse rows exactly as an unprepared query does, call after call', async () => {
    const db = database.handle.db;
    for (let call = 0; call < 3; call += 1) {
      const parameters = values();
      const prepared = await db.executeQuery(echo(parameters));
      // The same text with a space more is not a declared statement: it runs unprepared.
      const plain = await db.executeQuery(CompiledQuery.raw(`${ECHO_TEXT} `, parameters));
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows[0]).toEqual({
        text: 'café',
        integer: 42,
        big: 9_007_199_254_740_991,
        flag: true,
        json: { line1: '10 Elm St', n: 1 },
        at: new Date('2026-11-25T12:34:56.789Z'),
        id: parameters[6],
        nothing: null,
      });
    }
  });

  it('surface a database error, and the next call runs normally', async () => {
    const db = database.handle.db;
    const key = randomUUID();
    expect((await db.executeQuery(insertKey(['test', key]))).rows).toEqual([{ key }]);
    await expect(db.executeQuery(insertKey(['test', key]))).rejects.toThrow(/duplicate key/);
    const other = randomUUID();
    expect((await db.executeQuery(insertKey(['test', other]))).rows).toEqual([{ key: other }]);
  });

  it('run inside a transaction, and roll back with it', async () => {
    const db = database.handle.db;
    const key = randomUUID();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.executeQuery(insertKey(['test', key]));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = await sql`select key from idempotency_keys where key = ${key}`.execute(db);
    expect(rows).toEqual([]);
  });

  it('are prepared once in the session', async () => {
    const db = database.handle.db;
    await db.transaction().execute(async (trx) => {
      // One connection for the calls and the look-up (PostgreSQL prepares per connection).
      await trx.executeQuery(echo(values()));
      await trx.executeQuery(echo(values()));
      const { rows } = await sql<{
        name: string;
      }>`select name from pg_prepared_statements where name = 'test_echo_every_type'`.execute(trx);
      expect(rows).toEqual([{ name: 'test_echo_every_type' }]);
    });
  });
});

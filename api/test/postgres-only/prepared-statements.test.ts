import { sql } from 'kysely';
import { preparedStatement } from '../../src/db/prepared-statement';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const plusOne = preparedStatement('test_plus_one', 'select $1::integer + 1 as n');

describe('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('run as named statements, prepared once per connection and bound per call', async () => {
    await database.handle.db.transaction().execute(async (trx) => {
      // A transaction keeps one connection, so both calls and the look-up share it.
      const first = await trx.executeQuery<{ n: number }>(plusOne([1]));
      const second = await trx.executeQuery<{ n: number }>(plusOne([41]));
      expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([2, 42]);
      const { rows } = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements where name = 'test_plus_one'`.execute(
        trx,
      );
      expect(rows).toEqual([{ name: 'test_plus_one', statement: 'select $1::integer + 1 as n' }]);
    });
  });

  it('leave every other query unnamed', async () => {
    await database.handle.db.transaction().execute(async (trx) => {
      await sql`select ${1}::integer as one`.execute(trx);
      const { rows } = await sql<{
        count: number;
      }>`select count(*) as count from pg_prepared_statements where statement like '%as one%'`.execute(
        trx,
      );
      expect(Number(rows[0]?.count)).toBe(0);
    });
  });

  it('refuse a second statement under a name already taken', () => {
    expect(() => preparedStatement('test_plus_one', 'select 2')).toThrow(/named test_plus_one/);
  });
});

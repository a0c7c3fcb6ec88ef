import { sql } from 'kysely';
import { migrateToLatest, MIGRATION_TABLE } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { toCount } from '../../src/lib/count';
import { parseInt8 } from '../../src/db/open-database';
import { createTestDatabase, testBackend, type TestDatabase } from '../helpers/test-database';

describe(`database (${testBackend()})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('records every migration in order and re-running is a no-op', async () => {
    const db = database.handle.db;
    const rows = await sql<{
      name: string;
    }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
    expect(rows.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('returns counts and bigints as numbers on both drivers', async () => {
    const db = database.handle.db;
    const { count } = await db
      .selectFrom('products')
      .select(db.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(toCount(count)).toBeGreaterThan(10);
    const big = await sql<{ value: unknown }>`select 9007199254740991::bigint as value`.execute(db);
    expect(big.rows[0]!.value).toBe(9007199254740991);
    expect(() => parseInt8('9007199254740993')).toThrow(RangeError);
  });

  it('rolls back a failed transaction completely', async () => {
    const db = database.handle.db;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('invitations')
          .values({
            email: 'tx@example.com',
            first_name: 'T',
            last_name: 'X',
            source: 'ny_waitlist',
          })
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(
      await db
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', 'tx@example.com')
        .execute(),
    ).toHaveLength(0);
  });

  it('supports savepoints: a nested transaction rolls back alone', async () => {
    const db = database.handle.db;
    const trx = await db.startTransaction().execute();
    await trx
      .insertInto('referrals')
      .values({ email: 'outer@example.com', referred: 'a@example.com' })
      .execute();
    const nested = await trx.savepoint('inner').execute();
    await nested
      .insertInto('referrals')
      .values({ email: 'inner@example.com', referred: 'b@example.com' })
      .execute();
    await nested.rollbackToSavepoint('inner').execute();
    await trx.commit().execute();
    const emails = (await db.selectFrom('referrals').select('email').execute()).map(
      (row) => row.email,
    );
    expect(emails).toContain('outer@example.com');
    expect(emails).not.toContain('inner@example.com');
  });

  it('serialises concurrent transactions without losing writes', async () => {
    const db = database.handle.db;
    await db
      .insertInto('discounts')
      .values({ code: 'COUNTER', kind: 'amount', amount_off_cents: 100 })
      .execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('discounts')
            .select('times_redeemed')
            .where('code', '=', 'COUNTER')
            .forUpdate()
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('discounts')
            .set({ times_redeemed: row.times_redeemed + 1 })
            .where('code', '=', 'COUNTER')
            .execute();
        }),
      ),
    );
    const { times_redeemed } = await db
      .selectFrom('discounts')
      .select('times_redeemed')
      .where('code', '=', 'COUNTER')
      .executeTakeFirstOrThrow();
    expect(times_redeemed).toBe(20);
  });

  it('enforces the schema rules: lower-case emails, whole-cent non-negative money', async () => {
    const db = database.handle.db;
    await expect(
      db
        .insertInto('users')
        .values({
          email: 'Upper@Example.com',
          name: 'x',
          password_hash: null,
          shopify_id: null,
          kit_id: null,
          signup_session_id: null,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('prices')
        .values({
          id: 'p_neg',
          lookup_key: 'neg',
          product_key: 'bloodwise-kit',
          unit_amount_cents: -1,
          currency: 'usd',
          type: 'one_time',
          recurring_interval: null,
          recurring_interval_count: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('seeded a price for every derived recurring interval', async () => {
    const rows = await database.handle.db
      .selectFrom('prices')
      .select(['recurring_interval', 'recurring_interval_count', 'metadata'])
      .execute();
    const intervals = rows.map(
      (row) => `${row.recurring_interval ?? 'one_time'}x${row.recurring_interval_count ?? 1}`,
    );
    for (const expected of [
      'one_timex1',
      'monthx1',
      'monthx3',
      'monthx6',
      'yearx1',
      'dayx28',
      'yearx2',
      'dayx20',
      'dayx60',
    ]) {
      expect(intervals).toContain(expected);
    }
    expect(rows.some((row) => row.metadata.unlimited_upgrade === 'true')).toBe(true);
  });
});

// The counter counts the statements of the work it is given, not those another task runs on the
// same handle meanwhile (an app's pollers, schedulers and job handlers).
import { sql } from 'kysely';
import { statementCounter } from './statement-counter';
import { createTestDatabase, type TestDatabase } from './test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

it('counts the work it is given and not a task running beside it', async () => {
  const { plugin, counted } = statementCounter({
    skip: (node) => node.kind === 'SelectQueryNode' && node.from?.froms.length === 2,
  });
  const db = database.handle.db.withPlugin(plugin);
  let releaseBeside!: () => void;
  const besideMayGo = new Promise<void>((resolve) => {
    releaseBeside = resolve;
  });
  // Started outside the counted work, it runs its statements while that work is under way.
  const beside = (async () => {
    await besideMayGo;
    for (let i = 0; i < 3; i += 1) await sql`select 1`.execute(db);
  })();
  const { result, statements, built } = await counted(async () => {
    releaseBeside();
    await db.selectFrom('products').select('key').limit(1).execute();
    await db.selectFrom(['products', 'prices']).select('products.key').limit(1).execute();
    await sql`select 2`.execute(db);
    await beside;
    return 'done';
  });
  expect(result).toBe('done');
  // The skipped join is left out, and none of the three statements run beside.
  expect({ statements, built }).toEqual({ statements: 2, built: 2 });
});

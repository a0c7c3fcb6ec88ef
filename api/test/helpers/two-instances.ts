import { buildTestApp, type BuildTestAppOptions, type TestApp } from './build-test-app';
import { createTestDatabase, testBackend, type TestDatabase } from './test-database';

export interface TwoInstances {
  database: TestDatabase;
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two API instances on one fresh database. On PostgreSQL the second has a pool of its own; PGlite
 * has one connection, which both share.
 */
async function buildTwoInstances(
  options: Omit<BuildTestAppOptions, 'database' | 'handle'> = {},
): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const a = await buildTestApp({ ...options, database });
  const b = await buildTestApp({
    ...options,
    database,
    handle: testBackend() === 'postgres' ? await database.openAnother() : undefined,
  });
  return {
    database,
    a,
    b,
    async close() {
      await b.close();
      await a.close();
      await database.drop();
    },
  };
}

/** Builds two instances before the file's tests (handed to `use`) and closes them after. */
export function useTwoInstances(
  use: (instances: TwoInstances) => void,
  options: Omit<BuildTestAppOptions, 'database' | 'handle'> = {},
): void {
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await buildTwoInstances(options);
    use(instances);
  });
  afterAll(() => instances?.close());
}

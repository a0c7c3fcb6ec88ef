// The same repository and route tests, against a real PostgreSQL 15 cluster started for the
// run (see test/postgres/global-setup.ts). Run through scripts/test-postgres.mjs, which installs
// PostgreSQL when it can or says loudly that the suite is skipped.
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: 'api (postgres)',
  testMatch: [
    '<rootDir>/test/routes/**/*.test.ts',
    '<rootDir>/test/helpers/statement-counter.test.ts',
    '<rootDir>/test/db/database.test.ts',
    '<rootDir>/test/db/claim-due-rows.test.ts',
    '<rootDir>/test/db/prepared-statement.test.ts',
    '<rootDir>/test/db/migrations/**/*.test.ts',
    '<rootDir>/test/services/**/*.test.ts',
    '<rootDir>/test/plugins/**/*.test.ts',
    '<rootDir>/test/modules/**/*.test.ts',
    '<rootDir>/test/postgres-only/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: '<rootDir>/test/postgres/global-setup.ts',
  globalTeardown: '<rootDir>/test/postgres/global-teardown.ts',
  // Each file copies the template into its own database, so files are independent; jest's default
  // on 2 cores is one worker, which leaves a core idle while a file waits on the server.
  maxWorkers: 2,
};

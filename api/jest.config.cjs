const { jestConfig } = require('../jest.base.cjs');

// Packages jest must compile: ESM-only ones (kysely, cookie, content-disposition) and CommonJS
// ones that load modules with import(), which jest's VM cannot run (PGlite, @fastify/cookie,
// react-email's render, which imports react-dom/server).
const COMPILED_PACKAGES = [
  'uuid',
  '@module-federation',
  'kysely',
  '@electric-sql',
  '@fastify[+/]cookie',
  'cookie',
  'content-disposition',
  '@react-email',
];

const config = jestConfig({
  dir: __dirname,
  env: 'node',
  extra: {
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${COMPILED_PACKAGES.join('|')})[@/+])`],
    // Suites that need a real PostgreSQL run only in jest.postgres.config.cjs.
    testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/postgres-only/'],
    testTimeout: 30_000,
    globalSetup: '<rootDir>/test/pglite/global-setup.ts',
  },
});
const [swcTransform] = Object.values(config.transform);
config.transform = { '^.+\\.(c|m)?(t|j)sx?$': swcTransform };

module.exports = config;

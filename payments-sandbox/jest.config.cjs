const { jestConfig } = require('../jest.base.cjs');

// kysely ships ESM only: jest compiles it.
module.exports = jestConfig({
  dir: __dirname,
  env: 'node',
  extra: { transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(kysely)[@/+])'] },
});

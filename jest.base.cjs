// Shared jest settings: every package compiles TypeScript with @swc/jest.
const path = require('node:path');

/** @param {{ dir: string, env?: 'node' | 'jsdom', extra?: object }} opts */
function jestConfig({ dir, env = 'node', extra = {} }) {
  return {
    displayName: path.basename(dir),
    rootDir: dir,
    testEnvironment: env,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // uuid and a few others ship ESM only; let swc compile them for jest.
    transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(uuid|@module-federation)[@/+])'],
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'jest.style-mock.cjs'),
      // antd's es/ build is ESM, which jest on Node 20 cannot require; its lib/ twin is CommonJS.
      '^antd/es/(.*)$': 'antd/lib/$1',
      '^@testing-library/user-event$': path.join(__dirname, 'jest.user-event.cjs'),
    },
    setupFiles: env === 'jsdom' ? [path.join(__dirname, 'jest.polyfills-dom.cjs')] : [],
    setupFilesAfterEnv: env === 'jsdom' ? [path.join(__dirname, 'jest.setup-dom.cjs')] : [],
    ...extra,
  };
}

module.exports = { jestConfig };

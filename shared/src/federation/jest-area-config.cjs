// Jest settings for the shell and the remotes: jsdom, plus antd's CommonJS build (its es/ build is
// ESM, which jest on Node 20 cannot require) and the polyfills react-router needs.
const path = require('node:path');
const { jestConfig } = require('../../../jest.base.cjs');

function areaJestConfig(dir) {
  return jestConfig({
    dir,
    env: 'jsdom',
    extra: {
      setupFiles: [path.join(__dirname, 'jest-dom-polyfills.cjs')],
      moduleNameMapper: {
        '\\.(css)$': path.join(__dirname, '../../../jest.style-mock.cjs'),
        '^antd/es/(.*)$': 'antd/lib/$1',
      },
    },
  });
}

module.exports = { areaJestConfig };

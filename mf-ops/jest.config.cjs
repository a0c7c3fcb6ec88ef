const { jestConfig } = require('../jest.base.cjs');

module.exports = jestConfig({ dir: __dirname, env: 'jsdom' });

const { areaJestConfig } = require('../shared/src/federation/jest-area-config.cjs');

module.exports = areaJestConfig(__dirname);

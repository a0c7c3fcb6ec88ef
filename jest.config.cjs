// Runs every package's unit, component and API tests in one jest invocation.
module.exports = {
  projects: ['shared', 'shell', 'mf-account', 'mf-catalog', 'mf-checkout', 'mf-upgrades', 'mf-storefront', 'api'].map(
    (dir) => `<rootDir>/${dir}`,
  ),
};

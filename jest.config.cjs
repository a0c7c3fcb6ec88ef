// Runs every package's unit, component and API tests in one jest invocation.
module.exports = {
  projects: [
    'shared',
    'shell',
    'mf-account',
    'mf-catalog',
    'mf-checkout',
    'mf-upgrades',
    'mf-storefront',
    'mf-ops',
    'api',
    'payments-sandbox',
  ].map((dir) => `<rootDir>/${dir}`),
  // testTimeout is a global option: a project's own value is ignored under `projects`. The API's
  // per-file databases need more than jest's 5 s default on a busy machine.
  testTimeout: 30_000,
  // Jest's default is one worker fewer than the cores: on a 2-core CI machine that runs every file
  // in one process. The files wait on I/O (databases, timers) often enough that two keep both busy.
  maxWorkers: 2,
};

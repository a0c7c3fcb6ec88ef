// Runs the PostgreSQL suite. Finds PostgreSQL and HAProxy (the scale-out test's load balancer);
// installs them through apt when root and missing; otherwise skips loudly (the whole suite, or
// the scale-out file), unless REQUIRE_POSTGRES=1, which turns either skip into a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const binDirs = [
  '/usr/lib/postgresql/15/bin',
  '/usr/lib/postgresql/16/bin',
  '/usr/lib/postgresql/17/bin',
];
const hasPostgres = () =>
  binDirs.some((dir) => fs.existsSync(path.join(dir, 'initdb'))) ||
  spawnSync('sh', ['-c', 'command -v initdb']).status === 0;
const hasHaproxy = () =>
  ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((file) => fs.existsSync(file)) ||
  spawnSync('sh', ['-c', 'command -v haproxy']).status === 0;
const required = process.env.REQUIRE_POSTGRES === '1';

/** Says loudly what is skipped; with REQUIRE_POSTGRES=1 it is a failure and the run ends. */
function skipLoudly(lines) {
  banner(required ? [...lines, 'REQUIRE_POSTGRES=1 is set, so this is a failure.'] : lines);
  if (required) process.exit(1);
}

function banner(lines) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '!'.repeat(width);
  console.warn(
    ['', rule, ...lines.map((line) => `! ${line.padEnd(width - 4)} !`), rule, ''].join('\n'),
  );
}

const missing = [...(hasPostgres() ? [] : ['postgresql']), ...(hasHaproxy() ? [] : ['haproxy'])];
if (
  missing.length > 0 &&
  process.getuid?.() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
) {
  console.log(`Installing Debian's ${missing.join(' and ')} for the PostgreSQL test suite…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
}

if (!hasPostgres()) {
  const lines = [
    'POSTGRESQL TEST SUITE SKIPPED: PostgreSQL (initdb) is not installed',
    'and this user cannot install it. Install Debian\'s "postgresql" package',
    'to run the repository and route tests against PostgreSQL 15.',
  ];
  skipLoudly(lines);
  process.exit(0);
}

// Without HAProxy only the scale-out file is left out: three instances need their balancer.
const withoutScaleOut = [];
if (!hasHaproxy()) {
  const lines = [
    'SCALE-OUT TEST SKIPPED: HAProxy is not installed and this user cannot',
    'install it. Install Debian\'s "haproxy" package to run three API',
    'instances behind a load balancer (test/postgres-only/scale-out.test.ts).',
  ];
  skipLoudly(lines);
  withoutScaleOut.push(
    '--testPathIgnorePatterns=/node_modules/',
    '--testPathIgnorePatterns=/test/postgres-only/scale-out',
  );
}

const jestBin = path.join(apiRoot, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(
  process.execPath,
  [jestBin, '-c', 'jest.postgres.config.cjs', ...withoutScaleOut, ...process.argv.slice(2)],
  {
    cwd: apiRoot,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

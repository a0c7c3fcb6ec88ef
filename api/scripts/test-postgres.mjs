// Runs the PostgreSQL suite. Finds PostgreSQL; installs it through apt when root and missing;
// otherwise skips loudly, unless REQUIRE_POSTGRES=1, which turns the skip into a failure.
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
const required = process.env.REQUIRE_POSTGRES === '1';

function banner(lines) {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '!'.repeat(width);
  console.warn(
    ['', rule, ...lines.map((line) => `! ${line.padEnd(width - 4)} !`), rule, ''].join('\n'),
  );
}

if (
  !hasPostgres() &&
  process.getuid?.() === 0 &&
  spawnSync('sh', ['-c', 'command -v apt-get']).status === 0
) {
  console.log(
    "PostgreSQL is missing: installing Debian's postgresql package for the PostgreSQL test suite…",
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
}

if (!hasPostgres()) {
  const lines = [
    'POSTGRESQL TEST SUITE SKIPPED: PostgreSQL (initdb) is not installed',
    'and this user cannot install it. Install Debian\'s "postgresql" package',
    'to run the repository and route tests against PostgreSQL 15.',
  ];
  banner(required ? [...lines, 'REQUIRE_POSTGRES=1 is set, so this is a failure.'] : lines);
  process.exit(required ? 1 : 0);
}

const jestBin = path.join(apiRoot, '..', 'node_modules', 'jest', 'bin', 'jest.js');
const result = spawnSync(
  process.execPath,
  [jestBin, '-c', 'jest.postgres.config.cjs', ...process.argv.slice(2)],
  {
    cwd: apiRoot,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);

// Playwright's own browser download cannot work here, so the tests drive Debian's Chromium.
// Installs it when missing and we are root with apt; otherwise stops with the package name.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (existsSync(CHROMIUM_PATH)) {
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && hasCommand('apt-get')) {
  console.log(
    `${CHROMIUM_PATH} is missing: installing the Debian package "chromium" with apt-get.`,
  );
  if (
    run('apt-get', ['update']) &&
    run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']) &&
    existsSync(CHROMIUM_PATH)
  ) {
    process.exit(0);
  }
  console.error(
    'apt-get could not install the "chromium" package; install it and run the tests again.',
  );
  process.exit(1);
}

console.error(
  `The browser tests need Chromium at ${CHROMIUM_PATH}. Install the Debian package "chromium" ` +
    '(sudo apt-get install chromium) or set CHROMIUM_PATH, then run the tests again.',
);
process.exit(1);

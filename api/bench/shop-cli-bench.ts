// How long `pnpm shop` takes from the command to the changed registry: the CLI run through tsx
// (compiling its TypeScript on each run, as before) against the bundle api/scripts/shop.mjs runs.
// Deploy, promote and abort of a canary alternate between the two, so both see the same load.
// Run: pnpm --filter api exec tsx bench/shop-cli-bench.ts [rounds]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const apiDir = path.resolve(__dirname, '..');
const repoRoot = path.dirname(apiDir);
const rounds = Number(process.argv[2] ?? 5);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-bench-'));
const env = {
  ...process.env,
  DEPLOY_DIR: path.join(work, 'deploy'),
  DATA_DIR: path.join(work, 'data'),
  SHOP_ENV: 'bench',
};

const variants: Record<string, string[]> = {
  tsx: [path.join(repoRoot, 'node_modules', '.bin', 'tsx'), path.join(apiDir, 'src/cli/shop.ts')],
  bundle: [process.execPath, path.join(apiDir, 'scripts/shop.mjs')],
};

function run(variant: string, args: string[]): number {
  const [command, ...first] = variants[variant] as string[];
  const started = performance.now();
  const result = spawnSync(command as string, [...first, ...args], { cwd: repoRoot, env });
  if (result.status !== 0)
    throw new Error(`${variant} ${args.join(' ')} failed: ${result.stderr.toString()}`);
  return performance.now() - started;
}

/** A second build of mf-checkout (one byte more), so a canary has a version to deploy. */
function secondBuild(): string {
  const dist = path.join(repoRoot, 'mf-checkout', 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json')))
    throw new Error('Build mf-checkout first (pnpm --filter mf-checkout build).');
  const copy = path.join(work, 'v2');
  fs.cpSync(dist, copy, { recursive: true });
  fs.appendFileSync(path.join(copy, 'remoteEntry.js'), '\n/* bench */\n');
  return copy;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function main(): void {
  run('bundle', ['deploy', 'mf-checkout']);
  const v2 = secondBuild();
  const steps: [string, string[]][] = [
    ['deploy --canary 5', ['release', 'deploy', 'mf-checkout', '--from', v2, '--canary', '5']],
    ['promote', ['release', 'promote', 'mf-checkout']],
    ['abort', ['release', 'abort', 'mf-checkout']],
  ];
  const times: Record<string, Record<string, number[]>> = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const variant of round % 2 ? ['bundle', 'tsx'] : ['tsx', 'bundle']) {
      for (const [name, args] of steps) {
        ((times[variant] ??= {})[name] ??= []).push(run(variant, args));
      }
    }
  }
  console.log(
    `${rounds} rounds, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const [variant, byStep] of Object.entries(times))
    for (const [name, values] of Object.entries(byStep))
      console.log(
        `${variant.padEnd(7)} ${name.padEnd(18)} median ${Math.round(median(values))} ms`,
      );
  fs.rmSync(work, { recursive: true, force: true });
}

main();

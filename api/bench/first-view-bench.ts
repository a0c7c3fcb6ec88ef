// `pnpm --filter api bench:first-view [--server <built server.js>] [--runs N]`: against the built
// server with the real shell and catalog builds, the time of a normal first view of /pricing and
// the /healthz latency while the live catalog's renderer busy-waits 4 s. Not a test: it prints
// medians. --server runs another build of the API (e.g. one from before a change) the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { FIRST_VIEW_STATE_ID, SERVER_RENDER_FILE } from '@shop/shared/ssr/server-render';

const API_DIR = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(API_DIR, '..');
const TSX = path.join(API_DIR, 'node_modules', '.bin', 'tsx');
const BUSY_MS = 4_000;

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

const SERVER = path.resolve(process.cwd(), flag('server', path.join(API_DIR, 'dist', 'server.js')));
const RUNS = Number(flag('runs', '15'));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => Math.round(value);
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: API_DIR, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

async function timed(
  url: string,
  accept = 'application/json',
): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept } });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return { ms: performance.now() - started, body };
}

async function main() {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-first-view-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: base,
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(workDir, 'pglite'),
    DEPLOY_DIR: path.join(workDir, 'deploy'),
    SHOP_ENV: 'bench',
    SHOP_OPERATOR: 'bench',
    PAGE_VIEW_TOKEN: 'bench-page-view-token-0123456789',
  };
  delete env.DATABASE_URL;
  const shop = (...args: string[]) => run(TSX, ['src/cli/shop.ts', ...args], env);
  let server: ChildProcess | undefined;
  try {
    await shop('deploy-all');
    server = spawn(process.execPath, [SERVER], { cwd: API_DIR, env, stdio: 'inherit' });
    for (;;) {
      if (server.exitCode !== null) throw new Error(`${SERVER} exited ${server.exitCode}`);
      if (
        await fetch(`${base}/healthz`).then(
          (res) => res.ok,
          () => false,
        )
      )
        break;
      await sleep(200);
    }

    const healthzIdle: number[] = [];
    for (let i = 0; i < RUNS; i += 1) healthzIdle.push((await timed(`${base}/healthz`)).ms);

    // The first render starts the renderer (a worker, the 4 MB bundle); the others each render an
    // uncached query string with the renderer loaded.
    const cold = await timed(`${base}/pricing?bench=cold`, 'text/html');
    const warm: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const page = await timed(`${base}/pricing?bench=${i}`, 'text/html');
      if (!page.body.includes(`id="${FIRST_VIEW_STATE_ID}"`))
        throw new Error('/pricing came without a first view');
      warm.push(page.ms);
    }

    // The incident: the catalog's own renderer behind a 4 s busy-wait, deployed as a new build.
    const slowDist = path.join(workDir, 'mf-catalog-slow');
    await fs.cp(path.join(REPO_ROOT, 'mf-catalog', 'dist'), slowDist, { recursive: true });
    await fs.rm(path.join(slowDist, 'build-info.json'), { force: true });
    await fs.appendFile(
      path.join(slowDist, SERVER_RENDER_FILE),
      `\nmodule.exports = ((real) => ({ renderArea: async (request) => { const end = Date.now() + ${BUSY_MS}; while (Date.now() < end) {} return real.renderArea(request); } }))(module.exports);\n`,
    );
    await shop('deploy', 'mf-catalog', '--from', slowDist);

    const pricingSlow: number[] = [];
    const healthzDuring: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 5); i += 1) {
      const page = timed(`${base}/pricing?slow=${i}`, 'text/html');
      // Let the render start, then ask /healthz once while it runs.
      await sleep(300);
      healthzDuring.push((await timed(`${base}/healthz`)).ms);
      pricingSlow.push((await page).ms);
      // Let the renderer finish or be stopped before the next round.
      await sleep(BUSY_MS);
    }

    console.log(
      `\nFirst view bench: ${path.relative(REPO_ROOT, SERVER)}, ${RUNS} runs, medians in ms`,
    );
    console.table({
      'GET /healthz, idle': { ms: ms(median(healthzIdle)), max: ms(Math.max(...healthzIdle)) },
      'GET /pricing, first render (cold)': { ms: ms(cold.ms), max: ms(cold.ms) },
      'GET /pricing, uncached render': { ms: ms(median(warm)), max: ms(Math.max(...warm)) },
      [`GET /pricing, ${BUSY_MS / 1000} s busy-wait renderer`]: {
        ms: ms(median(pricingSlow)),
        max: ms(Math.max(...pricingSlow)),
      },
      [`GET /healthz during that render`]: {
        ms: ms(median(healthzDuring)),
        max: ms(Math.max(...healthzDuring)),
      },
    });
  } finally {
    server?.kill('SIGTERM');
    if (server && server.exitCode === null)
      await new Promise((resolve) => server?.once('exit', resolve));
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

// Support for the delivery browser tests: each spec file gets its own shop server with its own
// artifact store, registry and database, so deploys and rollbacks here never disturb other specs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const API_DIR = path.join(REPO_ROOT, 'api');
const TSX = path.join(API_DIR, 'node_modules', '.bin', 'tsx');
/** The API's entry point; it serves the shell and the store through the site plugin. */
const SERVER_ENTRY = process.env.SHOP_E2E_SERVER_ENTRY ?? 'src/server.ts';

export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

export interface DeliveryServer {
  url: string;
  workDir: string;
  /** Runs `pnpm shop <args>` against this server's store and registry. */
  shop(...args: string[]): Promise<CommandResult>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The shop server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The shop server did not become healthy:\n${log()}`);
}

export async function startDeliveryServer(): Promise<DeliveryServer> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-e2e-delivery-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: url,
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(workDir, 'pglite'),
    DEPLOY_DIR: path.join(workDir, 'deploy'),
    SHOP_ENV: 'e2e',
    SHOP_OPERATOR: 'e2e-operator',
  };
  delete env.DATABASE_URL;
  let output = '';
  const server = spawn(TSX, [SERVER_ENTRY], { cwd: API_DIR, env });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(url, server, () => output);
  return {
    url,
    workDir,
    shop: (...args) => run(TSX, ['src/cli/shop.ts', ...args], env, API_DIR),
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        await exited;
      }
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts a server for the spec file (serial mode: the tests share its store and registry) and
 * stops it afterwards; `prepare` runs once it is up, e.g. to deploy remotes.
 */
export function deliveryServerForFile(
  prepare?: (server: DeliveryServer) => Promise<void>,
): () => DeliveryServer {
  let server: DeliveryServer | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startDeliveryServer();
    await prepare?.(server);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The delivery server is not running.');
    return server;
  };
}

/** sha256 of every file of the shell's build: deploys and rollbacks must leave them alone. */
export async function shellFileHashes(): Promise<Record<string, string>> {
  const dist = path.join(REPO_ROOT, 'shell', 'dist');
  const hashes: Record<string, string> = {};
  for (const name of (await fs.readdir(dist, { recursive: true })).sort()) {
    const full = path.join(dist, name);
    if ((await fs.stat(full)).isFile())
      hashes[name] = createHash('sha256')
        .update(await fs.readFile(full))
        .digest('hex');
  }
  return hashes;
}

export async function hasBuild(packageName: string): Promise<boolean> {
  return fs.access(path.join(REPO_ROOT, packageName, 'dist', 'mf-manifest.json')).then(
    () => true,
    () => false,
  );
}

/**
 * Copies a remote's build and changes it the way a new release would: every JS string `from`
 * becomes `to`. Returns the folder, ready for `shop deploy <remote> --from <folder>`.
 */
export async function patchedCopyOfBuild(
  workDir: string,
  packageName: string,
  label: string,
  from: string,
  to: string,
): Promise<string> {
  const source = path.join(REPO_ROOT, packageName, 'dist');
  const target = path.join(workDir, `${packageName}-${label}`);
  await fs.cp(source, target, { recursive: true });
  let replaced = 0;
  for (const name of await fs.readdir(target)) {
    if (!name.endsWith('.js')) continue;
    const file = path.join(target, name);
    const text = await fs.readFile(file, 'utf8');
    if (text.includes(from)) {
      replaced += text.split(from).length - 1;
      await fs.writeFile(file, text.split(from).join(to));
    }
  }
  if (replaced === 0)
    throw new Error(
      `"${from}" does not occur in ${packageName}'s built JavaScript; cannot make a visible change.`,
    );
  await fs.rm(path.join(target, 'build-info.json'), { force: true });
  return target;
}

/** A copy of a remote's build whose manifest declares another shell-contract version. */
export async function copyWithContract(
  workDir: string,
  packageName: string,
  contractVersion: string,
): Promise<string> {
  const target = path.join(workDir, `${packageName}-contract-${contractVersion}`);
  await fs.cp(path.join(REPO_ROOT, packageName, 'dist'), target, { recursive: true });
  const manifestPath = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8')) as {
    metaData: Record<string, unknown>;
  };
  manifest.metaData.shellContractVersion = contractVersion;
  await fs.writeFile(manifestPath, JSON.stringify(manifest));
  await fs.rm(path.join(target, 'build-info.json'), { force: true });
  return target;
}

/** The version a `shop deploy` or `shop rollback` reports as live. */
export function liveVersionFrom(result: CommandResult): string {
  const match = /mf_\w+ (\S+) is live in/.exec(result.out);
  if (result.code !== 0 || !match)
    throw new Error(`shop failed (exit ${result.code}):\n${result.out}\n${result.err}`);
  return match[1]!;
}

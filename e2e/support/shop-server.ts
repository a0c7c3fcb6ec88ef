// The shop under test: the BUILT API server (`node api/dist/server.js`), which serves the shell,
// /config.js, /remotes.json and the artifact store on one origin, started on a free port with its
// own temp database and deploy dir. Specs import `{ test, expect }` from here and get one server
// per Playwright worker (the `shop` fixture), with every remote deployed once and `baseURL` set.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import type { OutboxMessage } from '../../shared/src/contract/dev';

export { expect };

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const API_DIR = path.join(REPO_ROOT, 'api');
const SERVER_ENTRY = path.join(API_DIR, 'dist', 'server.js');
const TSX = path.join(API_DIR, 'node_modules', '.bin', 'tsx');
const SHOP_CLI = path.join('src', 'cli', 'shop.ts');

export const REMOTE_PACKAGES = [
  'mf-account',
  'mf-catalog',
  'mf-checkout',
  'mf-upgrades',
  'mf-storefront',
  'mf-ops',
] as const;

/** The bearer token the server expects on POST /impact/log-page-view (and hands the shell in /config.js). */
export const E2E_PAGE_VIEW_TOKEN = 'e2e-page-view-token-0123456789';

export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

export interface ShopServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Temp folder holding this server's database (pglite/) and artifact store (deploy/). */
  workDir: string;
  deployDir: string;
  /** The environment the server and `shop` commands run with. */
  env: NodeJS.ProcessEnv;
  pageViewToken: string;
  /** Runs `pnpm shop <args>` against this server's store and registry. */
  shop(...args: string[]): Promise<CommandResult>;
  /** Mail the server's outbox mailer kept for an address (GET /dev/outbox?to=). */
  outbox(email: string): Promise<OutboxMessage[]>;
  /** Server output so far (for failure messages). */
  log(): string;
  stop(): Promise<void>;
}

export interface StartShopServerOptions {
  /** Run `shop deploy-all` once the server is up (default true); release specs deploy by hand. */
  deployAll?: boolean;
  /** Leave the temp folder on disk when stopping (the global setup keeps it as the template). */
  keepWorkDir?: boolean;
  /** Extra environment for the server and the CLI. */
  env?: NodeJS.ProcessEnv;
  /** Prefix of the temp folder's name. */
  label?: string;
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

/** Throws one clear message naming every missing build output. */
export function assertShopIsBuilt(): void {
  const needed = [
    SERVER_ENTRY,
    path.join(REPO_ROOT, 'shell', 'dist', 'index.html'),
    ...REMOTE_PACKAGES.map((name) => path.join(REPO_ROOT, name, 'dist', 'mf-manifest.json')),
  ];
  const missing = needed
    .filter((file) => !existsSync(file))
    .map((file) => path.relative(REPO_ROOT, file));
  if (missing.length > 0) {
    throw new Error(
      `The browser tests run against the built shop, but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. ` +
        'Run `pnpm run build` first (from the repo root: npx pnpm@12.21.0 run build).',
    );
  }
}

export function runCommand(
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

/**
 * Set by the global setup (support/global-setup.ts): the folder of a shop that was started once
 * (database migrated and seeded, every remote deployed) and stopped cleanly.
 */
export const TEMPLATE_DIR_ENV = 'SHOP_E2E_TEMPLATE_DIR';

/**
 * Starts this server from a copy of the template's database and artifact store, when there is
 * one and the caller wants the standard shop (every remote deployed, no environment of its own):
 * the start then skips initdb, the migrations, the seed and six deploys (25 CPU s on 2 cores).
 */
async function copyTemplate(
  options: StartShopServerOptions,
  env: NodeJS.ProcessEnv,
): Promise<boolean> {
  const templateDir = process.env[TEMPLATE_DIR_ENV];
  const standard = (options.deployAll ?? true) && Object.keys(options.env ?? {}).length === 0;
  if (!templateDir || !standard || !existsSync(templateDir)) return false;
  await fs.cp(path.join(templateDir, 'pglite'), env.DATA_DIR!, { recursive: true });
  await fs.cp(path.join(templateDir, 'deploy'), env.DEPLOY_DIR!, { recursive: true });
  return true;
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The shop server exited early (code ${server.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The shop server did not become healthy within 90 s:\n${log()}`);
}

export async function startShopServer(options: StartShopServerOptions = {}): Promise<ShopServer> {
  assertShopIsBuilt();
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `${options.label ?? 'shop-e2e'}-`));
  const deployDir = path.join(workDir, 'deploy');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Development keeps the outbox route and the localhost dev-override allowlist on.
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: url,
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(workDir, 'pglite'),
    DEPLOY_DIR: deployDir,
    SHOP_ENV: 'e2e',
    SHOP_OPERATOR: 'e2e-operator',
    PAGE_VIEW_TOKEN: E2E_PAGE_VIEW_TOKEN,
    // Browser tests sign up and log in many times from one address.
    AUTH_RATE_LIMIT_MAX: '1000',
    // Field data goes out for a random sample of loads: tests see the same pages on every run
    // (the field-data spec starts its own server with every load measured).
    SHOP_WEB_VITALS_SAMPLE_RATE: '0',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  let output = '';
  const log = () => output.slice(-20_000);
  const shop = (...args: string[]) => runCommand(TSX, [SHOP_CLI, ...args], env, API_DIR);

  const fromTemplate = await copyTemplate(options, env);
  if (!fromTemplate && (options.deployAll ?? true)) {
    // Deploying before the server starts: the registry is read per request, so either order works,
    // but this way the first page load already sees every remote.
    const deployed = await shop('deploy-all');
    if (deployed.code !== 0) {
      await fs.rm(workDir, { recursive: true, force: true });
      throw new Error(
        `shop deploy-all failed (exit ${deployed.code}):\n${deployed.out}\n${deployed.err}`,
      );
    }
  }

  const server = spawn(process.execPath, [SERVER_ENTRY], { cwd: API_DIR, env });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.keepWorkDir) await fs.rm(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, server, log);
  } catch (error) {
    await stop();
    await fs.rm(workDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url,
    workDir,
    deployDir,
    env,
    pageViewToken: E2E_PAGE_VIEW_TOKEN,
    shop,
    async outbox(email) {
      const response = await fetch(`${url}/dev/outbox?to=${encodeURIComponent(email)}`);
      if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
      return ((await response.json()) as { messages: OutboxMessage[] }).messages;
    },
    log,
    stop,
  };
}

/** The worker fixture: a running server plus a request context for its API (baseURL = the server). */
export interface ShopFixture extends ShopServer {
  /** Shares one cookie jar across the worker; use the test-scoped `request` fixture for a fresh session per test. */
  api: APIRequestContext;
}

// Fixture callbacks name Playwright's `use` `provide`, so the React hooks lint rule leaves them alone.
export const test = base.extend<object, { shop: ShopFixture }>({
  shop: [
    async ({ playwright }, provide) => {
      const server = await startShopServer();
      const api = await playwright.request.newContext({ baseURL: server.url });
      try {
        await provide({ ...server, api });
      } finally {
        await api.dispose();
        await server.stop();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ shop }, provide) => {
    await provide(shop.url);
  },
});

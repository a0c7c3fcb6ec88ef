// Three API processes (the built bundle, as `npm start` runs it) on one PostgreSQL database and
// one S3-protocol server, behind HAProxy in round robin with a /readyz health check: the shop as
// an operator runs it on several machines, started once for a whole test file or bench.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@shop/shared/contract/paths';
import { freePort } from './free-port';
import { startS3Server, type TestS3Server } from './s3-server';
import { startServer, waitForHealthy, type ServerProcess } from './server-process';

const API_ROOT = path.resolve(__dirname, '../..');
export const INSTANCE_HEADER = 'x-shop-instance';
/** How long a stopping instance keeps serving while /readyz fails: several health checks. */
const DRAIN_DELAY_MS = 2_000;

/** HAProxy from Debian's package: tests that need it install it when root (see test-postgres.mjs). */
function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy'])
    if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Builds dist/server.js (and its workers) from the current source, as `npm run build` does. */
function buildApiBundle(): void {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: API_ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`Building the API failed:\n${built.stderr}`);
}

/**
 * The load balancer's configuration: round robin, health by /readyz, retries on a lost connection.
 * SCALE_OUT_HAPROXY_LOG=<file> logs every request and health change there, to see why one failed.
 */
function haproxyConfig(port: number, backends: { id: string; port: number }[]): string {
  return [
    'global',
    '  maxconn 4096',
    ...(process.env.SCALE_OUT_HAPROXY_LOG ? ['  log stderr format raw local0'] : []),
    'defaults',
    '  mode http',
    ...(process.env.SCALE_OUT_HAPROXY_LOG ? ['  log global', '  option httplog'] : []),
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  option forwardfor',
    // A request whose instance closed its connection before answering goes to another one; the
    // body is buffered first so it can be sent again.
    '  option http-buffer-request',
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response 503',
    'frontend shop',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    // A busy instance answers its check late but is not down: only a failed check (a draining
    // instance's 503, or no answer for 3 s) counts, and two in a row take it out.
    '  timeout check 3s',
    // At most a pool's worth of requests per instance; the rest wait here, not in the instance,
    // so a burst never starves its health check or its database pool.
    '  timeout queue 30s',
    '  default-server inter 300ms fall 2 rise 1 maxconn 6',
    ...backends.map(({ id, port: backendPort }) => `  server ${id} 127.0.0.1:${backendPort} check`),
    '',
  ].join('\n');
}

export interface ApiInstance {
  id: string;
  port: number;
  dataDir: string;
  process: ServerProcess;
  /** SIGTERM, then resolves the exit code once the process has ended. */
  stop(): Promise<number | null>;
  /** Starts the process again on the same port and waits for /readyz. */
  start(): Promise<void>;
}

export interface ScaleOut {
  /** The load balancer's origin: what shoppers use. */
  url: string;
  instances: ApiInstance[];
  databaseUrl: string;
  s3: TestS3Server;
  /** Resolves once the balancer has sent a request to `id` (after a restart, say). */
  waitForBalancerToUse(id: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ScaleOutOptions {
  databaseUrl: string;
  count?: number;
  env?: Record<string, string>;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function startHaproxy(binary: string, configFile: string): ChildProcess {
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  if (process.env.SCALE_OUT_HAPROXY_LOG)
    child.stderr!.on('data', (chunk) =>
      fs.appendFileSync(process.env.SCALE_OUT_HAPROXY_LOG!, chunk),
    );
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) console.error(`haproxy exited ${code}:\n${output}`);
  });
  return child;
}

/** Starts the S3 server, the instances (from a fresh bundle) and HAProxy; `close` stops them all. */
export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const binary = haproxyBinary();
  if (!binary)
    throw new Error(
      'HAProxy is not installed: scripts/test-postgres.mjs installs Debian\'s "haproxy" when root',
    );
  buildApiBundle();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-scale-out-'));
  const s3 = await startS3Server();
  const lbPort = await freePort();
  const url = `http://127.0.0.1:${lbPort}`;
  const instances: ApiInstance[] = [];
  for (let index = 1; index <= (options.count ?? 3); index += 1) {
    const id = `api-${index}`;
    const port = await freePort();
    const dataDir = path.join(root, id);
    fs.mkdirSync(dataDir);
    const env = {
      ...s3.env,
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_SIZE: '6',
      PORT: String(port),
      HOST: '127.0.0.1',
      INSTANCE_ID: id,
      DATA_DIR: dataDir,
      DEPLOY_DIR: path.join(root, 'deploy'),
      PUBLIC_ORIGIN: url,
      TRUST_PROXY: 'true',
      SEED_DEMO_DATA: 'false',
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      JOB_POLL_MS: '200',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const instance: ApiInstance = {
      id,
      port,
      dataDir,
      process: startServer(env, { bundle: true }),
      async stop() {
        instance.process.child.kill('SIGTERM');
        return instance.process.exit;
      },
      async start() {
        instance.process = startServer(env, { bundle: true });
        await waitForHealthy(port, instance.process);
      },
    };
    instances.push(instance);
  }
  await Promise.all(instances.map((instance) => waitForHealthy(instance.port, instance.process)));

  const configFile = path.join(root, 'haproxy.cfg');
  fs.writeFileSync(configFile, haproxyConfig(lbPort, instances));
  const haproxy = startHaproxy(binary, configFile);

  const waitForBalancerToUse = (id: string, timeoutMs = 20_000) =>
    waitFor(
      async () => {
        try {
          const response = await fetch(`${url}${API_PATHS.healthz}`);
          return response.headers.get(INSTANCE_HEADER) === id;
        } catch {
          return false; // the balancer is not listening yet
        }
      },
      `the load balancer to send a request to ${id}`,
      timeoutMs,
    );
  for (const instance of instances) await waitForBalancerToUse(instance.id);

  return {
    url,
    instances,
    databaseUrl: options.databaseUrl,
    s3,
    waitForBalancerToUse,
    async close() {
      haproxy.kill('SIGTERM');
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.process.child.exitCode === null) await instance.stop();
        }),
      );
      await s3.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

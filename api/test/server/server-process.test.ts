import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE_NAME } from '../../src/db/data-dir-lock';

const API_ROOT = path.resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitForHealthy(port: number, started: Started, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server did not become ready:\n${started.output()}`);
}

describe('the server process (npm start path)', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-server-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates and seeds its PGlite directory, refuses a second process on it, and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    try {
      await waitForHealthy(port, first);
      const offers = (await (
        await fetch(`http://127.0.0.1:${port}/api/v1/catalog/offers`)
      ).json()) as { offers: unknown[] };
      expect(offers.offers.length).toBeGreaterThan(10);
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

      const second = startServer({
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
      });
      expect(await second.exit).toBe(1);
      expect(second.output()).toContain('already in use by another shop API process');

      first.child.kill('SIGTERM');
      expect(await first.exit).toBe(0);
      expect(first.output()).toContain('shutting down');
      expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
    } finally {
      first.child.kill('SIGKILL');
    }
  }, 120_000);

  it('refuses to start with a bad configuration, listing every problem', async () => {
    const started = startServer({ PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    expect(await started.exit).toBe(1);
    expect(started.output()).toContain('Invalid configuration:');
    expect(started.output()).toContain('PORT: must be a number');
    expect(started.output()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  }, 60_000);
});

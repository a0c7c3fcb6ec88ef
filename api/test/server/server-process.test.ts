import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCK_FILE_NAME } from '../../src/db/data-dir-lock';
import { freePort } from '../helpers/free-port';
import { startServer, waitForHealthy } from '../helpers/server-process';

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

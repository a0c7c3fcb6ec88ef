import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LockTimeoutError, withFileLock } from '../../src/releases/registry-lock';

describe('withFileLock', () => {
  let dir: string;
  let lockPath: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
    lockPath = path.join(dir, 'local.lock');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('lets one holder in at a time and releases on success and on failure', async () => {
    let inside = 0;
    let most = 0;
    const work = async (fail: boolean) => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inside--;
      if (fail) throw new Error('deploy failed');
    };
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => withFileLock(lockPath, () => work(i % 4 === 0))),
    );
    expect(most).toBe(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    await expect(fs.access(lockPath)).rejects.toThrow();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    // A real process that has exited: its pid is free.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    await fs.writeFile(
      lockPath,
      JSON.stringify({
        token: 'old',
        pid: dead,
        host: os.hostname(),
        acquiredAt: new Date().toISOString(),
      }),
    );
    await expect(withFileLock(lockPath, async () => 'ran', { timeoutMs: 2000 })).resolves.toBe(
      'ran',
    );
  });

  it('takes over a lock older than staleMs even from another host', async () => {
    await fs.writeFile(
      lockPath,
      JSON.stringify({
        token: 'old',
        pid: 1,
        host: 'elsewhere',
        acquiredAt: '2020-01-01T00:00:00Z',
      }),
    );
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(lockPath, old, old);
    await expect(
      withFileLock(lockPath, async () => 'ran', { timeoutMs: 2000, staleMs: 30_000 }),
    ).resolves.toBe('ran');
  });

  it('times out naming the holder while a live process holds the lock', async () => {
    await fs.writeFile(
      lockPath,
      JSON.stringify({
        token: 'live',
        pid: process.pid,
        host: os.hostname(),
        acquiredAt: '2026-01-01T00:00:00Z',
      }),
    );
    const attempt = withFileLock(lockPath, async () => 'ran', { timeoutMs: 200 });
    await expect(attempt).rejects.toThrow(LockTimeoutError);
    await expect(attempt).rejects.toThrow(new RegExp(`process ${process.pid}`));
    // The holder's lock is left alone.
    expect(JSON.parse(await fs.readFile(lockPath, 'utf8')).token).toBe('live');
  });
});

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

  it('takes over the lock of a process killed while holding it, once it goes stale', async () => {
    // A real process takes the lock and dies without releasing it (SIGKILL runs no exit hooks).
    const child = spawnSync(process.execPath, [
      '-e',
      `require(${JSON.stringify(require.resolve('proper-lockfile'))})
        .lock(process.argv[1], { lockfilePath: process.argv[1], realpath: false })
        .then(() => process.kill(process.pid, 'SIGKILL'))`,
      lockPath,
    ]);
    expect(child.signal).toBe('SIGKILL');
    await expect(fs.stat(lockPath)).resolves.toBeDefined();
    await expect(
      withFileLock(lockPath, async () => 'ran', { timeoutMs: 20_000, staleMs: 2000 }),
    ).resolves.toBe('ran');
  });

  it('takes over a lock older than staleMs', async () => {
    await fs.mkdir(lockPath);
    const old = new Date(Date.now() - 60_000);
    await fs.utimes(lockPath, old, old);
    await expect(
      withFileLock(lockPath, async () => 'ran', { timeoutMs: 20_000, staleMs: 30_000 }),
    ).resolves.toBe('ran');
  });

  it('times out naming the holder while a live process holds the lock', async () => {
    let finish!: () => void;
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const holder = withFileLock(
      lockPath,
      () =>
        new Promise<string>((resolve) => {
          finish = () => resolve('held');
          started();
        }),
    );
    await holding;
    const attempt = withFileLock(lockPath, async () => 'ran', { timeoutMs: 200 });
    await expect(attempt).rejects.toThrow(LockTimeoutError);
    await expect(attempt).rejects.toThrow(new RegExp(`process ${process.pid} on ${os.hostname()}`));
    // The holder's lock is left alone: it finishes and releases normally.
    await expect(fs.stat(lockPath)).resolves.toBeDefined();
    finish();
    await expect(holder).resolves.toBe('held');
    await expect(fs.access(lockPath)).rejects.toThrow();
  });
});

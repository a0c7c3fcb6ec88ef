import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock';

describe('PGlite data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the lock, refuses a second holder with a clear message, and frees it on release', () => {
    const release = acquireDataDirLock(dir);
    const owner = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'));
    expect(owner.pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`already in use by another shop API process \\(pid ${process.pid}`),
    );
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    const again = acquireDataDirLock(dir);
    again();
  });

  it('takes over a stale lock left by a process that is gone', async () => {
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: deadPid, hostname: os.hostname(), startedAt: '2020-01-01T00:00:00Z' }),
    );
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).pid).toBe(
      process.pid,
    );
    release();
  });

  it('does not release a lock that another process took over', () => {
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: 1, hostname: os.hostname(), startedAt: 'x' }),
    );
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});

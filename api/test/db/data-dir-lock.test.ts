import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  acquireDataDirLock,
  dataDirLockHolder,
  DataDirLockedError,
  LOCK_FILE_NAME,
  OWNER_NOTE_NAME,
} from '../../src/db/data-dir-lock';

describe('PGlite data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('takes the lock, refuses a second holder with a clear message, and frees it on release', () => {
    const release = acquireDataDirLock(dir);
    const owner = JSON.parse(fs.readFileSync(path.join(dir, OWNER_NOTE_NAME), 'utf8'));
    expect(owner.pid).toBe(process.pid);
    expect(dataDirLockHolder(dir)?.pid).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      new RegExp(`already in use by another shop API process \\(pid ${process.pid}`),
    );
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    expect(dataDirLockHolder(dir)).toBeNull();
    const again = acquireDataDirLock(dir);
    again();
  });

  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => child.on('exit', resolve));
    return child.pid!;
  }

  it('takes over a stale lock left by a process that is gone', async () => {
    const gone = {
      pid: await deadPid(),
      hostname: os.hostname(),
      startedAt: '2020-01-01T00:00:00Z',
    };
    // As the lock is now: proper-lockfile's directory (just refreshed) and the owner's note.
    fs.mkdirSync(path.join(dir, LOCK_FILE_NAME));
    fs.writeFileSync(path.join(dir, OWNER_NOTE_NAME), JSON.stringify(gone));
    expect(dataDirLockHolder(dir)).toBeNull();
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, OWNER_NOTE_NAME), 'utf8')).pid).toBe(
      process.pid,
    );
    release();
  });

  it('takes over a lock file of the old kind whose process is gone', async () => {
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: await deadPid(), hostname: os.hostname(), startedAt: 'x' }),
    );
    const release = acquireDataDirLock(dir);
    expect(fs.statSync(path.join(dir, LOCK_FILE_NAME)).isDirectory()).toBe(true);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a lock without a note while it is fresh, and takes it over once stale', () => {
    // Its owner stopped between making the lock and writing the note.
    const lockDir = path.join(dir, LOCK_FILE_NAME);
    fs.mkdirSync(lockDir);
    expect(() => acquireDataDirLock(dir)).toThrow(/pid -1 on unknown, started just now/);
    const longAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockDir, longAgo, longAgo);
    const release = acquireDataDirLock(dir);
    release();
    expect(fs.existsSync(lockDir)).toBe(false);
  });

  it('does not release a lock that another process took over', () => {
    const release = acquireDataDirLock(dir);
    fs.writeFileSync(
      path.join(dir, OWNER_NOTE_NAME),
      JSON.stringify({ pid: 1, hostname: os.hostname(), startedAt: 'x' }),
    );
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});

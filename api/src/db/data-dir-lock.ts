// Keeps a PGlite data directory to one API process: a file in it names the owner (pid, host, start), and
// a later process refuses to open the directory while that owner is alive.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../lib/process-alive';

export const LOCK_FILE_NAME = 'shop-api.lock';

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database in ${dataDir} is already in use by another shop API process ` +
        `(pid ${owner.pid} on ${owner.hostname}, started ${owner.startedAt}). PGlite allows one process per data directory: ` +
        `stop that process, set DATA_DIR to another directory, or set DATABASE_URL to share a PostgreSQL server between instances.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isFresh(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number') {
      return {
        pid: parsed.pid,
        hostname: String(parsed.hostname ?? ''),
        startedAt: String(parsed.startedAt ?? ''),
      };
    }
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return null;
}

/**
 * The live process holding a data directory's lock (on this host), or null when none does: lets
 * a tool that wants the database say who has it before trying to open it.
 */
export function dataDirLockHolder(dataDir: string): LockOwner | null {
  const owner = readOwner(path.join(dataDir, LOCK_FILE_NAME));
  if (!owner) return null;
  if (owner.hostname !== os.hostname()) return owner;
  return isProcessAlive(owner.pid) ? owner : null;
}

/**
 * Takes an exclusive lock on a PGlite data directory (PGlite takes none itself, and two
 * processes on one directory silently lose writes). A lock left by a dead process is taken over.
 * Returns the function that releases it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const owner = readOwner(lockPath);
        if (owner?.pid === me.pid && owner.startedAt === me.startedAt)
          fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (!owner && isFresh(lockPath)) {
        // Another process created it a moment ago and is still writing its pid.
        throw new DataDirLockedError(dataDir, {
          pid: -1,
          hostname: 'unknown',
          startedAt: 'just now',
        });
      }
      const sameHost = !owner || owner.hostname === me.hostname;
      if (owner && (!sameHost || isProcessAlive(owner.pid)))
        throw new DataDirLockedError(dataDir, owner);
      // Stale: its process is gone (or the file is garbage). Remove it and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

// Keeps a PGlite data directory to one API process (PGlite takes no lock itself, and two processes
// on one directory silently lose writes). proper-lockfile holds the lock: a directory it creates
// atomically and whose mtime the holder refreshes. A note beside it names the owner, so a second
// process can say who has the directory, and a lock whose owner died is taken over at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { isProcessAlive } from '../lib/process-alive';

export const LOCK_FILE_NAME = 'shop-api.lock';

/** A lock nobody refreshed for this long is abandoned (its owner stopped, on any host). */
const STALE_MS = 30_000;

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

/** The owner's note, beside the lock directory (proper-lockfile removes the directory empty). */
export const OWNER_NOTE_NAME = `${LOCK_FILE_NAME}.owner`;
const ownerNotePath = (lockPath: string) => `${lockPath}.owner`;
const isFile = (lockPath: string) =>
  fs.statSync(lockPath, { throwIfNoEntry: false })?.isFile() ?? false;

/** The owner's note; before proper-lockfile the lock itself was a file holding the same JSON. */
function readOwner(lockPath: string): LockOwner | null {
  const notePath = isFile(lockPath) ? lockPath : ownerNotePath(lockPath);
  try {
    const parsed = JSON.parse(fs.readFileSync(notePath, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      hostname: String(parsed.hostname ?? ''),
      startedAt: String(parsed.startedAt ?? ''),
    };
  } catch {
    return null;
  }
}

const isDead = (owner: LockOwner) => owner.hostname === os.hostname() && !isProcessAlive(owner.pid);

/**
 * The live process holding a data directory's lock (on this host), or null when none does: lets
 * a tool that wants the database say who has it before trying to open it.
 */
export function dataDirLockHolder(dataDir: string): LockOwner | null {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  if (!fs.existsSync(lockPath)) return null;
  const owner = readOwner(lockPath);
  return owner && !isDead(owner) ? owner : null;
}

/**
 * Takes the exclusive lock on a PGlite data directory; a lock left by a dead process is taken
 * over. Returns the function that releases it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const left = readOwner(lockPath);
  if (left && !isDead(left) && isFile(lockPath)) throw new DataDirLockedError(dataDir, left);
  // A dead owner on this host cannot refresh its lock: no need to wait for it to go stale. A lock
  // file of the old kind is not refreshed either, and proper-lockfile would not remove it.
  if ((left && isDead(left)) || isFile(lockPath)) {
    fs.rmSync(lockPath, { recursive: true, force: true });
    fs.rmSync(ownerNotePath(lockPath), { force: true });
  }
  let unlock: () => void;
  let compromised = false;
  try {
    unlock = lockfile.lockSync(dataDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: STALE_MS,
      // Another process took the lock over after this one stopped refreshing it (a paused
      // process): the directory is theirs now, and release must leave their lock alone.
      onCompromised: () => {
        compromised = true;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new DataDirLockedError(
      dataDir,
      // The holder made the lock a moment ago and has not written its note yet.
      readOwner(lockPath) ?? { pid: -1, hostname: 'unknown', startedAt: 'just now' },
    );
  }
  const me: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  fs.writeFileSync(ownerNotePath(lockPath), JSON.stringify(me));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const owner = readOwner(lockPath);
    if (compromised || owner?.pid !== me.pid || owner.startedAt !== me.startedAt) return;
    fs.rmSync(ownerNotePath(lockPath), { force: true });
    unlock();
  };
}

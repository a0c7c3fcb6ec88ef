// An exclusive lock between processes: proper-lockfile's lock directory, whose mtime the holder
// refreshes while it works. A lock whose holder crashed goes stale and is taken over after
// `staleMs`. Beside it, a note of the holder lets a waiter that gives up say who has it.
import fs from 'node:fs/promises';
import os from 'node:os';
import lockfile from 'proper-lockfile';

export interface FileLockOptions {
  /** Give up waiting after this long. */
  timeoutMs?: number;
  /** A lock not refreshed for this long is abandoned (its holder refreshes it every staleMs / 2). */
  staleMs?: number;
  retryMs?: number;
}

interface LockHolder {
  pid: number;
  host: string;
  acquiredAt: string;
}

export class LockTimeoutError extends Error {}

const holderPath = (lockPath: string) => `${lockPath}.holder`;

export async function withFileLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  { timeoutMs = 10_000, staleMs = 10_000, retryMs = 15 }: FileLockOptions = {},
): Promise<T> {
  let release: () => Promise<void>;
  let compromised = false;
  try {
    release = await lockfile.lock(lockPath, {
      lockfilePath: lockPath,
      realpath: false,
      stale: staleMs,
      // Jitter keeps waiting processes from retrying in lock-step.
      retries: {
        retries: Math.ceil(timeoutMs / retryMs),
        maxRetryTime: timeoutMs,
        minTimeout: retryMs,
        maxTimeout: retryMs * 2,
        factor: 1,
        randomize: true,
      },
      // A holder that overran staleMs lost its lock to another; its work still finishes.
      onCompromised: () => {
        compromised = true;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new LockTimeoutError(
      `Timed out after ${timeoutMs} ms waiting for ${lockPath}, held by ${await describeHolder(lockPath)}.`,
    );
  }
  const holder: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    acquiredAt: new Date().toISOString(),
  };
  await fs.writeFile(holderPath(lockPath), JSON.stringify(holder));
  try {
    return await work();
  } finally {
    // A lock someone else took over is theirs now: neither it nor their note is removed.
    if (!compromised) {
      await fs.rm(holderPath(lockPath), { force: true });
      await release();
    }
  }
}

async function describeHolder(lockPath: string): Promise<string> {
  try {
    const holder = JSON.parse(await fs.readFile(holderPath(lockPath), 'utf8')) as LockHolder;
    return `process ${holder.pid} on ${holder.host} since ${holder.acquiredAt}`;
  } catch {
    return 'another process';
  }
}

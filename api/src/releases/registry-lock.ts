// An exclusive lock between processes, as a file created with O_EXCL. A lock left by a crashed
// process is taken over once its holder is gone (same host) or it is older than `staleMs`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';

export interface FileLockOptions {
  /** Give up waiting after this long. */
  timeoutMs?: number;
  /** A lock older than this is considered abandoned; far above any registry update. */
  staleMs?: number;
  retryMs?: number;
}

interface LockOwner {
  token: string;
  pid: number;
  host: string;
  acquiredAt: string;
}

export class LockTimeoutError extends Error {}

export async function withFileLock<T>(
  lockPath: string,
  work: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const token = await acquire(lockPath, options);
  try {
    return await work();
  } finally {
    await release(lockPath, token);
  }
}

async function acquire(
  lockPath: string,
  { timeoutMs = 10_000, staleMs = 30_000, retryMs = 15 }: FileLockOptions,
): Promise<string> {
  const owner: LockOwner = {
    token: randomBytes(12).toString('hex'),
    pid: process.pid,
    host: os.hostname(),
    acquiredAt: new Date().toISOString(),
  };
  const started = Date.now();
  for (;;) {
    try {
      await fs.writeFile(lockPath, JSON.stringify(owner), { flag: 'wx' });
      return owner.token;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(lockPath);
    if (await isStale(lockPath, holder, staleMs)) {
      await breakStaleLock(lockPath, holder?.token ?? null);
      continue;
    }
    if (Date.now() - started > timeoutMs) {
      const who = holder
        ? `process ${holder.pid} on ${holder.host} since ${holder.acquiredAt}`
        : 'another process';
      throw new LockTimeoutError(
        `Timed out after ${timeoutMs} ms waiting for ${lockPath}, held by ${who}.`,
      );
    }
    // Jitter keeps waiting processes from retrying in lock-step.
    await new Promise((resolve) => setTimeout(resolve, retryMs + Math.random() * retryMs));
  }
}

async function release(lockPath: string, token: string): Promise<void> {
  const holder = await readHolder(lockPath);
  // Never remove a lock someone else took over (only possible if we overran staleMs).
  if (holder?.token === token) await fs.rm(lockPath, { force: true });
}

async function readHolder(lockPath: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await fs.readFile(lockPath, 'utf8')) as LockOwner;
  } catch {
    // Missing, or caught between create and write: judged by its age alone.
    return null;
  }
}

async function isStale(
  lockPath: string,
  holder: LockOwner | null,
  staleMs: number,
): Promise<boolean> {
  if (holder && holder.host === os.hostname() && !isProcessAlive(holder.pid)) return true;
  const stats = await fs.stat(lockPath).catch(() => null);
  return stats !== null && Date.now() - stats.mtimeMs > staleMs;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale lock aside and deletes it only if it is still the one judged stale; if another
 * waiter replaced it in between, the fresh lock is put back.
 */
async function breakStaleLock(lockPath: string, staleToken: string | null): Promise<void> {
  const aside = `${lockPath}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await fs.rename(lockPath, aside);
  } catch {
    return;
  }
  const moved = await readHolder(aside);
  if ((moved?.token ?? null) !== staleToken) await fs.link(aside, lockPath).catch(() => undefined);
  await fs.rm(aside, { force: true });
}

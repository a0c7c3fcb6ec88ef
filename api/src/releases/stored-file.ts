// A file on local disk as the site serves it: size, validators and a way to stream it.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { StoredFile } from './artifact-store';

export async function statLocalFile(fullPath: string): Promise<StoredFile | null> {
  try {
    const stats = await fs.stat(fullPath);
    if (!stats.isFile()) return null;
    return {
      size: stats.size,
      modifiedAt: stats.mtime,
      etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
      open: () => createReadStream(fullPath),
    };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

// A content hash over a folder: the same build always hashes the same, whatever the file times.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FolderFile {
  /** '/'-separated path relative to the folder. */
  relativePath: string;
  size: number;
}

/** Files under `dir`, sorted, skipping names in `exclude` at the top level. */
export async function listFolderFiles(
  dir: string,
  exclude: ReadonlySet<string> = new Set(),
): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  async function walk(current: string, prefix: string): Promise<void> {
    const entries = await fs.readdir(current, { withFileTypes: true });
    for (const entry of entries) {
      const relativePath = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (!prefix && exclude.has(entry.name)) continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full, relativePath);
      else if (entry.isFile()) files.push({ relativePath, size: (await fs.stat(full)).size });
    }
  }
  await walk(dir, '');
  return files.sort((a, b) =>
    a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0,
  );
}

export async function hashFolder(
  dir: string,
  exclude: ReadonlySet<string> = new Set(),
): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFolderFiles(dir, exclude)) {
    // Name and size delimit each file so that moving bytes between files changes the hash.
    hash.update(`${file.relativePath}\0${file.size}\0`);
    for await (const chunk of createReadStream(path.join(dir, file.relativePath)))
      hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

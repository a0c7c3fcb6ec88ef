// Readers see the old file or the new one, never a half-written one: write a temp file in the
// same folder (a stream chunk by chunk), flush it, then rename over the target (rename is atomic within a file system).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export async function writeFileAtomic(
  target: string,
  data: string | Uint8Array | Readable,
  mode = 0o644,
): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(
    dir,
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const handle = await fs.open(temp, 'wx', mode);
    try {
      if (typeof data === 'string' || data instanceof Uint8Array) await handle.writeFile(data);
      // A stream is written as it arrives, never held whole.
      else for await (const chunk of data) await handle.write(chunk as Uint8Array);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Makes the rename itself durable; some platforms cannot open a folder, which is fine to skip. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Best effort only.
  } finally {
    await handle?.close();
  }
}

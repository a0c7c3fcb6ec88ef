// The default upload store: <UPLOADS_DIR>/<first two hex digits of the key>/<key>, files readable
// by the server's user only. UPLOADS_DIR sits beside the database folder, outside anything served.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { writeFileAtomic } from '../../releases/atomic-write';
import { isMissing, statLocalFile } from '../../releases/stored-file';
import { assertUploadKey, type StoredUpload, type UploadStore } from './upload-store';

export class DirectoryUploadStore implements UploadStore {
  constructor(readonly location: string) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.write(key, bytes);
  }

  async putStream(key: string, source: Readable): Promise<void> {
    await this.write(key, source);
  }

  async get(key: string): Promise<StoredUpload | null> {
    return statLocalFile(this.pathOf(key));
  }

  async delete(key: string): Promise<void> {
    try {
      await fs.rm(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  private async write(key: string, data: Uint8Array | Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFileAtomic(target, data, 0o600);
  }

  private pathOf(key: string): string {
    assertUploadKey(key);
    return path.join(this.location, key.slice(0, 2), key);
  }
}

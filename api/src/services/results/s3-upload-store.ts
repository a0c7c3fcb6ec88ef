// Uploaded lab reports in a bucket: uploads/<key>, readable only through the API, which checks
// the owner before it streams the object out. A write appears whole or not at all (S3 shows an
// object only once its single or multipart upload completes).
import type { Readable } from 'node:stream';
import type { S3Bucket } from '../../lib/s3-bucket';
import { assertUploadKey, type StoredUpload, type UploadStore } from './upload-store';

export class S3UploadStore implements UploadStore {
  constructor(private readonly bucket: S3Bucket) {}

  get location(): string {
    return this.bucket.location;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    assertUploadKey(key);
    await this.bucket.put(key, bytes, { contentType: 'application/octet-stream' });
  }

  async putStream(key: string, source: Readable): Promise<void> {
    assertUploadKey(key);
    await this.bucket.put(key, source, { contentType: 'application/octet-stream' });
  }

  async get(key: string): Promise<StoredUpload | null> {
    assertUploadKey(key);
    const info = await this.bucket.head(key);
    return info ? { size: info.size, open: () => this.bucket.open(key) } : null;
  }

  async delete(key: string): Promise<void> {
    assertUploadKey(key);
    await this.bucket.delete(key);
  }
}

// The artifact store in a bucket: <prefix><remote>/<version>/<files>, the same keys as the
// directory store. Nothing names a version until its .artifact.json exists, and that is written
// after every file, so a version appears all at once here too; it never changes after.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { S3Bucket } from '../lib/s3-bucket';
import {
  confirmSame,
  isSafeSegment,
  METADATA_FILE,
  newestFirst,
  newMetadata,
  safeRelativeSegments,
  storableFolder,
  type ArtifactMetadata,
  type ArtifactStore,
  type PutInput,
  type PutResult,
  type StoredFile,
} from './artifact-store';
import { artifactFileCacheControl, contentTypeOf } from './cache-policy';

export class S3ArtifactStore implements ArtifactStore {
  constructor(private readonly bucket: S3Bucket) {}

  get location(): string {
    return this.bucket.location;
  }

  async put(
    sourceDir: string,
    input: PutInput,
    exclude: readonly string[] = [],
  ): Promise<PutResult> {
    const root = this.versionKey(input.remote, input.version);
    const { files, contentHash } = await storableFolder(sourceDir, exclude);
    const existing = await this.metadata(input.remote, input.version);
    if (existing) return confirmSame(existing, contentHash);

    // Two deploys of one version upload the same bytes (the version names the content), so a
    // race between them writes each object twice with the same content and one metadata wins.
    // Typed and cached as the site serves them, so a CDN in front of the bucket answers the same.
    for (const file of files)
      await this.bucket.put(
        root + file.relativePath,
        createReadStream(path.join(sourceDir, ...file.relativePath.split('/'))),
        {
          contentType: contentTypeOf(file.relativePath),
          cacheControl: artifactFileCacheControl(file.relativePath),
        },
      );
    const metadata = newMetadata(input, files, contentHash);
    await this.bucket.put(root + METADATA_FILE, `${JSON.stringify(metadata, null, 2)}\n`, {
      contentType: 'application/json',
    });
    return { created: true, metadata };
  }

  async exists(remote: string, version: string): Promise<boolean> {
    return (await this.metadata(remote, version)) !== null;
  }

  async metadata(remote: string, version: string): Promise<ArtifactMetadata | null> {
    if (!isSafeSegment(remote) || !isSafeSegment(version)) return null;
    const text = await this.bucket.text(this.versionKey(remote, version) + METADATA_FILE);
    return text === null ? null : (JSON.parse(text) as ArtifactMetadata);
  }

  async listVersions(remote: string): Promise<ArtifactMetadata[]> {
    if (!isSafeSegment(remote)) return [];
    const versions = (await this.bucket.listFolders(`${remote}/`)).filter(isSafeSegment);
    const found = await Promise.all(versions.map((version) => this.metadata(remote, version)));
    return newestFirst(found.filter((meta): meta is ArtifactMetadata => meta !== null));
  }

  async stat(remote: string, version: string, filePath: string): Promise<StoredFile | null> {
    const segments = safeRelativeSegments(filePath);
    if (!segments || !isSafeSegment(remote) || !isSafeSegment(version)) return null;
    const key = this.versionKey(remote, version) + segments.join('/');
    const info = await this.bucket.head(key);
    return info
      ? {
          size: info.size,
          etag: info.etag,
          modifiedAt: info.modifiedAt,
          open: () => this.bucket.open(key),
        }
      : null;
  }

  private versionKey(remote: string, version: string): string {
    if (!isSafeSegment(remote)) throw new Error(`Invalid remote name "${remote}".`);
    if (!isSafeSegment(version)) throw new Error(`Invalid version "${version}".`);
    return `${remote}/${version}/`;
  }
}

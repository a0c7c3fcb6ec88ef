// The default artifact store: <DEPLOY_DIR>/store/<remote>/<version>/<files>, one folder per version.
// A version appears all at once (copied to a staging folder, then renamed) and never changes after.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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
import { isMissing, statLocalFile } from './stored-file';

const STAGING_PREFIX = '.incoming-';
const STALE_STAGING_MS = 60 * 60 * 1000;

export class DirectoryArtifactStore implements ArtifactStore {
  constructor(readonly location: string) {}

  async put(
    sourceDir: string,
    input: PutInput,
    exclude: readonly string[] = [],
  ): Promise<PutResult> {
    const versionDir = this.versionDir(input.remote, input.version);
    const { files, contentHash } = await storableFolder(sourceDir, exclude);

    const existing = await this.metadata(input.remote, input.version);
    if (existing) return confirmSame(existing, contentHash);

    const remoteDir = path.dirname(versionDir);
    await fs.mkdir(remoteDir, { recursive: true });
    await this.removeStaleStaging(remoteDir);
    const staging = path.join(
      remoteDir,
      `${STAGING_PREFIX}${input.version}-${randomBytes(6).toString('hex')}`,
    );
    const metadata = newMetadata(input, files, contentHash);
    try {
      for (const file of files) {
        const target = path.join(staging, ...file.relativePath.split('/'));
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.copyFile(path.join(sourceDir, ...file.relativePath.split('/')), target);
      }
      await fs.writeFile(
        path.join(staging, METADATA_FILE),
        `${JSON.stringify(metadata, null, 2)}\n`,
      );
      await fs.rename(staging, versionDir);
      return { created: true, metadata };
    } catch (error) {
      await fs.rm(staging, { recursive: true, force: true });
      // Another deploy stored the same version between our check and our rename.
      const raced = await this.metadata(input.remote, input.version);
      if (raced) return confirmSame(raced, contentHash);
      throw error;
    }
  }

  async exists(remote: string, version: string): Promise<boolean> {
    return (await this.metadata(remote, version)) !== null;
  }

  async metadata(remote: string, version: string): Promise<ArtifactMetadata | null> {
    if (!isSafeSegment(remote) || !isSafeSegment(version)) return null;
    try {
      return JSON.parse(
        await fs.readFile(path.join(this.versionDir(remote, version), METADATA_FILE), 'utf8'),
      ) as ArtifactMetadata;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async listVersions(remote: string): Promise<ArtifactMetadata[]> {
    if (!isSafeSegment(remote)) return [];
    let names: string[];
    try {
      names = await fs.readdir(path.join(this.location, remote));
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const found = await Promise.all(
      names.filter(isSafeSegment).map((version) => this.metadata(remote, version)),
    );
    return newestFirst(found.filter((meta): meta is ArtifactMetadata => meta !== null));
  }

  async stat(remote: string, version: string, filePath: string): Promise<StoredFile | null> {
    const segments = safeRelativeSegments(filePath);
    if (!segments || !isSafeSegment(remote) || !isSafeSegment(version)) return null;
    return statLocalFile(path.join(this.location, remote, version, ...segments));
  }

  private versionDir(remote: string, version: string): string {
    if (!isSafeSegment(remote)) throw new Error(`Invalid remote name "${remote}".`);
    if (!isSafeSegment(version)) throw new Error(`Invalid version "${version}".`);
    return path.join(this.location, remote, version);
  }

  /** Staging folders left by a crashed deploy. */
  private async removeStaleStaging(remoteDir: string): Promise<void> {
    const names = await fs.readdir(remoteDir);
    await Promise.all(
      names
        .filter((name) => name.startsWith(STAGING_PREFIX))
        .map(async (name) => {
          const full = path.join(remoteDir, name);
          const stats = await fs.stat(full).catch(() => null);
          if (stats && Date.now() - stats.mtimeMs > STALE_STAGING_MS)
            await fs.rm(full, { recursive: true, force: true });
        }),
    );
  }
}

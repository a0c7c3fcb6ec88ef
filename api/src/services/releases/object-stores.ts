// Where this instance keeps files: the directories on its own disk (one machine), or one bucket
// every instance shares, with the registry document in the shared database beside it.
import type { AppConfig } from '../../config/config';
import type { Executor } from '../../db/schema';
import { createS3Client, S3Bucket } from '../../lib/s3-bucket';
import type { ArtifactStore } from '../../releases/artifact-store';
import { DirectoryArtifactStore } from '../../releases/directory-artifact-store';
import { Registry, type ReleaseRegistry } from '../../releases/registry';
import { registryDirOf, storeDirOf } from '../../releases/release-config';
import { S3ArtifactStore } from '../../releases/s3-artifact-store';
import { DirectoryUploadStore } from '../results/directory-upload-store';
import { S3UploadStore } from '../results/s3-upload-store';
import type { UploadStore } from '../results/upload-store';
import { DatabaseRegistry } from './database-registry';

export interface ObjectStores {
  uploads: UploadStore;
  artifacts: ArtifactStore;
  registry: ReleaseRegistry;
  close(): void;
}

/**
 * The bucket's two folders: `remotes/` holds the artifacts under the same keys as their URLs
 * (/remotes/<remote>/<version>/<file>), so a CDN can serve the bucket as it is.
 */
const ARTIFACTS_PREFIX = 'remotes/';
const UPLOADS_PREFIX = 'uploads/';

export function openObjectStores(
  config: Pick<AppConfig, 'objectStore' | 'uploadsDir' | 'deployDir' | 'shopEnv'>,
  db: Executor,
): ObjectStores {
  const settings = config.objectStore;
  if (settings.kind === 'directory')
    return {
      uploads: new DirectoryUploadStore(config.uploadsDir),
      artifacts: new DirectoryArtifactStore(storeDirOf(config.deployDir)),
      registry: new Registry({
        registryDir: registryDirOf(config.deployDir),
        environment: config.shopEnv,
      }),
      close: () => {},
    };
  const client = createS3Client(settings);
  return {
    uploads: new S3UploadStore(new S3Bucket(client, settings.bucket, UPLOADS_PREFIX)),
    artifacts: new S3ArtifactStore(new S3Bucket(client, settings.bucket, ARTIFACTS_PREFIX)),
    registry: new DatabaseRegistry(db, config.shopEnv),
    close: () => client.destroy(),
  };
}

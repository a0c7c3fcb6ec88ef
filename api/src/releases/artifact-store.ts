// Every deployed version of every remote, kept immutable. The default implementation is a
// directory (directory-artifact-store.ts); s3-artifact-store.ts keeps them in a bucket.
import type { Readable } from 'node:stream';
import { hashFolder, listFolderFiles, type FolderFile } from './content-hash';

/** Facts recorded with a version when it is stored. */
export interface ArtifactMetadata {
  remote: string;
  version: string;
  packageVersion: string;
  buildId: string;
  /** Shell-contract version from the built mf-manifest.json. */
  contractVersion: string;
  /** sha256 over the artifact's files; a re-put of the same version must match it. */
  contentHash: string;
  storedAt: string;
  storedBy: string;
  fileCount: number;
  totalBytes: number;
}

/** What the caller knows; the store adds the content hash, sizes and time. */
export type PutInput = Omit<
  ArtifactMetadata,
  'storedAt' | 'fileCount' | 'totalBytes' | 'contentHash'
>;

export interface StoredFile {
  size: number;
  modifiedAt: Date;
  /** Strong validator for conditional requests. */
  etag: string;
  open(): Readable;
}

export interface PutResult {
  /** False when this exact version was already stored; the store is left as it was. */
  created: boolean;
  metadata: ArtifactMetadata;
}

export interface ArtifactStore {
  /** Where this store keeps its data, for messages and docs. */
  readonly location: string;
  /**
   * Stores a built dist folder as `remote/version`, all or nothing. Putting a stored version again
   * is a no-op when the content matches, and an ArtifactConflictError when it does not.
   */
  put(sourceDir: string, input: PutInput, exclude?: readonly string[]): Promise<PutResult>;
  exists(remote: string, version: string): Promise<boolean>;
  metadata(remote: string, version: string): Promise<ArtifactMetadata | null>;
  /** Stored versions of one remote, newest first. */
  listVersions(remote: string): Promise<ArtifactMetadata[]>;
  /** A file of a stored version, or null; `filePath` is relative to the version root, '/'-separated. */
  stat(remote: string, version: string, filePath: string): Promise<StoredFile | null>;
}

export class ArtifactConflictError extends Error {}

/** Remote names, versions and file path segments all end up in paths and URLs. */
const SAFE_SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,254}$/;

export function isSafeSegment(segment: string): boolean {
  return SAFE_SEGMENT.test(segment) && !segment.includes('..');
}

/** Splits a relative file path into safe segments, or returns null for anything that could escape. */
export function safeRelativeSegments(filePath: string): string[] | null {
  if (filePath.length === 0 || filePath.length > 512) return null;
  const segments = filePath.split('/');
  return segments.every(isSafeSegment) ? segments : null;
}

/** Kept beside a version's files and written last; the leading dot keeps it out of what is served. */
export const METADATA_FILE = '.artifact.json';

/** A build folder as a store takes it: its files (each with a servable name) and their hash. */
export async function storableFolder(
  sourceDir: string,
  exclude: readonly string[],
): Promise<{ files: FolderFile[]; contentHash: string }> {
  const excluded = new Set(exclude);
  const files = await listFolderFiles(sourceDir, excluded);
  const unsafe = files.find((file) => !safeRelativeSegments(file.relativePath));
  if (unsafe)
    throw new Error(
      `Cannot store ${sourceDir}: the file name "${unsafe.relativePath}" cannot be served safely.`,
    );
  return { files, contentHash: await hashFolder(sourceDir, excluded) };
}

export function newMetadata(
  input: PutInput,
  files: readonly FolderFile[],
  contentHash: string,
): ArtifactMetadata {
  return {
    ...input,
    contentHash,
    storedAt: new Date().toISOString(),
    fileCount: files.length,
    totalBytes: files.reduce((sum, file) => sum + file.size, 0),
  };
}

/** A version already stored: the same content is a no-op, other content a conflict. */
export function confirmSame(existing: ArtifactMetadata, contentHash: string): PutResult {
  if (existing.contentHash !== contentHash) {
    throw new ArtifactConflictError(
      `${existing.remote} ${existing.version} is already stored with different content; stored versions never change. Build again to get a new version.`,
    );
  }
  return { created: false, metadata: existing };
}

export function newestFirst(versions: ArtifactMetadata[]): ArtifactMetadata[] {
  return versions.sort((a, b) => (a.storedAt < b.storedAt ? 1 : a.storedAt > b.storedAt ? -1 : 0));
}

// The registry document of one environment: which version of each remote is live, plus the
// history of changes. Every change happens under a lock and lands with an atomic write.
import fs from 'node:fs/promises';
import path from 'node:path';
import type {
  RegistryDocument,
  RegistryEntry,
  RegistryHistoryEntry,
} from '@shop/shared/releases/registry-document';
import { writeFileAtomic } from './atomic-write';
import { assertEnvironmentName } from './release-config';
import { isMissing } from './stored-file';
import { withFileLock, type FileLockOptions } from './registry-lock';

export interface RegistryOptions {
  registryDir: string;
  environment: string;
  lock?: FileLockOptions;
}

export interface LiveChange {
  remote: string;
  from: string | null;
  to: string;
  /** False when the version was already live: nothing was written. */
  changed: boolean;
  at: string;
}

export class RegistryCorruptError extends Error {}

/**
 * One environment's registry document wherever it is kept: a file under a lock (Registry below),
 * or a database row written by compare-and-set when the files live in an object store.
 */
export interface ReleaseRegistry {
  readonly environment: string;
  /** Where the document is kept, for messages and status. */
  readonly location: string;
  /** The current document; an empty one if nothing was ever deployed here. */
  read(): Promise<RegistryDocument>;
  /**
   * Runs `change` on a fresh read and writes the document back if it changed, so that two
   * writers never lose each other's change.
   */
  update<T>(change: (doc: RegistryDocument) => T | Promise<T>): Promise<T>;
  /** Changes whenever the document does; cheap enough to ask on every page. */
  revision(): Promise<string>;
}

export function emptyRegistry(environment: string): RegistryDocument {
  return { environment, updatedAt: new Date(0).toISOString(), remotes: {}, history: [] };
}

export class Registry implements ReleaseRegistry {
  readonly environment: string;
  readonly documentPath: string;
  readonly lockPath: string;

  constructor(private readonly options: RegistryOptions) {
    this.environment = assertEnvironmentName(options.environment);
    this.documentPath = path.join(options.registryDir, `${this.environment}.json`);
    this.lockPath = path.join(options.registryDir, `${this.environment}.lock`);
  }

  get location(): string {
    return this.documentPath;
  }

  async read(): Promise<RegistryDocument> {
    let text: string;
    try {
      text = await fs.readFile(this.documentPath, 'utf8');
    } catch (error) {
      if (isMissing(error)) return emptyRegistry(this.environment);
      throw error;
    }
    return parseRegistry(text, this.documentPath);
  }

  /**
   * Runs `change` on a fresh read under the lock and writes the document back if it changed.
   * Reading inside the lock is what keeps two deploys from losing each other's history.
   */
  async update<T>(change: (doc: RegistryDocument) => T | Promise<T>): Promise<T> {
    await fs.mkdir(this.options.registryDir, { recursive: true });
    return withFileLock(
      this.lockPath,
      async () => {
        const doc = await this.read();
        const before = JSON.stringify(doc);
        const result = await change(doc);
        const after = JSON.stringify(doc, null, 2);
        if (JSON.stringify(doc) !== before) await writeFileAtomic(this.documentPath, `${after}\n`);
        return result;
      },
      this.options.lock,
    );
  }

  async setLive(
    entry: RegistryEntry,
    by: string,
    action: 'deploy' | 'rollback' = 'deploy',
  ): Promise<LiveChange> {
    return this.update((doc) => applyLiveChange(doc, entry, by, action));
  }

  /** Every write is a rename, so the inode, size or mtime differ after each change. */
  async revision(): Promise<string> {
    const stats = await fs.stat(this.documentPath).catch(() => null);
    return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : 'missing';
  }
}

/** Makes `entry` live in `doc` and records the change; a no-op when that version is already live. */
export function applyLiveChange(
  doc: RegistryDocument,
  entry: RegistryEntry,
  by: string,
  action: 'deploy' | 'rollback',
  now = new Date(),
): LiveChange {
  const at = now.toISOString();
  const from = doc.remotes[entry.name]?.version ?? null;
  if (from === entry.version)
    return { remote: entry.name, from, to: entry.version, changed: false, at };
  doc.remotes[entry.name] = entry;
  doc.history.push({ remote: entry.name, from, to: entry.version, at, by, action });
  doc.updatedAt = at;
  return { remote: entry.name, from, to: entry.version, changed: true, at };
}

/**
 * The versions a remote went through, with rolled-back ones taken off: deploy v1, v2, v3 then
 * rollback gives [v1, v2]; another rollback gives [v1]. So repeated rollbacks walk further back
 * instead of toggling between the last two versions.
 */
export function liveLineage(history: readonly RegistryHistoryEntry[], remote: string): string[] {
  const lineage: string[] = [];
  for (const change of history) {
    if (change.remote !== remote) continue;
    const earlier = lineage.lastIndexOf(change.to);
    if (change.action === 'rollback' && earlier >= 0) lineage.length = earlier + 1;
    else if (lineage[lineage.length - 1] !== change.to) lineage.push(change.to);
  }
  return lineage;
}

/** Where `shop rollback <remote>` goes without a version: the one live before the current one. */
export function previousVersion(doc: RegistryDocument, remote: string): string | null {
  const current = doc.remotes[remote]?.version;
  if (!current) return null;
  const lineage = liveLineage(doc.history, remote);
  // The lineage ends at the live version unless the document was edited by hand.
  if (lineage[lineage.length - 1] !== current) return lineage[lineage.length - 1] ?? null;
  return lineage[lineage.length - 2] ?? null;
}

export function parseRegistry(text: string, source: string): RegistryDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RegistryCorruptError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  const doc = parsed as Partial<RegistryDocument> | null;
  if (
    !doc ||
    typeof doc !== 'object' ||
    typeof doc.remotes !== 'object' ||
    doc.remotes === null ||
    !Array.isArray(doc.history)
  ) {
    throw new RegistryCorruptError(
      `${source} is not a registry document (expected remotes and history).`,
    );
  }
  return doc as RegistryDocument;
}

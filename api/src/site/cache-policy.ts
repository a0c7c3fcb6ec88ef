// Which files may be cached forever and which must be revalidated on every load.
import path from 'node:path';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Entry points name the current version, so a stale copy would pin an old deploy. */
const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html']);
/** `main.3f2a9c1b8e.js`, `123.3f2a9c1b8e.css`, or an asset named by its hash. */
const CONTENT_HASHED = /(?:^|[.-])[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function isContentHashed(fileName: string): boolean {
  return CONTENT_HASHED.test(path.posix.basename(fileName));
}

/** Shell files: hashed chunks are immutable; everything else (index.html, favicon…) revalidates. */
export function siteFileCacheControl(filePath: string): string {
  const name = path.posix.basename(filePath);
  return !ENTRY_FILES.has(name) && isContentHashed(name) ? IMMUTABLE : NO_CACHE;
}

/**
 * Stored remote files live under a versioned URL that never changes content, so all of them are
 * immutable except the entry points the issue requires to revalidate.
 */
export function artifactFileCacheControl(filePath: string): string {
  const name = path.posix.basename(filePath);
  return ENTRY_FILES.has(name) || name.endsWith('.html') ? NO_CACHE : IMMUTABLE;
}

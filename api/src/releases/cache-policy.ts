// How a served file is labelled (its type by extension) and cached (forever, or revalidated on
// every load): the site's answers and the objects an object store keeps for a CDN say the same.
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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeOf(fileName: string): string {
  return CONTENT_TYPES[path.posix.extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

// Streams a file with the right type, cache policy and validators; answers 304 when the
// browser's copy is current. Compression is left to @fastify/compress's onSend hook.
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../releases/artifact-store';

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

export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  fileName: string,
  cacheControl: string,
): FastifyReply {
  reply
    .header('content-type', contentTypeOf(fileName))
    .header('cache-control', cacheControl)
    // Weak: the same file may go out gzip- or brotli-encoded.
    .header('etag', `W/${file.etag}`)
    .header('last-modified', file.modifiedAt.toUTCString())
    .header('x-content-type-options', 'nosniff');
  if (isFresh(request, file)) return reply.code(304).send();
  // No content-length on the stream: chunked encoding ends the response only once the stream has
  // closed, and compression would drop the header anyway.
  return reply.send(file.open());
}

function isFresh(request: FastifyRequest, file: StoredFile): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch)
    return ifNoneMatch
      .split(',')
      .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === file.etag);
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    return (
      Number.isFinite(since) &&
      Math.floor(file.modifiedAt.getTime() / 1000) <= Math.floor(since / 1000)
    );
  }
  return false;
}

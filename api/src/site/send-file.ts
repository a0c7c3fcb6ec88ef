// Streams a file with the right type, cache policy and validators; answers 304 when the
// browser's copy is current. Compression is left to @fastify/compress's onSend hook.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../releases/artifact-store';
import { contentTypeOf } from '../releases/cache-policy';

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

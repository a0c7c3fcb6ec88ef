import { randomUUID } from 'node:crypto';

export interface FilePart {
  name: string;
  type?: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body, built by hand so tests can send what a browser never would. */
export function multipart(parts: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shop-test-${randomUUID()}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\n` +
        `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      'utf8',
    ),
    part.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;

/** `bytes` of a repeating pattern, made as they are read (never held whole); `failAt` errors there. */
export function patternStream(bytes: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) {
        this.destroy(new Error('the client went away'));
        return;
      }
      if (sent >= bytes) {
        this.push(null);
        return;
      }
      const size = Math.min(CHUNK, bytes - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i += 1) chunk[i] = (sent + i) % 251;
      sent += size;
      this.push(chunk);
    },
  });
}

/** sha256 and length of a stream, read chunk by chunk. */
export async function digestOf(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

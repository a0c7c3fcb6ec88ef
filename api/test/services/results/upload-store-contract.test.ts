// One contract for every upload store: the directory (the embedded default) and S3 (against a
// real S3-protocol server) answer the same calls the same way.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { DirectoryUploadStore } from '../../../src/services/results/directory-upload-store';
import { S3UploadStore } from '../../../src/services/results/s3-upload-store';
import type { UploadStore } from '../../../src/services/results/upload-store';
import { digestOf, patternStream } from '../../helpers/byte-streams';
import { startS3Server } from '../../helpers/s3-server';

interface Opened {
  store: UploadStore;
  close(): Promise<void>;
}

const implementations: [string, () => Promise<Opened>][] = [
  [
    'directory',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-uploads-'));
      return {
        store: new DirectoryUploadStore(dir),
        close: () => fs.rm(dir, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const server = await startS3Server();
      return { store: new S3UploadStore(server.bucket('uploads/')), close: server.close };
    },
  ],
];

const LARGE = 12 * 1024 * 1024;

describe.each(implementations)('the %s upload store', (_name, open) => {
  let opened: Opened;
  let store: UploadStore;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.close());

  it('keeps bytes under a server-made key until they are deleted', async () => {
    const key = randomUUID();
    await store.put(key, Buffer.from('%PDF-1.7 report'));
    const stored = await store.get(key);
    expect(stored?.size).toBe(15);
    expect(await text(stored!.open())).toBe('%PDF-1.7 report');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it('answers null for a key never written, and deleting one is not an error', async () => {
    const key = randomUUID();
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it.each(['../etc/passwd', 'report.pdf', `${randomUUID()}/x`, ''])(
    'refuses %j as a key',
    async (key) => {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Not an upload key/);
      await expect(store.get(key)).rejects.toThrow(/Not an upload key/);
      await expect(store.delete(key)).rejects.toThrow(/Not an upload key/);
    },
  );

  it('streams a large file in and out', async () => {
    const key = randomUUID();
    await store.putStream(key, patternStream(LARGE));
    const stored = await store.get(key);
    expect(stored?.size).toBe(LARGE);
    expect(await digestOf(stored!.open())).toEqual(await digestOf(patternStream(LARGE)));
  });

  it('stores nothing when the stream fails halfway', async () => {
    const key = randomUUID();
    await expect(store.putStream(key, patternStream(LARGE, 6 * 1024 * 1024))).rejects.toThrow(
      /went away/,
    );
    expect(await store.get(key)).toBeNull();
  });
});

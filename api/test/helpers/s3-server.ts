// A real S3-protocol server on a free loopback port, its objects in a temp folder: the S3 stores
// are tested against the protocol, not against a hand-written fake.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3Client, S3Bucket, type S3Settings } from '../../src/lib/s3-bucket';
import { freePort } from './free-port';

export interface TestS3Server {
  settings: S3Settings;
  /** The same settings as OBJECT_STORE=s3 variables, for an app's env. */
  env: Record<string, string>;
  /** A view of the bucket under `prefix`, on a client of its own (closed with the server). */
  bucket(prefix: string): S3Bucket;
  close(): Promise<void>;
}

const BUCKET = 'shop-test';
// s3rver accepts any key pair; these are the ones its documentation uses.
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  const settings: S3Settings = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  };
  const clients: { destroy(): void }[] = [];
  return {
    settings,
    env: {
      OBJECT_STORE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    bucket(prefix) {
      const client = createS3Client(settings);
      clients.push(client);
      return new S3Bucket(client, BUCKET, prefix);
    },
    async close() {
      for (const client of clients) client.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

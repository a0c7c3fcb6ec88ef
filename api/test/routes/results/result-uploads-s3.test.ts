// The result-upload routes with OBJECT_STORE=s3, against a real S3-protocol server: a report is
// stored in the bucket (nothing on this machine's disk), streamed back to its owner only, and
// deleted from the bucket with its row. This file also runs on PostgreSQL.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import { signUpAndConfirm } from '../../helpers/accounts';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

let s3: TestS3Server;
let t: TestApp;
let owner: string;
let stranger: string;

async function signedUp(email: string): Promise<string> {
  const confirmed = await signUpAndConfirm(t, {
    email,
    name: 'Bucket Person',
    password: 'a long enough passphrase 42',
    kitID: null,
    sessionId: randomUUID(),
  });
  return sessionCookieFrom(confirmed);
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp({ env: { ...s3.env, UPLOAD_RATE_LIMIT_MAX: '1000' } });
  owner = await signedUp('bucket-owner@example.com');
  stranger = await signedUp('bucket-stranger@example.com');
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

function uploadPdf(cookie: string, name: string) {
  const boundary = `----shop-s3-${randomUUID()}`;
  return t.inject({
    method: 'POST',
    url: API_PATHS.resultUploads,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const fileOf = (cookie: string, id: string) =>
  t.inject({
    method: 'GET',
    url: buildPath(API_PATHS.resultUploadFile, { id }),
    headers: { cookie },
  });

it('stores, lists, serves to its owner only and deletes a report in the bucket', async () => {
  expect(t.app.uploadStore.location).toBe('s3://shop-test/uploads/');
  const created = await uploadPdf(owner, 'labs.pdf');
  expect(created.statusCode).toBe(201);
  const { id } = created.json<ResultUpload>();

  const bucket = s3.bucket('uploads/');
  expect(await bucket.head(id)).toMatchObject({ size: PDF.length });
  expect(await text(bucket.open(id))).toBe(PDF.toString());
  // Nothing of it on this machine's disk.
  expect(await fs.readdir(t.config.uploadsDir)).toEqual([]);

  const listed = await t.inject({
    method: 'GET',
    url: API_PATHS.resultUploads,
    headers: { cookie: owner },
  });
  expect(listed.json().uploads.map((item: ResultUpload) => item.id)).toContain(id);

  const download = await fileOf(owner, id);
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(PDF)).toBe(true);
  expect(download.headers['content-length']).toBe(String(PDF.length));
  const refused = await fileOf(stranger, id);
  expect(refused.statusCode).toBe(404);

  const removed = await t.inject({
    method: 'DELETE',
    url: buildPath(API_PATHS.resultUpload, { id }),
    headers: { cookie: owner },
  });
  expect(removed.statusCode).toBe(200);
  expect(await bucket.head(id)).toBeNull();
  expect((await fileOf(owner, id)).statusCode).toBe(404);
});

it('answers 404 for a row whose object is gone from the bucket', async () => {
  const { id } = (await uploadPdf(owner, 'gone.pdf')).json<ResultUpload>();
  await s3.bucket('uploads/').delete(id);
  expect((await fileOf(owner, id)).statusCode).toBe(404);
});

// Lab reports a signed-in customer uploads: the type comes from the bytes, the size is capped,
// the name is only ever text, and only the owner can list, download or delete one. Anyone else
// gets exactly the 404 of an id that does not exist.
// This file also runs on PostgreSQL (jest.postgres.config.cjs).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { RESULT_UPLOAD_MAX_BYTES, type ResultUpload } from '@shop/shared/contract/result-uploads';
import { buildTestApp, sessionCookieFrom, type TestApp } from '../../helpers/build-test-app';
import { signUpAndConfirm } from '../../helpers/accounts';
import { multipart, type FilePart } from '../../helpers/multipart';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR fake png body'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF body')]);
const CSV = Buffer.from('\uFEFFMarker,Value,Unit\nLDL,98,mg/dL\nHDL,61,mg/dL\n');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64), Buffer.from('This program')]);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: string;
let stranger: string;

async function signedUp(email: string, app: TestApp = t): Promise<string> {
  const confirmed = await signUpAndConfirm(app, {
    email,
    name: 'Upload Person',
    password: 'a long enough passphrase 42',
    kitID: null,
    sessionId: randomUUID(),
  });
  return sessionCookieFrom(confirmed);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_RATE_LIMIT_MAX: '1000' } });
  owner = await signedUp('uploader@example.com');
  stranger = await signedUp('stranger@example.com');
});
afterAll(() => t.close());

function upload(
  cookie: string | null,
  parts: FilePart[],
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(parts);
  return t.inject({
    method: 'POST',
    url: API_PATHS.resultUploads,
    payload: body.payload,
    ...extra,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}), ...(extra.headers ?? {}) },
  });
}

async function uploaded(cookie: string, part: FilePart): Promise<ResultUpload> {
  const response = await upload(cookie, [part]);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const list = (cookie: string | null) =>
  t.inject({
    method: 'GET',
    url: API_PATHS.resultUploads,
    headers: cookie ? { cookie } : {},
  });
const download = (cookie: string | null, id: string) =>
  t.inject({
    method: 'GET',
    url: buildPath(API_PATHS.resultUploadFile, { id }),
    headers: cookie ? { cookie } : {},
  });
const remove = (cookie: string | null, id: string) =>
  t.inject({
    method: 'DELETE',
    url: buildPath(API_PATHS.resultUpload, { id }),
    headers: cookie ? { cookie } : {},
  });

const expectRefused = (response: LightMyRequestResponse, status: number, code: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({
    error: expect.objectContaining({ code, message: expect.any(String) }),
  });
};

describe('uploading a lab report', () => {
  it.each([
    // A PDF is read by a job; a photo waits for typed values; a CSV for its columns.
    ['a PDF', { name: 'quest-results.pdf', type: 'application/pdf', bytes: PDF }, 'pdf', 'reading'],
    [
      'a PNG photo',
      { name: 'photo.png', type: 'image/png', bytes: PNG },
      'png',
      'needs-confirmation',
    ],
    [
      'a JPEG photo',
      { name: 'IMG_0042.JPG', type: 'image/jpeg', bytes: JPEG },
      'jpeg',
      'needs-confirmation',
    ],
    [
      'a CSV export',
      { name: 'mychart-export.csv', type: 'text/csv', bytes: CSV },
      'csv',
      'needs-columns',
    ],
    // Browsers on Windows often declare CSV this way; the bytes decide.
    [
      'a CSV declared as Excel',
      { name: 'export.csv', type: 'application/vnd.ms-excel', bytes: CSV },
      'csv',
      'needs-columns',
    ],
  ] as const)(
    'accepts %s, stored with its size, type, sha256 and status',
    async (_label, part, type, status) => {
      const response = await upload(owner, [part]);
      expect(response.statusCode).toBe(201);
      const body: ResultUpload = response.json();
      expect(body).toEqual({
        id: expect.any(String),
        fileName: part.name,
        size: part.bytes.length,
        type,
        status,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        createdAt: expect.any(String),
        readingCount: 0,
        collectedAt: null,
        progress: status === 'reading' ? 0 : null,
        problem: null,
      });
      const row = await t.app.db
        .selectFrom('result_uploads')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        size_bytes: part.bytes.length,
        detected_type: type,
        status,
      });
    },
  );

  it('reads the type from the bytes, and names the file after what it really is', async () => {
    const png = await uploaded(owner, { name: 'scan.pdf', type: 'application/pdf', bytes: PNG });
    expect(png).toMatchObject({ type: 'png', fileName: 'scan.png' });
    const pdf = await uploaded(owner, { name: 'report', type: 'text/plain', bytes: PDF });
    expect(pdf).toMatchObject({ type: 'pdf', fileName: 'report.pdf' });
  });

  it.each([
    ['HTML named .pdf', { name: 'results.pdf', type: 'application/pdf', bytes: HTML }],
    ['a Windows program named .pdf', { name: 'results.pdf', type: 'application/pdf', bytes: EXE }],
    ['HTML named .csv', { name: 'results.csv', type: 'text/csv', bytes: HTML }],
    ['a program named .csv', { name: 'results.csv', type: 'text/csv', bytes: EXE }],
    ['text not named or declared CSV', { name: 'notes.txt', type: 'text/plain', bytes: CSV }],
    [
      'CSV that is not UTF-8',
      {
        name: 'latin1.csv',
        type: 'text/csv',
        bytes: Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0xe9, 0xff, 0x0a]),
      },
    ],
    [
      'CSV with a NUL',
      { name: 'nul.csv', type: 'text/csv', bytes: Buffer.from('a,b\n1,\u00002\n') },
    ],
    [
      'text without columns',
      { name: 'essay.csv', type: 'text/csv', bytes: Buffer.from('just words\nmore words\n') },
    ],
    [
      'an SVG image',
      { name: 'chart.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"/>') },
    ],
  ] as const)('refuses %s with 415 in the error shape', async (_label, part) => {
    expectRefused(await upload(owner, [part]), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a file over 10 MB with 413, and stores nothing', async () => {
    const before = (await list(owner)).json().uploads.length;
    const big = Buffer.alloc(RESULT_UPLOAD_MAX_BYTES + 1, 0x20);
    PDF.copy(big);
    const response = await upload(owner, [
      { name: 'huge.pdf', type: 'application/pdf', bytes: big },
    ]);
    expectRefused(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.json().error.message).toContain('10 MB');
    expect((await list(owner)).json().uploads).toHaveLength(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const limit = Buffer.alloc(RESULT_UPLOAD_MAX_BYTES, 0x20);
    PDF.copy(limit);
    const stored = await uploaded(owner, {
      name: 'limit.pdf',
      type: 'application/pdf',
      bytes: limit,
    });
    expect(stored.size).toBe(RESULT_UPLOAD_MAX_BYTES);
    expect((await remove(owner, stored.id)).statusCode).toBe(200);
  });

  it('refuses an empty file, a form without a file and two files', async () => {
    expectRefused(
      await upload(owner, [{ name: 'empty.pdf', bytes: Buffer.alloc(0) }]),
      400,
      'BAD_REQUEST',
    );
    expectRefused(await upload(owner, []), 400, 'BAD_REQUEST');
    expectRefused(
      await upload(owner, [
        { name: 'a.pdf', bytes: PDF },
        { name: 'b.pdf', bytes: PDF, field: 'second' },
      ]),
      400,
      'BAD_REQUEST',
    );
  });

  it.each([
    ['a JSON body', 'application/json', '{"file":"JVBERi0="}', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['no body at all', undefined, undefined, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['multipart without a boundary', 'multipart/form-data', 'no boundary', 400, 'BAD_REQUEST'],
    [
      'multipart cut off in the file',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut',
      400,
      'BAD_REQUEST',
    ],
  ] as const)('refuses %s in the error shape', async (_label, type, payload, status, code) => {
    const response = await t.inject({
      method: 'POST',
      url: API_PATHS.resultUploads,
      headers: { cookie: owner, ...(type ? { 'content-type': type } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
    expectRefused(response, status, code);
  });

  it.each([
    ['a NUL and a path', 'a\u0000b/../../etc/passwd.pdf', 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\ada\\labs.pdf', 'labs.pdf'],
    ['HTML', '<img src=x onerror=alert(1)>.pdf', '<img src=x onerror=alert(1)>.pdf'],
    ['a right-to-left override', 'result\u202Efdp.exe', 'resultfdp.exe.pdf'],
    ['only dots', '...', 'lab-result.pdf'],
    ['nothing', '', 'lab-result.pdf'],
    ['a very long name', `${'a'.repeat(500)}.pdf`, `${'a'.repeat(120)}.pdf`],
  ])('keeps a name with %s as plain display text', async (_label, name, expected) => {
    const stored = await uploaded(owner, { name, type: 'application/pdf', bytes: PDF });
    expect(stored.fileName).toBe(expected);
    // Nothing in the store is named after the client's file name.
    const stray = await fs
      .readdir(t.config.uploadsDir, { recursive: true })
      .then((names) => names.filter((entry) => entry.includes('passwd') || entry.includes('labs')));
    expect(stray).toEqual([]);
  });

  it('needs a session, and a state change from the shop (CSRF)', async () => {
    expectRefused(await upload(null, [{ name: 'a.pdf', bytes: PDF }]), 401, 'UNAUTHORIZED');
    const body = multipart([{ name: 'a.pdf', bytes: PDF }]);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: API_PATHS.resultUploads,
      headers: { ...body.headers, cookie: owner, origin: 'https://evil.example' },
      payload: body.payload,
    });
    expectRefused(crossSite, 403, 'CSRF_ORIGIN_REJECTED');
    const noOrigin = await t.app.inject({
      method: 'DELETE',
      url: buildPath(API_PATHS.resultUpload, { id: UNKNOWN_ID }),
      headers: { cookie: owner },
    });
    expectRefused(noOrigin, 403, 'CSRF_ORIGIN_REJECTED');
  });

  it('limits uploads per account', async () => {
    const limited = await buildTestApp({ env: { UPLOAD_RATE_LIMIT_MAX: '2' } });
    try {
      const send = (cookie: string) => {
        const form = multipart([{ name: 'a.pdf', bytes: PDF }]);
        return limited.inject({
          method: 'POST',
          url: API_PATHS.resultUploads,
          headers: { ...form.headers, cookie },
          payload: form.payload,
        });
      };
      const first = await signedUp('first-limited@example.com', limited);
      const second = await signedUp('second-limited@example.com', limited);
      expect((await send(first)).statusCode).toBe(201);
      expect((await send(first)).statusCode).toBe(201);
      expectRefused(await send(first), 429, 'RATE_LIMITED');
      // Another account has its own allowance.
      expect((await send(second)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('listing, downloading and deleting', () => {
  it('lists only my uploads, newest first', async () => {
    const first = await uploaded(stranger, { name: 'first.pdf', bytes: PDF });
    const second = await uploaded(stranger, { name: 'second.png', bytes: PNG });
    const response = await list(stranger);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const ids = response.json().uploads.map((item: ResultUpload) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const mine = (await list(owner)).json().uploads.map((item: ResultUpload) => item.id);
    expect(mine).not.toContain(first.id);
    expectRefused(await list(null), 401, 'UNAUTHORIZED');
  });

  it('downloads the same bytes, as an attachment that is never sniffed', async () => {
    const stored = await uploaded(owner, {
      name: 'Résultats mars (2024).pdf',
      type: 'application/pdf',
      bytes: PDF,
    });
    const response = await download(owner, stored.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-disposition': `attachment; filename="R_sultats mars (2024).pdf"; filename*=UTF-8''R%C3%A9sultats%20mars%20%282024%29.pdf`,
    });
    const csv = await uploaded(owner, { name: 'labs.csv', type: 'text/csv', bytes: CSV });
    const csvResponse = await download(owner, csv.id);
    expect(csvResponse.rawPayload.equals(CSV)).toBe(true);
    expect(csvResponse.headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('answers a stranger, an anonymous caller and an unknown id with the same 404', async () => {
    const stored = await uploaded(owner, { name: 'private.pdf', bytes: PDF });
    const missing = await download(owner, UNKNOWN_ID);
    expect(missing.statusCode).toBe(404);
    for (const response of [
      await download(stranger, stored.id),
      await remove(stranger, stored.id),
      await remove(owner, UNKNOWN_ID),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(missing.json());
    }
    expectRefused(await download(null, stored.id), 401, 'UNAUTHORIZED');
    // The stranger changed nothing.
    expect((await download(owner, stored.id)).statusCode).toBe(200);
  });

  it('refuses an id that is not a uuid with 400', async () => {
    expectRefused(await download(owner, '../../etc/passwd'), 400, 'VALIDATION_ERROR');
    expectRefused(await remove(owner, 'a\u0000b'), 400, 'VALIDATION_ERROR');
  });

  it('deletes the row and the file, and answers with the fresh list', async () => {
    const stored = await uploaded(owner, { name: 'to-delete.pdf', bytes: PDF });
    const file = path.join(t.config.uploadsDir, stored.id.slice(0, 2), stored.id);
    await expect(fs.readFile(file)).resolves.toEqual(PDF);
    const response = await remove(owner, stored.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().uploads.map((item: ResultUpload) => item.id)).not.toContain(stored.id);
    await expect(fs.stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await download(owner, stored.id)).statusCode).toBe(404);
    expect((await remove(owner, stored.id)).statusCode).toBe(404);
  });

  it('describes the upload calls in the OpenAPI document, the form as multipart', async () => {
    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content: Record<string, unknown> };
            responses?: Record<string, { content?: Record<string, unknown> }>;
          }
        >
      >;
    };
    const uploads = document.paths[API_PATHS.resultUploads];
    expect(Object.keys(uploads ?? {})).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(uploads?.post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    // The download answers with the file itself, in the type its bytes were detected as.
    expect(
      Object.keys(
        document.paths['/user/result-uploads/{id}/file']?.get?.responses?.[200]?.content ?? {},
      ),
    ).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
      'text/csv; charset=utf-8',
      'application/fhir+json',
      'application/zip',
    ]);
    expect(document.paths['/user/result-uploads/{id}']?.delete).toBeDefined();
  });
});

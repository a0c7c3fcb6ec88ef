// One contract for every artifact store: the directory (the embedded default) and S3 (against a
// real S3-protocol server) store, list and serve versions the same way.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ArtifactConflictError, type ArtifactStore } from '../../src/releases/artifact-store';
import { DirectoryArtifactStore } from '../../src/releases/directory-artifact-store';
import { S3ArtifactStore } from '../../src/releases/s3-artifact-store';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

let dir: string;
let source: string;
let s3: TestS3Server;
let prefixes = 0;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-store-'));
  source = path.join(dir, 'dist');
  await fs.mkdir(path.join(source, 'assets'), { recursive: true });
  await fs.writeFile(path.join(source, 'remoteEntry.js'), 'entry');
  await fs.writeFile(path.join(source, 'assets', 'logo.0123456789.svg'), '<svg/>');
  await fs.writeFile(path.join(source, 'build-info.json'), '{}');
});
afterEach(() => fs.rm(dir, { recursive: true, force: true }));

const input = (version: string) => ({
  remote: 'mf_catalog',
  version,
  packageVersion: '1.0.0',
  buildId: 'b',
  contractVersion: '1.0.0',
  storedBy: 't',
});

// Each test gets an empty store: a fresh folder, or a fresh prefix of the one bucket.
const implementations: [string, () => ArtifactStore][] = [
  ['directory', () => new DirectoryArtifactStore(path.join(dir, 'store'))],
  ['s3', () => new S3ArtifactStore(s3.bucket(`test-${(prefixes += 1)}/`))],
];

describe.each(implementations)('the %s artifact store', (_name, open) => {
  let store: ArtifactStore;
  beforeEach(() => {
    store = open();
  });

  it('stores the folder without excluded files, and serves its files', async () => {
    const put = await store.put(source, input('1.0.0+a'), ['build-info.json']);
    expect(put).toMatchObject({
      created: true,
      metadata: { fileCount: 2, totalBytes: 11, version: '1.0.0+a' },
    });
    expect(await store.exists('mf_catalog', '1.0.0+a')).toBe(true);
    expect(await store.metadata('mf_catalog', '1.0.0+a')).toEqual(put.metadata);
    expect(await store.stat('mf_catalog', '1.0.0+a', 'build-info.json')).toBeNull();
    const file = await store.stat('mf_catalog', '1.0.0+a', 'assets/logo.0123456789.svg');
    expect(file).toMatchObject({ size: 6, etag: expect.stringMatching(/^".+"$/) });
    expect(Number.isNaN(file!.modifiedAt.getTime())).toBe(false);
    expect(await text(file!.open())).toBe('<svg/>');
  });

  it('answers null and false for a version or file it does not hold', async () => {
    expect(await store.exists('mf_catalog', '9.9.9+z')).toBe(false);
    expect(await store.metadata('mf_catalog', '9.9.9+z')).toBeNull();
    await store.put(source, input('1.0.0+a'));
    expect(await store.stat('mf_catalog', '1.0.0+a', 'missing.js')).toBeNull();
  });

  it('treats a re-put of identical content as a no-op and different content as a conflict', async () => {
    await store.put(source, input('1.0.0+a'));
    await expect(store.put(source, input('1.0.0+a'))).resolves.toMatchObject({ created: false });
    await fs.writeFile(path.join(source, 'remoteEntry.js'), 'changed');
    await expect(store.put(source, input('1.0.0+a'))).rejects.toThrow(ArtifactConflictError);
    const file = await store.stat('mf_catalog', '1.0.0+a', 'remoteEntry.js');
    expect(await text(file!.open())).toBe('entry');
  });

  it('lists versions newest first', async () => {
    await store.put(source, input('1.0.0+a'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.put(source, input('1.0.0+b'));
    expect((await store.listVersions('mf_catalog')).map((m) => m.version)).toEqual([
      '1.0.0+b',
      '1.0.0+a',
    ]);
    expect(await store.listVersions('mf_unknown')).toEqual([]);
  });

  it.each([
    '../1.0.0+a/remoteEntry.js',
    'assets/../../x',
    '.artifact.json',
    'assets//logo.0123456789.svg',
    '',
    '/etc/passwd',
  ])('refuses to stat %j', async (filePath) => {
    await store.put(source, input('1.0.0+a'));
    expect(await store.stat('mf_catalog', '1.0.0+a', filePath)).toBeNull();
  });

  it('refuses unsafe remote names, versions and file names', async () => {
    await expect(store.put(source, { ...input('1.0.0+a'), remote: '../x' })).rejects.toThrow(
      /Invalid remote/,
    );
    await expect(store.put(source, input('..'))).rejects.toThrow(/Invalid version/);
    expect(await store.stat('..', '1.0.0+a', 'remoteEntry.js')).toBeNull();
    await fs.writeFile(path.join(source, 'bad name.js'), 'x');
    await expect(store.put(source, input('1.0.0+a'))).rejects.toThrow(/cannot be served safely/);
  });
});

describe('the directory artifact store', () => {
  it('copies a version in one piece and ignores unfinished copies', async () => {
    const store = new DirectoryArtifactStore(path.join(dir, 'store'));
    await store.put(source, input('1.0.0+a'));
    await fs.mkdir(path.join(dir, 'store', 'mf_catalog', '.incoming-1.0.0+c-123'));
    expect(await fs.readdir(path.join(dir, 'store', 'mf_catalog'))).toEqual(
      expect.arrayContaining(['1.0.0+a']),
    );
    expect((await store.listVersions('mf_catalog')).map((m) => m.version)).toEqual(['1.0.0+a']);
  });
});

describe('the S3 artifact store', () => {
  it('keeps a version out of sight until its metadata, written last, is there', async () => {
    const bucket = s3.bucket('partial/');
    const store = new S3ArtifactStore(bucket);
    // A deploy that died after its files: the objects exist, the version does not.
    await bucket.put('mf_catalog/1.0.0+c/remoteEntry.js', 'entry');
    expect(await store.exists('mf_catalog', '1.0.0+c')).toBe(false);
    expect(await store.listVersions('mf_catalog')).toEqual([]);
    await store.put(source, input('1.0.0+c'));
    expect((await store.listVersions('mf_catalog')).map((m) => m.version)).toEqual(['1.0.0+c']);
  });

  it('labels and caches each object as the site serves it, for a CDN in front of the bucket', async () => {
    const bucket = s3.bucket('cdn/');
    await new S3ArtifactStore(bucket).put(source, input('1.0.0+d'));
    expect(await bucket.head('mf_catalog/1.0.0+d/remoteEntry.js')).toMatchObject({
      contentType: 'application/javascript; charset=utf-8',
      cacheControl: 'no-cache',
    });
    expect(await bucket.head('mf_catalog/1.0.0+d/assets/logo.0123456789.svg')).toMatchObject({
      contentType: 'image/svg+xml',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
});

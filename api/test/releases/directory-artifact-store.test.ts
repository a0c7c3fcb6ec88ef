import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ArtifactConflictError } from '../../src/releases/artifact-store';
import { DirectoryArtifactStore } from '../../src/releases/directory-artifact-store';

describe('DirectoryArtifactStore', () => {
  let dir: string;
  let store: DirectoryArtifactStore;
  let source: string;
  const input = (version: string) => ({
    remote: 'mf_catalog',
    version,
    packageVersion: '1.0.0',
    buildId: 'b',
    contractVersion: '1.0.0',
    storedBy: 't',
  });

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-store-'));
    store = new DirectoryArtifactStore(path.join(dir, 'store'));
    source = path.join(dir, 'dist');
    await fs.mkdir(path.join(source, 'assets'), { recursive: true });
    await fs.writeFile(path.join(source, 'remoteEntry.js'), 'entry');
    await fs.writeFile(path.join(source, 'assets', 'logo.0123456789.svg'), '<svg/>');
    await fs.writeFile(path.join(source, 'build-info.json'), '{}');
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('copies the folder in one piece, without excluded files, and serves its files', async () => {
    const put = await store.put(source, input('1.0.0+a'), ['build-info.json']);
    expect(put).toMatchObject({
      created: true,
      metadata: { fileCount: 2, totalBytes: 11, version: '1.0.0+a' },
    });
    expect(await fs.readdir(path.join(dir, 'store', 'mf_catalog'))).toEqual(['1.0.0+a']);
    expect(await store.stat('mf_catalog', '1.0.0+a', 'build-info.json')).toBeNull();
    const file = await store.stat('mf_catalog', '1.0.0+a', 'assets/logo.0123456789.svg');
    expect(file?.size).toBe(6);
  });

  it('treats a re-put of identical content as a no-op and different content as a conflict', async () => {
    await store.put(source, input('1.0.0+a'));
    await expect(store.put(source, input('1.0.0+a'))).resolves.toMatchObject({ created: false });
    await fs.writeFile(path.join(source, 'remoteEntry.js'), 'changed');
    await expect(store.put(source, input('1.0.0+a'))).rejects.toThrow(ArtifactConflictError);
    const file = await store.stat('mf_catalog', '1.0.0+a', 'remoteEntry.js');
    const chunks: Buffer[] = [];
    for await (const chunk of file!.open()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('entry');
  });

  it('lists versions newest first and ignores unfinished copies', async () => {
    await store.put(source, input('1.0.0+a'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.put(source, input('1.0.0+b'));
    await fs.mkdir(path.join(dir, 'store', 'mf_catalog', '.incoming-1.0.0+c-123'));
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

  it('refuses unsafe remote names and versions', async () => {
    await expect(store.put(source, { ...input('1.0.0+a'), remote: '../x' })).rejects.toThrow(
      /Invalid remote/,
    );
    await expect(store.put(source, input('..'))).rejects.toThrow(/Invalid version/);
    expect(await store.stat('..', '1.0.0+a', 'remoteEntry.js')).toBeNull();
  });
});

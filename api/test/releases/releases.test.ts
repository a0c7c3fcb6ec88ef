import fs from 'node:fs/promises';
import path from 'node:path';
import { BUILD_INFO_FILE, writeBuildInfo } from '../../src/releases/built-remote';
import {
  releaseStatus,
  deployAll,
  deployBuild,
  deployStoredVersion,
  rollback,
} from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { createFakeRepo, fileHashes, writeRemoteBuild, type FakeRepo } from './fake-repo';

const catalog = findRemote('mf-catalog') as RemoteDefinition;
const checkout = findRemote('mf_checkout') as RemoteDefinition;

describe('deploy and rollback', () => {
  let repo: FakeRepo;
  beforeEach(async () => {
    repo = await createFakeRepo();
  });
  afterEach(() => repo.remove());

  it('stores the build under <store>/<remote>/<version> and makes it live', async () => {
    const chunk = await writeRemoteBuild(repo.root, catalog, 'v1', { packageVersion: '2.3.0' });
    const outcome = await deployBuild(repo.releases, catalog);

    expect(outcome).toMatchObject({
      remote: 'mf_catalog',
      from: null,
      changed: true,
      stored: true,
      contractVersion: '1.0.0',
    });
    expect(outcome.to).toMatch(/^2\.3\.0\+[0-9a-f]{12}$/);
    const versionDir = path.join(repo.deployDir, 'store', 'mf_catalog', outcome.to);
    await expect(fs.readFile(path.join(versionDir, chunk), 'utf8')).resolves.toContain('v1');
    const doc = await repo.releases.registry.read();
    expect(doc.remotes.mf_catalog).toEqual({
      name: 'mf_catalog',
      version: outcome.to,
      manifestUrl: `/remotes/mf_catalog/${encodeURIComponent(outcome.to)}/mf-manifest.json`,
      contractVersion: '1.0.0',
      areaRoutes: ['/', '/pricing', '/programs'],
    });
    expect(doc.history).toEqual([
      {
        remote: 'mf_catalog',
        from: null,
        to: outcome.to,
        at: expect.any(String),
        by: 'tester',
        action: 'deploy',
      },
    ]);
  });

  it('gives the same build the same version, so redeploying it changes nothing', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const first = await deployBuild(repo.releases, catalog);
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const second = await deployBuild(repo.releases, catalog);
    expect(second).toMatchObject({ to: first.to, changed: false, stored: false });
    expect((await repo.releases.registry.read()).history).toHaveLength(1);
  });

  it('uses the BUILD_ID recorded by `shop build` only while the build folder is unchanged', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const distDir = path.join(repo.root, 'mf-catalog', 'dist');
    await writeBuildInfo(distDir, 'ci-4711');
    expect((await deployBuild(repo.releases, catalog)).to).toBe('1.0.0+ci-4711');
    // A later build in the same folder must not inherit the old id.
    await writeRemoteBuild(repo.root, catalog, 'v2');
    await fs.writeFile(
      path.join(distDir, BUILD_INFO_FILE),
      JSON.stringify({ buildId: 'ci-4711', contentHash: 'stale', builtAt: '' }),
    );
    expect((await deployBuild(repo.releases, catalog)).to).toMatch(/^1\.0\.0\+[0-9a-f]{12}$/);
  });

  it('rolls back to the previous version, then further back, and to a named version', async () => {
    const versions: string[] = [];
    for (const label of ['v1', 'v2', 'v3']) {
      await writeRemoteBuild(repo.root, catalog, label);
      versions.push((await deployBuild(repo.releases, catalog)).to);
    }
    const [v1, v2, v3] = versions as [string, string, string];

    expect(await rollback(repo.releases, catalog)).toMatchObject({
      from: v3,
      to: v2,
      changed: true,
    });
    expect(await rollback(repo.releases, catalog)).toMatchObject({ from: v2, to: v1 });
    await expect(rollback(repo.releases, catalog)).rejects.toThrow(/no earlier version/);
    expect(await rollback(repo.releases, catalog, v3)).toMatchObject({ from: v1, to: v3 });

    const doc = await repo.releases.registry.read();
    expect(doc.remotes.mf_catalog!.version).toBe(v3);
    expect(doc.history.map((h) => [h.from, h.to, h.action])).toEqual([
      [null, v1, 'deploy'],
      [v1, v2, 'deploy'],
      [v2, v3, 'deploy'],
      [v3, v2, 'rollback'],
      [v2, v1, 'rollback'],
      [v1, v3, 'rollback'],
    ]);
    // Old versions stay in the store after a rollback.
    expect(
      (await repo.releases.store.listVersions('mf_catalog')).map((m) => m.version).sort(),
    ).toEqual([...versions].sort());
  });

  it('refuses versions that are not in the store and remotes never deployed', async () => {
    await expect(rollback(repo.releases, catalog)).rejects.toThrow(/never been deployed/);
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const v1 = (await deployBuild(repo.releases, catalog)).to;
    await expect(rollback(repo.releases, catalog, '9.9.9+nope')).rejects.toThrow(
      new RegExp(`not in the artifact store. Stored versions: ${v1.replace('+', '\\+')}`),
    );
    await expect(deployStoredVersion(repo.releases, catalog, '../../etc')).rejects.toThrow(
      /not in the artifact store/,
    );
  });

  it('deploys a stored version with --version without touching the build folder', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const v1 = (await deployBuild(repo.releases, catalog)).to;
    await writeRemoteBuild(repo.root, catalog, 'v2');
    await deployBuild(repo.releases, catalog);
    await fs.rm(path.join(repo.root, 'mf-catalog', 'dist'), { recursive: true });
    expect(await deployStoredVersion(repo.releases, catalog, v1)).toMatchObject({
      to: v1,
      changed: true,
    });
  });

  it('takes the contract version from the manifest, and warns when it had to assume one', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1', { contractVersion: '1.4.0' });
    expect(await deployBuild(repo.releases, catalog)).toMatchObject({
      contractVersion: '1.4.0',
      warnings: [],
    });
    await writeRemoteBuild(repo.root, checkout, 'v1', { contractVersion: null });
    const assumed = await deployBuild(repo.releases, checkout);
    expect(assumed.contractVersion).toBe('1.0.0');
    expect(assumed.warnings).toEqual([expect.stringMatching(/declares no shellContractVersion/)]);
  });

  it('refuses a build for another contract major before storing it, naming both versions; forced, it goes live with a warning', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const v1 = (await deployBuild(repo.releases, catalog)).to;
    await writeRemoteBuild(repo.root, catalog, 'v2', { contractVersion: '2.0.0' });
    await expect(deployBuild(repo.releases, catalog)).rejects.toThrow(
      /built against shell contract 2\.0\.0, but the live shell is on contract 1\.0\.0.*--force/,
    );
    expect((await repo.releases.registry.read()).remotes.mf_catalog?.version).toBe(v1);
    expect(await repo.releases.store.listVersions('mf_catalog')).toHaveLength(1);

    const forced = await deployBuild(repo.releases, catalog, undefined, { force: true });
    expect(forced).toMatchObject({ changed: true, from: v1, contractVersion: '2.0.0' });
    expect(forced.warnings).toEqual([
      expect.stringMatching(
        /^--force: mf_catalog \S+ was built against shell contract 2\.0\.0.*1\.0\.0/,
      ),
    ]);
    expect((await repo.releases.registry.read()).remotes.mf_catalog?.contractVersion).toBe('2.0.0');

    // Going back to it later (a stored version) is checked the same way.
    await rollback(repo.releases, catalog);
    await expect(deployStoredVersion(repo.releases, catalog, forced.to)).rejects.toThrow(
      /contract 2\.0\.0.*contract 1\.0\.0/,
    );
    await expect(rollback(repo.releases, catalog, forced.to)).rejects.toThrow(/--force/);
    expect(await rollback(repo.releases, catalog, forced.to, { force: true })).toMatchObject({
      to: forced.to,
      warnings: [expect.stringContaining('--force')],
    });
  });

  it("lists each live version's path prefixes in the registry, read from its manifest on deploy and on rollback", async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const v1 = (await deployBuild(repo.releases, catalog)).to;
    await writeRemoteBuild(repo.root, catalog, 'v2', {
      areaRoutes: ['/', '/pricing', '/programs', '/sleep'],
    });
    const v2 = await deployBuild(repo.releases, catalog);
    expect(v2.areaRoutes).toEqual(['/', '/pricing', '/programs', '/sleep']);
    expect((await repo.releases.registry.read()).remotes.mf_catalog?.areaRoutes).toEqual([
      '/',
      '/pricing',
      '/programs',
      '/sleep',
    ]);
    // The rollback takes them from v1's stored manifest, not from the registry entry it replaces.
    expect(await rollback(repo.releases, catalog)).toMatchObject({
      to: v1,
      areaRoutes: ['/', '/pricing', '/programs'],
    });
    expect((await repo.releases.registry.read()).remotes.mf_catalog?.areaRoutes).toEqual([
      '/',
      '/pricing',
      '/programs',
    ]);
    // An area that only mounts inside another declares none, and that is fine.
    const upgrades = findRemote('upgrades') as RemoteDefinition;
    await writeRemoteBuild(repo.root, upgrades, 'v1');
    expect(await deployBuild(repo.releases, upgrades)).toMatchObject({
      areaRoutes: [],
      warnings: [],
    });
  });

  it('refuses a build whose manifest declares no usable area routes, since the shell would route nothing to it', async () => {
    await writeRemoteBuild(repo.root, catalog, 'old', { areaRoutes: null });
    await expect(deployBuild(repo.releases, catalog)).rejects.toThrow(
      /no usable area routes \(it declares no metaData\.areaRoutes\)/,
    );
    await writeRemoteBuild(repo.root, catalog, 'bad', { areaRoutes: ['pricing'] });
    await expect(deployBuild(repo.releases, catalog)).rejects.toThrow(/"pricing" is not a path/);
    expect(await deployBuild(repo.releases, catalog, undefined, { force: true })).toMatchObject({
      areaRoutes: [],
      warnings: [expect.stringContaining('no usable area routes')],
    });
  });

  it('refuses a build folder that belongs to another remote', async () => {
    await writeRemoteBuild(repo.root, checkout, 'v1');
    await expect(
      deployBuild(repo.releases, catalog, path.join(repo.root, 'mf-checkout', 'dist')),
    ).rejects.toThrow(/build of mf_checkout, not mf_catalog/);
  });

  it('never writes to the shell build: deploys and rollbacks leave its files byte-identical', async () => {
    const before = await fileHashes(repo.siteRoot);
    await writeRemoteBuild(repo.root, catalog, 'v1');
    await deployBuild(repo.releases, catalog);
    await writeRemoteBuild(repo.root, catalog, 'v2');
    await deployBuild(repo.releases, catalog);
    await rollback(repo.releases, catalog);
    expect(await fileHashes(repo.siteRoot)).toEqual(before);
    expect(Object.keys(before).length).toBeGreaterThan(0);
  });

  it('deploy-all deploys what changed, skips what is live and reports missing builds', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    await writeRemoteBuild(repo.root, checkout, 'v1');
    await deployBuild(repo.releases, catalog);
    const results = await deployAll(repo.releases);
    const byRemote = Object.fromEntries(results.map((r) => [r.remote, r.status]));
    expect(byRemote).toEqual({
      mf_account: 'failed',
      mf_catalog: 'up-to-date',
      mf_checkout: 'deployed',
      mf_upgrades: 'failed',
      mf_storefront: 'failed',
      mf_ops: 'failed',
    });
    expect(results.find((r) => r.remote === 'mf_account')).toMatchObject({
      error: expect.stringMatching(/no build at .*mf-account/),
    });
  });

  it('reports status: live version, stored versions and where a rollback would go', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const v1 = (await deployBuild(repo.releases, catalog)).to;
    await writeRemoteBuild(repo.root, catalog, 'v2');
    const v2 = (await deployBuild(repo.releases, catalog)).to;
    const status = await releaseStatus(repo.releases);
    const remote = status.remotes.find((r) => r.name === 'mf_catalog')!;
    expect(remote.live?.version).toBe(v2);
    expect(remote.liveChange).toMatchObject({ from: v1, to: v2, by: 'tester' });
    expect(remote.rollbackTarget).toBe(v1);
    expect(remote.versions.map((m) => m.version).sort()).toEqual([v1, v2].sort());
    expect(status.remotes.find((r) => r.name === 'mf_account')).toMatchObject({
      live: null,
      versions: [],
    });
    expect(status.history).toHaveLength(2);
  });
});

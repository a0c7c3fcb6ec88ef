// Releases from the operator API share the CLI's store, registry, rules and lock: rollbacks
// from both at once lose no history, and the console sees what `shop status` sees.
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { deployBuild, rollback } from '../../../src/releases/releases';
import { liveLineage } from '../../../src/releases/registry';
import { findRemote, type RemoteDefinition } from '../../../src/releases/remotes';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { operatorSession } from '../../helpers/operators';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../../releases/fake-repo';

const catalog = findRemote('catalog') as RemoteDefinition;

describe('operator releases', () => {
  let repo: FakeRepo;
  let t: TestApp;
  let operator: string;
  const versions: string[] = [];

  beforeAll(async () => {
    repo = await createFakeRepo('local');
    for (let i = 1; i <= 8; i++) {
      await writeRemoteBuild(repo.root, catalog, `v${i}`);
      versions.push((await deployBuild(repo.releases, catalog)).to);
    }
    t = await buildTestApp({ config: { deployDir: repo.deployDir, shopEnv: 'local' } });
    operator = await operatorSession(t);
  });
  afterAll(async () => {
    await t.close();
    await repo.remove();
  });

  const rollbackViaApi = (body: Record<string, unknown> = {}) =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsReleaseRollback, { remote: 'catalog' }),
      headers: { cookie: operator },
      payload: body,
    });

  it('shows each area live version, contract, since when and by whom, stored versions and history', async () => {
    const response = await t.inject({
      method: 'GET',
      url: API_PATHS.opsReleases,
      headers: { cookie: operator },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const remote = body.remotes.find((one: { name: string }) => one.name === 'mf_catalog');
    expect(remote.live).toMatchObject({
      version: versions[7],
      by: 'tester',
      action: 'deploy',
      flags: [],
    });
    expect(remote.rollbackTarget).toBe(versions[6]);
    expect(remote.versions).toHaveLength(8);
    expect(body.history[0]).toMatchObject({
      remote: 'mf_catalog',
      to: versions[7],
      action: 'deploy',
    });
  });

  it('flags a stored version whose manifest is missing or whose contract major differs', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v2-contract', { contractVersion: '2.0.0' });
    const refused = await deployBuild(repo.releases, catalog, undefined, { force: true });
    await rollback(repo.releases, catalog, versions[7]);
    await fs.rm(path.join(repo.deployDir, 'store', 'mf_catalog', versions[0]!, 'mf-manifest.json'));
    const body = (
      await t.inject({ method: 'GET', url: API_PATHS.opsReleases, headers: { cookie: operator } })
    ).json();
    const stored = body.remotes.find((one: { name: string }) => one.name === 'mf_catalog').versions;
    const flagsOf = (version: string) =>
      stored.find((one: { version: string }) => one.version === version).flags;
    expect(flagsOf(refused.to)).toEqual(['contract-mismatch']);
    expect(flagsOf(versions[0]!)).toEqual(['manifest-missing']);
    expect(flagsOf(versions[7]!)).toEqual([]);
    // The same rules as `shop rollback`: refused without force, with the CLI's words.
    const refusedRollback = await rollbackViaApi({ version: refused.to });
    expect(refusedRollback.statusCode).toBe(409);
    expect(refusedRollback.json().error.message).toMatch(/shell contract 2\.0\.0/);
  });

  it('loses no history when the console and the CLI roll back at once', async () => {
    const before = await repo.releases.registry.read();
    const [api, cli] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, () => rollbackViaApi())),
      Promise.all(Array.from({ length: 3 }, () => rollback(repo.releases, catalog))),
    ]);
    expect(api.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const after = await repo.releases.registry.read();
    const added = after.history.slice(before.history.length);
    expect(added).toHaveLength(6);
    expect(added.every((entry) => entry.action === 'rollback')).toBe(true);
    // Each step went one further back: six distinct targets, chained from the one before.
    for (let i = 1; i < added.length; i++) expect(added[i]!.from).toBe(added[i - 1]!.to);
    expect(new Set(added.map((entry) => entry.to)).size).toBe(6);
    expect(added.filter((entry) => entry.by === 'ops@bloodwise.test')).toHaveLength(3);
    expect(added.filter((entry) => entry.by === 'tester')).toHaveLength(cli.length);
    expect(liveLineage(after.history, 'mf_catalog').at(-1)).toBe(after.remotes.mf_catalog!.version);

    const audit = (
      await t.inject({ method: 'GET', url: API_PATHS.opsAudit, headers: { cookie: operator } })
    ).json();
    const rows = audit.entries.filter(
      (entry: { action: string }) => entry.action === 'delivery.rollback',
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const change = added.find(
        (entry) => entry.by === 'ops@bloodwise.test' && entry.to === row.after.live,
      );
      expect(row).toMatchObject({
        actor: 'ops@bloodwise.test',
        target: 'mf_catalog',
        before: { live: change!.from },
      });
    }
  });

  it('rolls back to a chosen version, and says so for an unknown remote or version', async () => {
    const chosen = await rollbackViaApi({ version: versions[5] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ remote: 'mf_catalog', to: versions[5], changed: true });
    expect((await rollbackViaApi({ version: '9.9.9+nope' })).statusCode).toBe(409);
    const unknown = await t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsReleaseRollback, { remote: 'mf-nope' }),
      headers: { cookie: operator },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});

import { abortCanary, deployCanary, promoteCanary } from '../../src/releases/canary-releases';
import { deployBuild, rollback } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from './fake-repo';

const checkout = findRemote('mf-checkout') as RemoteDefinition;
const at = (minute: number) => () => new Date(Date.UTC(2026, 11, 7, 12, minute));

describe('canary releases', () => {
  let repo: FakeRepo;
  let stable: string;
  beforeEach(async () => {
    repo = await createFakeRepo();
    await writeRemoteBuild(repo.root, checkout, 'v1');
    stable = (await deployBuild(repo.releases, checkout)).to;
    await writeRemoteBuild(repo.root, checkout, 'v2');
  });
  afterEach(() => repo.remove());

  it('deploys a build as a 5 % canary, steps it 25 → 50 → 100 and then it is live for everyone', async () => {
    const started = await deployCanary(repo.releases, checkout, { share: 5, now: at(0) });
    expect(started).toMatchObject({ action: 'start', stable, fromShare: null, toShare: 5 });
    let doc = await repo.releases.registry.read();
    expect(doc.remotes.mf_checkout?.version).toBe(stable);
    expect(doc.canaries?.mf_checkout).toMatchObject({
      share: 5,
      stable,
      releaseKey: `mf_checkout@${started.version}`,
      entry: { version: started.version, areaRoutes: ['/checkout', '/shopping-cart'] },
    });

    expect(await promoteCanary(repo.releases, checkout, undefined, at(1))).toMatchObject({
      action: 'step',
      fromShare: 5,
      toShare: 25,
    });
    expect(await promoteCanary(repo.releases, checkout, 50, at(2))).toMatchObject({ toShare: 50 });
    const promoted = await promoteCanary(repo.releases, checkout, undefined, at(3));
    expect(promoted).toMatchObject({ action: 'promote', fromShare: 50, live: started.version });
    doc = await repo.releases.registry.read();
    expect(doc.canaries).toEqual({});
    expect(doc.remotes.mf_checkout?.version).toBe(started.version);
    // Promoted is deployed: a rollback goes back to the version before the canary.
    expect((await rollback(repo.releases, checkout)).to).toBe(stable);
  });

  it('aborts a canary: the live version stays, and an automatic abort of another version is a no-op', async () => {
    const started = await deployCanary(repo.releases, checkout, { share: 25, now: at(0) });
    expect(await abortCanary(repo.releases, checkout, at(1), 'some-other-version')).toBeNull();
    expect((await repo.releases.registry.read()).canaries?.mf_checkout).toBeDefined();
    expect(await abortCanary(repo.releases, checkout, at(2), started.version)).toMatchObject({
      action: 'abort',
      fromShare: 25,
      live: stable,
    });
    const doc = await repo.releases.registry.read();
    expect(doc.canaries).toEqual({});
    expect(doc.remotes.mf_checkout?.version).toBe(stable);
    await expect(abortCanary(repo.releases, checkout, at(3))).rejects.toThrow(/no canary/);
  });

  it('refuses a lower share, a share out of range, and a canary of the live version', async () => {
    await deployCanary(repo.releases, checkout, { share: 25, now: at(0) });
    await expect(promoteCanary(repo.releases, checkout, 5)).rejects.toThrow(/only raises/);
    await expect(promoteCanary(repo.releases, checkout, 0)).rejects.toThrow(/not a usable share/);
    await expect(
      deployCanary(repo.releases, checkout, { version: stable, share: 5 }),
    ).rejects.toThrow(/already live/);
  });
});

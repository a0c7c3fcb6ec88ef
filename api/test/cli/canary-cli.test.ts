// `pnpm shop release deploy --canary | promote | abort` on this machine's files (no shop running).
import { canarySide } from '../../src/releases/canary';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { runShopCli, type ShopRun as Run } from '../helpers/shop-cli';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const checkout = findRemote('checkout') as RemoteDefinition;

describe('pnpm shop release', () => {
  let repo: FakeRepo;
  beforeEach(async () => {
    repo = await createFakeRepo('local');
  });
  afterEach(() => repo.remove());

  const shop = (...argv: string[]): Promise<Run> =>
    runShopCli(argv, { env: repo.env, cwd: repo.root, repoStart: repo.root });

  it('deploys a canary at 5 %, promotes it step by step to everyone, and aborts another', async () => {
    await writeRemoteBuild(repo.root, checkout, 'v1');
    expect((await shop('deploy', 'mf-checkout')).code).toBe(0);
    const stable = (await repo.releases.registry.read()).remotes.mf_checkout?.version;
    await writeRemoteBuild(repo.root, checkout, 'v2');

    const started = await shop('release', 'deploy', 'mf-checkout', '--canary', '5');
    expect(started).toMatchObject({ code: 0 });
    expect(started.out).toMatch(/canary for 5 % of visitors/);
    const canary = (await repo.releases.registry.read()).canaries?.mf_checkout;
    expect(canary).toMatchObject({ share: 5, stable });
    // The registry decides sides by the same pure function the tests measure.
    expect(canarySide('anyone', canary?.releaseKey as string, 100)).toBe('canary');

    expect((await shop('release', 'promote', 'checkout')).out).toMatch(/25 % of visitors/);
    expect((await shop('status')).out).toContain(
      `canary: ${canary?.entry.version} for 25 % of visitors`,
    );
    expect((await shop('release', 'promote', 'checkout', '--to', '50')).out).toMatch(/50 %/);
    expect((await shop('release', 'promote', 'checkout')).out).toMatch(/live for everyone/);
    const doc = await repo.releases.registry.read();
    expect(doc.remotes.mf_checkout?.version).toBe(canary?.entry.version);

    await writeRemoteBuild(repo.root, checkout, 'v3');
    expect((await shop('release', 'deploy', 'checkout', '--canary', '25')).code).toBe(0);
    const aborted = await shop('release', 'abort', 'checkout');
    expect(aborted.out).toMatch(/aborted at 25 %/);
    expect((await repo.releases.registry.read()).canaries).toEqual({});
  });

  it('refuses a missing share, a share out of range and an unknown step with the usage exit code', async () => {
    expect(await shop('release', 'deploy', 'checkout')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--canary'),
    });
    expect((await shop('release', 'deploy', 'checkout', '--canary', '0')).code).toBe(2);
    expect((await shop('release', 'deploy', 'checkout', '--canary', 'lots')).code).toBe(2);
    expect((await shop('release', 'launch', 'checkout')).code).toBe(2);
    expect(await shop('release', 'abort', 'checkout')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no canary'),
    });
  });
});

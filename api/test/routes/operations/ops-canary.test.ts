// Canary releases through the operator API: start, step, promote and abort, each with an audit row;
// a refusal is a 409 in the error shape, a stranger gets the same 404 as a missing path.
import { buildPath } from '@shop/shared/contract/paths';
import { CANARY_PATHS } from '@shop/shared/contract/ops-canary';
import { API_PATHS } from '@shop/shared/contract/paths';
import { deployBuild, storeBuild } from '../../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../../src/releases/remotes';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { operatorSession } from '../../helpers/operators';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../../releases/fake-repo';

const checkout = findRemote('checkout') as RemoteDefinition;

describe('operator canary releases', () => {
  let repo: FakeRepo;
  let t: TestApp;
  let operator: string;
  let stable: string;
  let next: string;

  beforeAll(async () => {
    repo = await createFakeRepo('local');
    await writeRemoteBuild(repo.root, checkout, 'v1');
    stable = (await deployBuild(repo.releases, checkout)).to;
    await writeRemoteBuild(repo.root, checkout, 'v2');
    next = (await storeBuild(repo.releases, checkout)).build.version;
    t = await buildTestApp({ config: { deployDir: repo.deployDir, shopEnv: 'local' } });
    operator = await operatorSession(t);
  });
  afterAll(async () => {
    await t.close();
    await repo.remove();
  });

  const post = (template: string, payload: unknown, cookie: string | null = operator) =>
    t.inject({
      method: 'POST',
      url: buildPath(template, { remote: 'checkout' }),
      headers: cookie ? { cookie } : {},
      payload: payload as Record<string, unknown>,
    });

  it('starts, steps and aborts a canary, with an audit row for each', async () => {
    const started = await post(CANARY_PATHS.start, { version: next, share: 5 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ action: 'start', version: next, stable, toShare: 5 });
    expect((await post(CANARY_PATHS.promote, {})).json()).toMatchObject({
      action: 'step',
      fromShare: 5,
      toShare: 25,
    });
    expect((await post(CANARY_PATHS.abort, {})).json()).toMatchObject({
      action: 'abort',
      fromShare: 25,
      live: stable,
    });
    expect((await repo.releases.registry.read()).canaries).toEqual({});
    const audit = (
      await t.inject({ method: 'GET', url: API_PATHS.opsAudit, headers: { cookie: operator } })
    ).json();
    const actions = audit.entries
      .filter((entry: { action: string }) => entry.action.startsWith('delivery.canary.'))
      .map((entry: { action: string; after: { share: number | null } }) => [
        entry.action,
        entry.after.share,
      ]);
    expect(actions).toEqual([
      ['delivery.canary.abort', null],
      ['delivery.canary.step', 25],
      ['delivery.canary.start', 5],
    ]);
  });

  it('promotes to everyone with --to 100, and refuses what the release code refuses as a 409', async () => {
    await post(CANARY_PATHS.start, { version: next, share: 50 });
    const lower = await post(CANARY_PATHS.promote, { to: 25 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.message).toMatch(/only raises/);
    expect((await post(CANARY_PATHS.promote, { to: 100 })).json()).toMatchObject({
      action: 'promote',
      live: next,
    });
    expect((await repo.releases.registry.read()).remotes.mf_checkout?.version).toBe(next);
    expect((await post(CANARY_PATHS.abort, {})).statusCode).toBe(409);
  });

  it('answers hostile input with a 400 and a stranger with a 404', async () => {
    expect((await post(CANARY_PATHS.start, { version: next, share: 0 })).statusCode).toBe(400);
    expect((await post(CANARY_PATHS.start, { version: next, share: '5' })).statusCode).toBe(400);
    expect((await post(CANARY_PATHS.promote, { to: 1e9 })).statusCode).toBe(400);
    expect((await post(CANARY_PATHS.start, { version: next, share: 5 }, null)).statusCode).toBe(
      404,
    );
  });
});

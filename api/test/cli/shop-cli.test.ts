import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { findRemote, REMOTES, type RemoteDefinition } from '../../src/releases/remotes';
import { runShopCli, type ShopRun as Run } from '../helpers/shop-cli';
import { createFakeRepo, fileHashes, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const catalog = findRemote('catalog') as RemoteDefinition;
const TSX = path.resolve(__dirname, '../../node_modules/.bin/tsx');
const SHOP = path.resolve(__dirname, '../../src/cli/shop.ts');

describe('pnpm shop', () => {
  let repo: FakeRepo;
  beforeEach(async () => {
    repo = await createFakeRepo('local');
  });
  afterEach(() => repo.remove());

  const shop = (...argv: string[]): Promise<Run> =>
    runShopCli(argv, { env: repo.env, cwd: repo.root, repoStart: repo.root });

  /** The real entry point in its own process, as an operator runs it. */
  function shopProcess(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
    return new Promise((resolve, reject) => {
      const child = spawn(TSX, [SHOP, ...argv], { cwd: repo.root, env: { ...repo.env, ...env } });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code: code ?? -1, out, err }));
    });
  }

  it('prints usage with exit code 2 for a missing or unknown command, and lists every command', async () => {
    const none = await shop();
    expect(none.code).toBe(2);
    for (const command of [
      'deploy <remote>',
      'deploy-all',
      'rollback <remote>',
      'status',
      'build <remote>',
    ]) {
      expect(none.out).toContain(command);
    }
    const unknown = await shop('launch');
    expect(unknown).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown command "launch"'),
    });
    expect((await shop('help')).code).toBe(0);
  });

  it('rejects bad arguments with exit code 2 and the command usage', async () => {
    expect(await shop('deploy')).toMatchObject({
      code: 2,
      err: expect.stringContaining('deploy needs a remote'),
    });
    expect(await shop('deploy', 'mf-nope')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown remote "mf-nope"'),
    });
    expect(await shop('deploy', 'mf-catalog', '--version')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--version needs a value'),
    });
    expect(await shop('rollback', 'mf-catalog', 'a', 'b')).toMatchObject({ code: 2 });
  });

  it('deploys, accepts both spellings, and rolls back with clear output', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const first = await shop('deploy', 'mf-catalog');
    expect(first.code).toBe(0);
    const v1 = /Deployed mf_catalog (\S+) is live in "local" \(was not deployed\)/.exec(
      first.out,
    )?.[1];
    expect(v1).toMatch(/^1\.0\.0\+[0-9a-f]{12}$/);
    expect(first.out).toMatch(/Stored mf_catalog .* in .*\.deploy\/store/);

    await writeRemoteBuild(repo.root, catalog, 'v2');
    const second = await shop('deploy', 'mf_catalog');
    const v2 = /Deployed mf_catalog (\S+) is live/.exec(second.out)?.[1];
    expect(second.out).toContain(`(was ${v1})`);

    const back = await shop('rollback', 'mf-catalog');
    expect(back).toMatchObject({
      code: 0,
      out: expect.stringContaining(`Rolled back: mf_catalog ${v1} is live in "local" (was ${v2})`),
    });
    const nothingEarlier = await shop('rollback', 'mf-catalog');
    expect(nothingEarlier).toMatchObject({
      code: 1,
      err: expect.stringContaining('no earlier version'),
    });
    const named = await shop('rollback', 'mf-catalog', v2!);
    expect(named).toMatchObject({
      code: 0,
      out: expect.stringContaining(`mf_catalog ${v2} is live`),
    });
    expect(await shop('deploy', 'mf-catalog', '--version', '0.0.1+missing')).toMatchObject({
      code: 1,
      err: expect.stringContaining('is not in the artifact store'),
    });
    expect(await shop('deploy', 'mf-catalog', '--version', v1!)).toMatchObject({
      code: 0,
      out: expect.stringContaining(`(was ${v2})`),
    });
  });

  it('shows status: live versions, stored versions, rollback target and history', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    await shop('deploy', 'mf-catalog');
    await writeRemoteBuild(repo.root, catalog, 'v2');
    await shop('deploy', 'mf-catalog');
    const status = await shop('status');
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/Environment\s+local/);
    expect(status.out).toMatch(
      /mf_catalog\s+live 1\.0\.0\+\w+\s+contract 1\.0\.0 since \S+ by tester \(deploy\)/,
    );
    expect(status.out).toMatch(/stored: 2 version\(s\); others: 1\.0\.0\+\w+/);
    expect(status.out).toMatch(/mf_account\s+not deployed/);
    expect(status.out).toMatch(/History \(latest 2 of 2, newest first\)/);

    const json = JSON.parse((await shop('status', '--json')).out);
    expect(json.remotes.map((r: { name: string }) => r.name)).toEqual(REMOTES.map((r) => r.name));
    expect(json.history).toHaveLength(2);
  });

  it('refuses a build for another shell-contract major, naming both versions; --force deploys it with a warning', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    expect((await shop('deploy', 'mf-catalog')).code).toBe(0);
    await writeRemoteBuild(repo.root, catalog, 'next', { contractVersion: '2.0.0' });

    const refused = await shop('deploy', 'mf-catalog');
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(
      /^shop deploy failed: mf_catalog 1\.0\.0\+\w+ was built against shell contract 2\.0\.0, but the live shell is on contract 1\.0\.0/,
    );
    expect(refused.err).toContain('--force');
    expect((await shop('status')).out).toMatch(/mf_catalog\s+live \S+\s+contract 1\.0\.0/);

    const forced = await shop('deploy', 'mf-catalog', '--force');
    expect(forced.code).toBe(0);
    expect(forced.out).toMatch(/Deployed mf_catalog \S+ is live/);
    expect(forced.out).toMatch(
      /warning: --force: mf_catalog \S+ was built against shell contract 2\.0\.0, but the live shell is on contract 1\.0\.0: the shell refuses another major and shows the catalog area's fallback instead\./,
    );
    expect(await shop('deploy', 'mf-catalog', '--force=yes')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--force takes no value'),
    });

    // Back to the version the shell accepts, without --force.
    expect(await shop('rollback', 'mf-catalog')).toMatchObject({ code: 0 });
  });

  it('shows the paths each live version serves in status', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    await shop('deploy', 'mf-catalog');
    const upgrades = findRemote('upgrades') as RemoteDefinition;
    await writeRemoteBuild(repo.root, upgrades, 'v1');
    await shop('deploy', 'mf-upgrades');
    const status = (await shop('status')).out;
    expect(status).toMatch(/mf_catalog .*\n\s+serves: \/ \/pricing \/programs\n/);
    expect(status).toMatch(/mf_upgrades .*\n\s+serves: no path of its own\n/);
  });

  it('keeps environments apart with --env', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    expect((await shop('deploy', 'mf-catalog', '--env', 'staging')).out).toContain(
      'is live in "staging"',
    );
    await expect(
      fs.access(path.join(repo.deployDir, 'registry', 'staging.json')),
    ).resolves.toBeUndefined();
    expect((await shop('status')).out).toMatch(/mf_catalog\s+not deployed/);
  });

  it('deploy-all exits 1 and names the remotes without a build', async () => {
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const run = await shop('deploy-all');
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/mf_catalog\s+deployed/);
    expect(run.err).toMatch(/mf_account\s+FAILED\s+mf-account has no build/);
    for (const remote of REMOTES) await writeRemoteBuild(repo.root, remote, 'v1');
    const all = await shop('deploy-all');
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/mf_catalog\s+up to date/);
    expect(all.out).toContain(`All ${REMOTES.length} remotes are live in "local".`);
  });

  it('deploys a build folder given with --from, relative to where the operator stands', async () => {
    await writeRemoteBuild(repo.root, catalog, 'elsewhere', {
      distDir: path.join(repo.root, 'artifacts', 'catalog'),
    });
    const run = await shop('deploy', 'mf-catalog', '--from', 'artifacts/catalog');
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining('Deployed mf_catalog') });
  });

  it('runs as its own process: concurrent deploys all land in the history, and a rollback puts the earlier build back', async () => {
    // Two builds of the catalog plus one build of each other remote, deployed all at once.
    const jobs: string[][] = [];
    for (const remote of REMOTES) {
      await writeRemoteBuild(repo.root, remote, 'v1');
      jobs.push(['deploy', remote.packageName]);
    }
    const catalogV2 = path.join(repo.root, 'catalog-v2');
    await writeRemoteBuild(repo.root, catalog, 'v2', { distDir: catalogV2 });
    jobs.push(['deploy', 'mf-catalog', '--from', catalogV2]);
    const shellBefore = await fileHashes(repo.siteRoot);

    const runs = await Promise.all(
      jobs.map((argv, i) => shopProcess(argv, { SHOP_OPERATOR: `operator-${i}` })),
    );
    for (const run of runs) {
      // Each reports its own time (a figure for people; the speed is not this test's business).
      expect(run).toMatchObject({ code: 0, err: '', out: expect.stringMatching(/took \d+ ms/) });
    }
    const doc = JSON.parse(
      await fs.readFile(path.join(repo.deployDir, 'registry', 'local.json'), 'utf8'),
    );
    expect(doc.history).toHaveLength(jobs.length);
    expect(new Set(doc.history.map((h: { by: string }) => h.by)).size).toBe(jobs.length);
    const catalogChanges = doc.history.filter((h: { remote: string }) => h.remote === 'mf_catalog');
    expect(catalogChanges).toHaveLength(2);
    expect(catalogChanges[1].from).toBe(catalogChanges[0].to);
    expect(Object.keys(doc.remotes).sort()).toEqual(REMOTES.map((r) => r.name).sort());
    // The shell's files were neither rebuilt nor touched.
    expect(await fileHashes(repo.siteRoot)).toEqual(shellBefore);

    const rollbackRun = await shopProcess(['rollback', 'mf-catalog']);
    expect(rollbackRun).toMatchObject({
      code: 0,
      out: expect.stringContaining(`is live in "local" (was ${catalogChanges[1].to})`),
    });
  }, 60_000);

  it('builds one remote alone with pnpm and records its build id', async () => {
    // A workspace whose catalog "build" writes a dist folder, standing in for webpack.
    // Like the real workspace: no implicit install before scripts (this one has no lockfile), and
    // no registry look-up of the packageManager pin (it intermittently fails; see pnpm-workspace.yaml).
    await fs.writeFile(
      path.join(repo.root, 'pnpm-workspace.yaml'),
      'packages:\n  - mf-catalog\nverifyDepsBeforeRun: false\npmOnFail: ignore\n',
    );
    await writeRemoteBuild(repo.root, catalog, 'v1');
    const pkgPath = path.join(repo.root, 'mf-catalog', 'package.json');
    const script =
      "node -e \"require('fs').appendFileSync('dist/remoteEntry.js','/* rebuilt */')\"";
    await fs.writeFile(
      pkgPath,
      JSON.stringify({ name: 'mf-catalog', version: '3.1.0', scripts: { build: script } }),
    );

    const run = await shopProcess(['build', 'mf-catalog'], { BUILD_ID: 'ci-77' });
    // The whole run on failure, so a CI log says why pnpm stopped.
    expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: expect.any(String) });
    expect(run.out).toContain('Built mf-catalog 3.1.0+ci-77 (contract 1.0.0)');
    await expect(
      fs.readFile(path.join(repo.root, 'mf-catalog', 'dist', 'remoteEntry.js'), 'utf8'),
    ).resolves.toContain('rebuilt');
    expect((await shop('deploy', 'mf-catalog')).out).toContain(
      'Deployed mf_catalog 3.1.0+ci-77 is live',
    );
  }, 60_000);
});

// `pnpm shop` with OBJECT_STORE=s3 and no shop running: builds go into the bucket and the
// registry row in the shop's database changes, as the API would change it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import { runShopCli } from '../helpers/shop-cli';

const catalog = findRemote('catalog') as RemoteDefinition;

let s3: TestS3Server;
let repo: FakeRepo;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  s3 = await startS3Server();
  repo = await createFakeRepo('local');
  env = {
    ...repo.env,
    ...s3.env,
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    SHOP_OPERATOR: 'alice',
    DATA_DIR: path.join(repo.root, '.data', 'pglite'),
  };
});
afterAll(async () => {
  await repo.remove();
  await s3.close();
});

const shop = (...argv: string[]) => runShopCli(argv, { env, cwd: repo.root, repoStart: repo.root });

it('deploys into the bucket, rolls back in the database registry and reports both', async () => {
  await writeRemoteBuild(repo.root, catalog, 'v1');
  const first = await shop('deploy', 'catalog');
  expect(first.err).toBe('');
  expect(first.code).toBe(0);
  expect(first.out).toMatch(/Stored mf_catalog \S+ in s3:\/\/shop-test\/remotes\//);
  await writeRemoteBuild(repo.root, catalog, 'v2');
  expect((await shop('deploy', 'catalog')).code).toBe(0);

  const rolledBack = await shop('rollback', 'catalog');
  expect(rolledBack.code).toBe(0);
  const status = JSON.parse((await shop('status', '--json')).out);
  expect(status).toMatchObject({
    registryPath: 'database table release_registries, environment local',
    storeLocation: 's3://shop-test/remotes/',
  });
  const remote = status.remotes.find((one: { name: string }) => one.name === 'mf_catalog');
  expect(remote.versions).toHaveLength(2);
  expect(remote.live.version).toBe(status.history[0].to);
  expect(status.history.map((change: { action: string }) => change.action)).toEqual([
    'deploy',
    'deploy',
    'rollback',
  ]);
  // Nothing of it under DEPLOY_DIR.
  await expect(fs.readdir(repo.deployDir)).rejects.toMatchObject({ code: 'ENOENT' });
});

// Releases with OBJECT_STORE=s3: builds are stored in the bucket, the registry is the database
// row, the operator API moves it (two rollbacks at once step back twice) and the site serves
// /remotes.json and the remotes' files from there. This file also runs on PostgreSQL.
import fs from 'node:fs/promises';
import path from 'node:path';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { artifactUrl, REGISTRY_URL } from '../../../src/releases/artifact-urls';
import { deployBuild, openReleases } from '../../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../../src/releases/remotes';
import { sitePlugin } from '../../../src/site/site-plugin';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { operatorSession } from '../../helpers/operators';
import { startS3Server, type TestS3Server } from '../../helpers/s3-server';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../../releases/fake-repo';

const catalog = findRemote('catalog') as RemoteDefinition;

let s3: TestS3Server;
let repo: FakeRepo;
let t: TestApp;
let operator: string;
const versions: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  repo = await createFakeRepo('local');
  t = await buildTestApp({
    env: s3.env,
    config: { deployDir: repo.deployDir, shopEnv: 'local' },
    beforeReady: async (app) => {
      await app.register(sitePlugin, {
        siteRoot: repo.siteRoot,
        deployDir: repo.deployDir,
        environment: 'local',
        devOverrideOrigins: [],
        firstView: false,
        store: app.artifactStore,
        registry: app.releaseRegistry,
      });
    },
  });
  operator = await operatorSession(t);
  // What `shop deploy` does on a machine configured like the API.
  const releases = openReleases(repo.config, {
    store: t.app.artifactStore,
    registry: t.app.releaseRegistry,
  });
  for (let i = 1; i <= 4; i++) {
    await writeRemoteBuild(repo.root, catalog, `v${i}`);
    versions.push((await deployBuild(releases, catalog)).to);
  }
});
afterAll(async () => {
  await t.close();
  await repo.remove();
  await s3.close();
});

it('keeps builds in the bucket and the registry in the database, nothing under DEPLOY_DIR', async () => {
  expect(t.app.artifactStore.location).toBe('s3://shop-test/remotes/');
  expect(
    await s3.bucket('remotes/').head(`mf_catalog/${versions[0]}/remoteEntry.js`),
  ).not.toBeNull();
  await expect(fs.readdir(path.join(repo.deployDir, 'registry'))).rejects.toMatchObject({
    code: 'ENOENT',
  });
  expect((await t.app.releaseRegistry.read()).remotes.mf_catalog?.version).toBe(versions[3]);
});

it('steps back twice for two rollbacks at once, and the site serves what is live', async () => {
  const rollbackViaApi = () =>
    t.inject({
      method: 'POST',
      url: buildPath(API_PATHS.opsReleaseRollback, { remote: 'catalog' }),
      headers: { cookie: operator },
      payload: {},
    });
  const answers = await Promise.all([rollbackViaApi(), rollbackViaApi()]);
  expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  const doc = await t.app.releaseRegistry.read();
  expect(doc.remotes.mf_catalog?.version).toBe(versions[1]);
  expect(doc.history.filter((change) => change.action === 'rollback')).toHaveLength(2);

  const registry = await t.inject({ method: 'GET', url: REGISTRY_URL });
  expect(registry.statusCode).toBe(200);
  expect(registry.json().remotes.mf_catalog.version).toBe(versions[1]);
  const entry = await t.inject({
    method: 'GET',
    url: artifactUrl('', 'mf_catalog', versions[1]!, 'remoteEntry.js'),
    headers: { 'accept-encoding': 'identity' },
  });
  expect(entry.statusCode).toBe(200);
  expect(entry.body).toContain('/* v2 loads');
  // A validator from the bucket's ETag: the browser's copy is confirmed without a download.
  const again = await t.inject({
    method: 'GET',
    url: artifactUrl('', 'mf_catalog', versions[1]!, 'remoteEntry.js'),
    headers: { 'if-none-match': String(entry.headers.etag) },
  });
  expect(again.statusCode).toBe(304);
});

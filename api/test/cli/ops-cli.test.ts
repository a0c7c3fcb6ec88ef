// `pnpm shop` beside a running shop: it finds the shop's token file in the data directory and
// goes through the operator API; with no shop it opens the database itself.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { runShop } from '../../src/cli/run-shop';
import { deployBuild } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { openDatabase } from '../../src/db/open-database';
import { listOutbox } from '../../src/repositories/outbox-repository';
import { listAudit } from '../../src/repositories/audit-log-repository';
import { operatorTokenPath } from '../../src/services/operations/operator-token-file';
import type { TestApp } from '../helpers/build-test-app';
import { startRunningShop } from '../helpers/running-shop';
import { pgliteTemplateDump } from '../helpers/template-database';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

const catalog = findRemote('catalog') as RemoteDefinition;
const TOKEN = 'running-shop-operator-token-0123456789abcdef';

describe('pnpm shop beside a running shop', () => {
  let repo: FakeRepo;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    repo = await createFakeRepo('local');
    dataDir = path.join(repo.root, '.data', 'pglite');
    env = {
      ...repo.env,
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      SHOP_OPERATOR: 'alice',
      DATA_DIR: dataDir,
    };
    for (const label of ['v1', 'v2']) {
      await writeRemoteBuild(repo.root, catalog, label);
      await deployBuild(repo.releases, catalog);
    }
  });
  afterAll(() => repo.remove());

  async function shop(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env,
      cwd: repo.root,
      repoStart: repo.root,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  describe('with a shop running', () => {
    let t: TestApp;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      ({ t, stop } = await startRunningShop(dataDir, TOKEN, {
        config: { deployDir: repo.deployDir, shopEnv: 'local' },
      }));
    });
    afterAll(() => stop());

    it('writes the token file readable by its owner only', async () => {
      const stat = await fs.stat(operatorTokenPath(dataDir));
      expect(stat.mode & 0o777).toBe(0o600);
    });

    it('writes and lists partners through the API, with the same field messages, and logs who did it', async () => {
      await fs.writeFile(
        path.join(repo.root, 'p.json'),
        JSON.stringify({ shopKey: 'globex', businessName: 'Globex' }),
      );
      const saved = await shop('partner', 'upsert', 'p.json');
      expect(saved).toMatchObject({
        code: 0,
        out: 'Saved globex (Globex); storefront /shop/globex.',
      });
      expect((await t.app.customizations.get('globex'))?.businessName).toBe('Globex');
      await fs.writeFile(
        path.join(repo.root, 'bad.json'),
        JSON.stringify({ shopKey: 'globex', businessName: 'X', primaryColor: 'red;' }),
      );
      const bad = await shop('partner', 'upsert', 'bad.json');
      expect(bad.code).toBe(1);
      expect(bad.err).toContain('globex was not saved; fix these fields:');
      expect(bad.err).toContain('  primaryColor: ');
      expect((await shop('partner', 'list')).out).toMatch(/^globex\s+Globex/m);
      expect(await shop('partner', 'remove', 'globex')).toMatchObject({ code: 0 });
      expect(await t.app.customizations.get('globex')).toBeNull();
      const audit = await listAudit(t.app.db, { limit: 10 });
      expect(audit.map((entry) => [entry.action, entry.actor, entry.via])).toEqual([
        ['partner.remove', 'alice', 'cli'],
        ['partner.create', 'alice', 'cli'],
      ]);
    });

    it('rolls back through the API (the history names the operator) and adds an operator who gets a link', async () => {
      const rolled = await shop('rollback', 'catalog');
      expect(rolled.code).toBe(0);
      expect(rolled.out).toContain('Through the running shop at http://127.0.0.1:');
      const history = (await repo.releases.registry.read()).history;
      expect(history.at(-1)).toMatchObject({ action: 'rollback', by: 'alice' });
      const added = await shop('operator', 'add', 'New.Ops@Example.com');
      expect(added).toMatchObject({
        code: 0,
        out: expect.stringContaining('new.ops@example.com is an operator'),
      });
      const [mail] = await listOutbox(t.app.db, 'new.ops@example.com', 1);
      expect(mail?.text).toMatch(/\/reset-password\?linkId=/);
      const audit = await listAudit(t.app.db, { limit: 2 });
      expect(audit.map((entry) => entry.action)).toEqual(['operator.add', 'delivery.rollback']);
    });
  });

  describe('with no shop running', () => {
    beforeAll(async () => {
      // A shop database as the first start leaves it (the migrated, seeded test template).
      const client = await PGlite.create({ dataDir, loadDataDir: await pgliteTemplateDump() });
      await client.close();
    });

    it('opens the database itself: operator add mails a link, writes are audited as cli-direct', async () => {
      expect(await fs.stat(operatorTokenPath(dataDir)).catch(() => null)).toBeNull();
      expect(
        await shop('operator', 'add', 'direct.ops@example.com', '--name', 'Direct'),
      ).toMatchObject({ code: 0 });
      const v2 = (await repo.releases.registry.read()).history[1]!.to;
      expect((await shop('deploy', 'catalog', '--version', v2)).code).toBe(0);
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [mail] = await listOutbox(handle.db, 'direct.ops@example.com', 1);
        expect(mail?.subject).toBe('Your Bloodwise operator account');
        const audit = await listAudit(handle.db, { limit: 2 });
        expect(audit.map((entry) => [entry.action, entry.actor, entry.via])).toEqual([
          ['delivery.deploy', 'alice', 'cli-direct'],
          ['operator.add', 'alice', 'cli-direct'],
        ]);
      } finally {
        await handle.close();
      }
    }, 120_000);

    it('never opens a data directory another live process holds', async () => {
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const result = await shop('partner', 'list');
        expect(result.code).toBe(1);
        expect(result.err).toMatch(/held by process \d+/);
      } finally {
        await handle.close();
      }
    }, 120_000);
  });
});

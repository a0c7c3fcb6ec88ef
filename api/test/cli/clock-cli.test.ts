// `pnpm shop clock advance <step>`: through the running shop (which wakes its runners), or into
// the database when no shop runs; refused in production.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { runShop } from '../../src/cli/run-shop';
import { openDatabase } from '../../src/db/open-database';
import { listAudit } from '../../src/repositories/audit-log-repository';
import { readClockOffset } from '../../src/repositories/clock-repository';
import { TEST_PAGE_VIEW_TOKEN, type TestApp } from '../helpers/build-test-app';
import { startRunningShop } from '../helpers/running-shop';
import { pgliteTemplateDump } from '../helpers/template-database';

const TOKEN = 'clock-cli-operator-token-0123456789abcdef';
const DAY_MS = 86_400_000;

describe('pnpm shop clock', () => {
  let root: string;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-clock-cli-'));
    await fs.writeFile(path.join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
    dataDir = path.join(root, '.data', 'pglite');
    env = { NODE_ENV: 'test', SEED_DEMO_DATA: 'false', SHOP_OPERATOR: 'alice', DATA_DIR: dataDir };
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  async function shop(argv: string[], extraEnv: NodeJS.ProcessEnv = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env: { ...env, ...extraEnv },
      cwd: root,
      repoStart: root,
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('refuses a step it cannot read', async () => {
    const result = await shop(['clock', 'advance', 'a-month']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('is not a step such as 31d');
  });

  it('refuses to move the clock in production', async () => {
    const result = await shop(['clock', 'advance', '31d'], {
      NODE_ENV: 'production',
      PAGE_VIEW_TOKEN: TEST_PAGE_VIEW_TOKEN,
      ALLOW_TEST_PAYMENTS: 'true',
    });
    expect(result).toMatchObject({ code: 1, err: 'The clock cannot be moved in production.' });
  });

  describe('with a shop running', () => {
    let t: TestApp;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      ({ t, stop } = await startRunningShop(dataDir, TOKEN));
    });
    afterAll(() => stop());

    it('moves the running shop’s clock and logs who did it', async () => {
      const result = await shop(['clock', 'advance', '31d']);
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^The shop clock reads \S+ \(31 days ahead of this machine\)\.$/);
      expect(t.app.clock.offsetMs()).toBe(31 * DAY_MS);
      expect((await shop(['clock', 'show'])).out).toContain('31 days ahead');
      const [entry] = await listAudit(t.app.db, { limit: 1 });
      expect(entry).toMatchObject({ action: 'clock.advance', actor: 'alice', via: 'cli' });
    });
  });

  describe('with no shop running', () => {
    beforeAll(async () => {
      const client = await PGlite.create({ dataDir, loadDataDir: await pgliteTemplateDump() });
      await client.close();
    });

    it('writes the offset the shop reads when it starts', async () => {
      const result = await shop(['clock', 'advance', '2d']);
      expect(result.code).toBe(0);
      expect(result.out).toContain('it will read the moved clock when it starts');
      const handle = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(await readClockOffset(handle.db)).toBe(2 * DAY_MS);
        const [entry] = await listAudit(handle.db, { limit: 1 });
        expect(entry).toMatchObject({ action: 'clock.advance', via: 'cli-direct' });
      } finally {
        await handle.close();
      }
    }, 120_000);
  });
});

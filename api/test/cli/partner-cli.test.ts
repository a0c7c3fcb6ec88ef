import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/open-database';
import { findCustomization } from '../../src/repositories/customizations-repository';
import { HOSTILE_LINK_FIELDS, HOSTILE_TEXT_CUSTOMIZATION } from '../../src/db/seed/hostile-partner';
import { runShopCli } from '../helpers/shop-cli';

// Each test starts the operator CLI as its own processes (and its first run migrates a fresh
// database): on two busy cores that takes longer than the suite's default allowance.
jest.setTimeout(120_000);

describe('pnpm shop partner', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-partner-cli-'));
    env = { NODE_ENV: 'test', DATA_DIR: path.join(dir, 'pglite'), SEED_DEMO_DATA: 'false' };
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const shop = (...argv: string[]) => runShopCli(argv, { env, cwd: dir, repoStart: process.cwd() });

  async function writeJson(name: string, value: unknown) {
    await fs.writeFile(path.join(dir, name), JSON.stringify(value));
    return name;
  }

  async function stored(shopKey: string) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });
    try {
      return await findCustomization(handle.db, shopKey);
    } finally {
      await handle.close();
    }
  }

  it('writes a partner from a file (relative to where the operator is) and lists it', async () => {
    const file = await writeJson('globex.json', {
      shopKey: 'globex',
      businessName: 'Globex Health',
      primaryColor: '#224488',
      redirectLink: 'https://globex.example.com/',
    });
    const saved = await shop('partner', 'upsert', file);
    expect(saved).toMatchObject({
      code: 0,
      out: 'Saved globex (Globex Health); storefront /shop/globex.',
    });
    expect(await stored('globex')).toMatchObject({
      businessName: 'Globex Health',
      primaryColor: '#224488',
      pricingMode: 'pricing-table',
    });

    const listed = await shop('partner', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      /^globex\s+Globex Health {2}#224488 {2}pricing-table {2}default products {2}redirects to https:\/\/globex\.example\.com\//m,
    );
    const json = JSON.parse((await shop('partner', 'list', '--json')).out) as { shopKey: string }[];
    expect(json.map((partner) => partner.shopKey)).toEqual(['globex']);
  });

  it('refuses hostile values with the same validation as the API, naming each field, and keeps the old data', async () => {
    const file = await writeJson('bad.json', {
      shopKey: 'globex',
      businessName: 'Hijacked',
      ...HOSTILE_LINK_FIELDS,
    });
    const result = await shop('partner', 'upsert', file);
    expect(result.code).toBe(1);
    expect(result.err).toContain('globex was not saved; fix these fields:');
    for (const field of [
      'redirectLink',
      'logoLink',
      'facebookLink',
      'primaryColor',
      'favicon',
      'metaTags.0.name',
    ])
      expect(result.err).toContain(`  ${field}: `);
    expect((await stored('globex'))?.businessName).toBe('Globex Health');
  });

  it('stores markup in text fields as text, takes a list of partners, and --key for a single one', async () => {
    const list = await writeJson('many.json', [
      { shopKey: 'hostile-text', ...HOSTILE_TEXT_CUSTOMIZATION },
      { shopKey: 'initech', businessName: 'Initech' },
    ]);
    expect((await shop('partner', 'upsert', list)).code).toBe(0);
    expect((await stored('hostile-text'))?.mainPageTitle).toBe(
      HOSTILE_TEXT_CUSTOMIZATION.mainPageTitle,
    );
    const single = await writeJson('single.json', { businessName: 'Umbrella' });
    expect((await shop('partner', 'upsert', single, '--key', 'umbrella')).code).toBe(0);
    expect((await stored('umbrella'))?.businessName).toBe('Umbrella');
  });

  it('answers usage errors with exit code 2 and a missing file with 1', async () => {
    expect(await shop('partner')).toMatchObject({
      code: 2,
      err: expect.stringContaining('upsert, list or remove'),
    });
    expect(await shop('partner', 'delete')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown partner action "delete"'),
    });
    expect(await shop('partner', 'upsert')).toMatchObject({
      code: 2,
      err: expect.stringContaining('needs a JSON file'),
    });
    expect(
      await shop('partner', 'upsert', await writeJson('nokey.json', { businessName: 'X' })),
    ).toMatchObject({ code: 2, err: expect.stringContaining('"shopKey"') });
    expect(await shop('partner', 'upsert', 'missing.json')).toMatchObject({
      code: 1,
      err: expect.stringContaining('Cannot read'),
    });
    expect((await shop('help')).out).toContain('partner upsert <file.json>');
  });
});

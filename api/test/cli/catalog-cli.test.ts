import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/open-database';
import type { Database } from '../../src/db/schema';
import { TEST_ARGON2_COST, testConfig } from '../helpers/build-test-app';
import { writeOperatorTokenFile } from '../../src/services/operations/operator-token-file';
import { subscriptionOnPrice } from '../helpers/price-in-use';
import { runShopCli } from '../helpers/shop-cli';

// Each test starts the operator CLI (and the shop) over one PGlite directory: on two busy cores
// that takes longer than the suite's default allowance.
jest.setTimeout(180_000);

/** A merchant's own catalogue: nothing from the demo. */
const MERCHANT_CATALOG = {
  products: [
    {
      key: 'iron-check',
      type: 'kit',
      kitType: 'iron',
      title: 'Iron Check',
      quantity: 1,
      description: 'Ferritin and iron from one finger prick.',
      biomarkers: ['Ferritin', 'Iron'],
      sortOrder: 1,
      prices: [
        { lookupKey: 'iron_check', amount: 5_900 },
        { lookupKey: 'iron_check_globex', amount: 4_900, partner: 'globex' },
      ],
    },
    {
      key: 'iron-quarterly',
      type: 'subscription',
      kitType: 'iron',
      title: 'Iron Check Quarterly',
      quantity: 1,
      badge: 'Save 15%',
      sortOrder: 2,
      prices: [
        {
          lookupKey: 'iron_quarterly',
          amount: 4_990,
          currency: 'usd',
          recurring: { interval: 'month', intervalCount: 3 },
        },
      ],
    },
  ],
  shippingRates: [
    {
      country: 'US',
      amount: 450,
      additionalKit: 100,
      consolidated: 800,
      minBusinessDays: 2,
      maxBusinessDays: 5,
    },
  ],
};

type CatalogDocument = typeof MERCHANT_CATALOG;
const copyOf = (): CatalogDocument => structuredClone(MERCHANT_CATALOG);

describe('pnpm shop catalog import', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-catalog-cli-'));
    env = { NODE_ENV: 'test', DATA_DIR: path.join(dir, 'pglite'), SEED_DEMO_DATA: 'false' };
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  const shop = (...argv: string[]) => runShopCli(argv, { env, cwd: dir, repoStart: process.cwd() });

  async function writeJson(name: string, value: unknown) {
    await fs.writeFile(path.join(dir, name), JSON.stringify(value, null, 2));
    return name;
  }

  /** The shop as `npm start` runs it on this data directory, with SEED_DEMO_DATA=false. */
  async function withShop<T>(work: (app: FastifyInstance) => Promise<T>): Promise<T> {
    const uploadsDir = await fs.mkdtemp(path.join(dir, 'uploads-'));
    const config = testConfig(
      { SEED_DEMO_DATA: 'false' },
      { dataDir: env.DATA_DIR!, uploadsDir, databaseUrl: null },
    );
    const app = await buildApp(config, { argon2Cost: TEST_ARGON2_COST, logger: false });
    try {
      await app.ready();
      return await work(app);
    } finally {
      await app.close();
    }
  }

  async function withDb<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const handle = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  /** Every catalogue row and the catalogue version, to see that a refused import wrote nothing. */
  const catalogSnapshot = () =>
    withDb(async (db) => ({
      version: (await db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow())
        .version,
      products: await db.selectFrom('products').selectAll().orderBy('key').execute(),
      prices: await db.selectFrom('prices').selectAll().orderBy('lookup_key').execute(),
      rates: await db.selectFrom('shipping_rates').selectAll().orderBy('country').execute(),
    }));

  async function listed(app: FastifyInstance) {
    const offers = await app.inject({ method: 'GET', url: '/api/v1/catalog/offers' });
    const prices = await app.inject({ method: 'GET', url: '/api/v1/catalog/prices' });
    expect(offers.statusCode).toBe(200);
    expect(prices.statusCode).toBe(200);
    return {
      offers: (offers.json() as { offers: { key: string; title: string; price: string }[] }).offers,
      prices: (
        prices.json() as {
          prices: {
            lookupKey: string;
            productKey: string;
            unitAmount: number;
            currency: string;
            recurring: { interval: string; intervalCount: number } | null;
            metadata: Record<string, string>;
          }[];
        }
      ).prices,
    };
  }

  const catalogAudits = () =>
    withDb((db) =>
      db
        .selectFrom('operator_audit_log')
        .select(['action', 'target', 'via'])
        .where('action', '=', 'catalog.import')
        .execute(),
    );

  const demoUsers = () =>
    withDb((db) =>
      db.selectFrom('users').select('email').where('email', 'like', '%@bloodwise.test').execute(),
    );

  it('a shop started without demo data has no catalogue and no demo user; the import makes it sell the file', async () => {
    await withShop(async (app) => {
      expect(await listed(app)).toEqual({ offers: [], prices: [] });
    });
    expect(await demoUsers()).toEqual([]);

    const imported = await shop('catalog', 'import', await writeJson('catalog.json', copyOf()));
    expect(imported).toMatchObject({ code: 0, err: '' });
    expect(imported.out).toBe(
      [
        'Imported catalog.json:',
        '  products: 2 added, 0 updated, 0 deactivated, 0 unchanged',
        '  prices: 3 added, 0 updated, 0 deactivated, 0 unchanged',
        '  shipping rates: 1 added, 0 updated, 0 removed, 0 unchanged',
      ].join('\n'),
    );

    await withShop(async (app) => {
      const { offers, prices } = await listed(app);
      expect(offers).toEqual([
        expect.objectContaining({ key: 'iron-check', title: 'Iron Check', price: 'iron_check' }),
        expect.objectContaining({
          key: 'iron-quarterly',
          title: 'Iron Check Quarterly',
          price: 'iron_quarterly',
          badge: 'Save 15%',
        }),
      ]);
      expect(prices).toEqual([
        expect.objectContaining({
          lookupKey: 'iron_check',
          productKey: 'iron-check',
          unitAmount: 5_900,
          currency: 'usd',
          recurring: null,
          metadata: {},
        }),
        expect.objectContaining({
          lookupKey: 'iron_check_globex',
          unitAmount: 4_900,
          metadata: { partner: 'globex' },
        }),
        expect.objectContaining({
          lookupKey: 'iron_quarterly',
          productKey: 'iron-quarterly',
          unitAmount: 4_990,
          recurring: { interval: 'month', intervalCount: 3 },
        }),
      ]);
    });
    expect((await catalogSnapshot()).rates).toEqual([
      {
        country: 'US',
        currency: 'usd',
        amount_cents: 450,
        additional_kit_cents: 100,
        consolidated_cents: 800,
        min_business_days: 2,
        max_business_days: 5,
      },
    ]);
    expect(await demoUsers()).toEqual([]);
    expect(await catalogAudits()).toEqual([
      { action: 'catalog.import', target: 'catalog.json', via: 'cli-direct' },
    ]);
  });

  it('a second run of the same file changes nothing and says so', async () => {
    const before = await catalogSnapshot();
    const again = await shop('catalog', 'import', 'catalog.json');
    expect(again).toMatchObject({
      code: 0,
      out: 'Nothing to change: the catalogue already matches catalog.json (2 products, 3 prices, 1 shipping rates).',
    });
    expect(await catalogSnapshot()).toEqual(before);
    expect(await catalogAudits()).toHaveLength(1);
  });

  it('refuses a file with bad fields, naming the path of each, and writes nothing', async () => {
    const before = await catalogSnapshot();
    const file = copyOf() as unknown as {
      products: Record<string, unknown>[];
      shippingRates: Record<string, unknown>[];
    };
    // A valid new product beside the bad ones: it must not be written either.
    file.products.push({
      key: 'vitamin-d',
      type: 'kit',
      kitType: 'vitamin-d',
      title: 'Vitamin D',
      quantity: 1,
      prices: [{ lookupKey: 'vitamin_d', amount: 3_900 }],
    });
    (file.products[1]!.prices as Record<string, unknown>[])[0]!.amount = 49.9;
    file.products[0]!.title = '';
    file.products[0]!.colour = 'red';
    file.shippingRates[0]!.country = 'XX';
    (file.products[2]!.prices as Record<string, unknown>[]).push({
      lookupKey: 'iron_check',
      amount: 100,
    });

    const refused = await shop('catalog', 'import', await writeJson('bad.json', file));
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err.split('\n')).toEqual([
      'bad.json was not imported (nothing was written); fix these fields:',
      '  products[0].title: must not be empty',
      '  products[0].colour: is not a known field',
      '  products[1].prices[0].amount: must be a whole number of cents',
      '  shippingRates[0].country: must be one of US, CA',
    ]);
    expect(await catalogSnapshot()).toEqual(before);

    // Once the fields are right, what is wrong across the file is named too.
    file.products[0]!.title = 'Iron Check';
    delete file.products[0]!.colour;
    (file.products[1]!.prices as Record<string, unknown>[])[0]!.amount = 4_990;
    file.shippingRates[0]!.country = 'US';
    const duplicate = await shop('catalog', 'import', await writeJson('bad.json', file));
    expect(duplicate.code).toBe(1);
    expect(duplicate.err.split('\n').slice(1)).toEqual([
      '  products[2].prices[1].lookupKey: is used twice',
      '  products[2].prices: needs exactly one price without a partner (the price the shop sells it at); found 2',
    ]);
    expect(await catalogSnapshot()).toEqual(before);
  });

  it('applies a changed file: updates what changed, deactivates what it no longer lists, deletes no price', async () => {
    const file = copyOf();
    file.products[0]!.title = 'Iron Check Plus';
    file.products[0]!.prices[0]!.amount = 6_400;
    file.products.splice(1, 1);
    file.shippingRates[0]!.amount = 500;

    const applied = await shop('catalog', 'import', await writeJson('changed.json', file));
    expect(applied).toMatchObject({ code: 0, err: '' });
    expect(applied.out.split('\n').slice(1)).toEqual([
      '  products: 0 added, 1 updated, 1 deactivated, 0 unchanged',
      '  prices: 0 added, 1 updated, 1 deactivated, 1 unchanged',
      '  shipping rates: 0 added, 1 updated, 0 removed, 0 unchanged',
    ]);
    await withShop(async (app) => {
      const { offers, prices } = await listed(app);
      expect(offers.map((offer) => [offer.key, offer.title])).toEqual([
        ['iron-check', 'Iron Check Plus'],
      ]);
      expect(prices.map((price) => [price.lookupKey, price.unitAmount])).toEqual([
        ['iron_check', 6_400],
        ['iron_check_globex', 4_900],
      ]);
    });
    const rows = await catalogSnapshot();
    expect(rows.prices.find((price) => price.lookup_key === 'iron_quarterly')).toMatchObject({
      active: false,
      unit_amount_cents: 4_990,
    });
    expect(rows.products.find((product) => product.key === 'iron-quarterly')).toMatchObject({
      active: false,
    });
    expect(rows.rates[0]).toMatchObject({ amount_cents: 500 });

    // Listing it again brings it back as it was.
    const restored = await shop('catalog', 'import', 'catalog.json');
    expect(restored.out.split('\n').slice(1)).toEqual([
      '  products: 0 added, 2 updated, 0 deactivated, 0 unchanged',
      '  prices: 0 added, 2 updated, 0 deactivated, 1 unchanged',
      '  shipping rates: 0 added, 1 updated, 0 removed, 0 unchanged',
    ]);
  });

  it('keeps the amount of a price a subscription pays, and writes nothing of that file', async () => {
    await withDb((db) => subscriptionOnPrice(db, 'price_iron_quarterly', 'catalog_cli'));
    const before = await catalogSnapshot();
    const file = copyOf();
    file.products[1]!.prices[0]!.amount = 5_490;
    file.products[0]!.title = 'Iron Check Plus';

    const refused = await shop('catalog', 'import', await writeJson('reprice.json', file));
    expect(refused.code).toBe(1);
    expect(refused.err.split('\n')).toEqual([
      'reprice.json was not imported (nothing was written):',
      '  products[1].prices[0]: price "iron_quarterly" is already in orders or subscriptions, so its amount, currency, product and billing period cannot change; give the new price a new lookupKey (the old one is then deactivated, and its subscribers keep it)',
    ]);
    expect(await catalogSnapshot()).toEqual(before);

    // The way the message gives: a new lookup key; the subscribers' price stays, deactivated.
    file.products[1]!.prices[0]!.lookupKey = 'iron_quarterly_2027';
    expect(await shop('catalog', 'import', await writeJson('reprice.json', file))).toMatchObject({
      code: 0,
    });
    const rows = await catalogSnapshot();
    expect(
      rows.prices
        .filter((price) => price.product_key === 'iron-quarterly')
        .map((price) => [price.id, price.unit_amount_cents, price.active]),
    ).toEqual([
      ['price_iron_quarterly', 4_990, false],
      ['price_iron_quarterly_2027', 5_490, true],
    ]);
  });

  it('refuses while a shop holds its PGlite database, naming the shop, and writes nothing', async () => {
    // A shop that answers its operator token, as `npm start`'s server does.
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const removeTokenFile = writeOperatorTokenFile(env.DATA_DIR!, {
      url,
      token: 'a-token-of-a-running-shop-0123456789',
    });
    const before = await catalogSnapshot();
    try {
      const refused = await shop('catalog', 'import', 'changed.json');
      expect(refused).toMatchObject({
        code: 1,
        out: '',
        err: `The shop at ${url} holds its database in ${env.DATA_DIR}: stop it, import, then start it again.`,
      });
      expect(await catalogSnapshot()).toEqual(before);
    } finally {
      removeTokenFile();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says what is wrong with an unreadable file or a missing argument', async () => {
    await fs.writeFile(path.join(dir, 'broken.json'), '{ "products": [');
    const broken = await shop('catalog', 'import', 'broken.json');
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`Cannot read ${path.join(dir, 'broken.json')}:`);
    expect((await shop('catalog', 'import')).code).toBe(2);
  });
});

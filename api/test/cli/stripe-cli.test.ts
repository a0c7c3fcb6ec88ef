// `pnpm shop stripe sync-catalog` against a stand-in for Stripe's catalogue API (products and
// prices kept in memory, answered over a local socket): it creates what is missing, replaces a
// price whose amount changed by moving its lookup key, updates metadata in place, and a second
// run changes nothing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../../src/db/open-database';
import { runShop } from '../../src/cli/run-shop';
import { createStripeCommand } from '../../src/cli/stripe-commands';
import {
  ok,
  startStripeApi,
  stripeError,
  type StripeApi,
  type StripeRequest,
} from '../helpers/stripe-api';
import { pgliteTemplateDump } from '../helpers/template-database';

type Fields = Record<string, string>;

function metadataOf(form: Fields, into: Fields = {}): Fields {
  for (const [field, value] of Object.entries(form)) {
    const key = /^metadata\[(.+)\]$/.exec(field)?.[1];
    if (!key) continue;
    if (value === '') delete into[key];
    else into[key] = value;
  }
  return into;
}

/** Stripe's products and prices endpoints as the sync uses them, over an in-memory account. */
function fakeCatalogAccount(api: StripeApi) {
  const products = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, Record<string, unknown> & { lookup_key: string | null }>();
  const idIn = (request: StripeRequest) => decodeURIComponent(request.path.split('/')[3]!);
  const missing = stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: 'No such object',
  });

  api.on('GET', /^\/v1\/products\/[^/]+$/, (request) => {
    const product = products.get(idIn(request));
    return product ? ok(product) : missing;
  });
  api.on('POST', /^\/v1\/products$/, ({ form }) => {
    const product = {
      id: form.id,
      object: 'product',
      name: form.name,
      description: form.description ?? null,
      active: true,
      metadata: metadataOf(form),
    };
    products.set(form.id!, product);
    return ok(product);
  });
  api.on('POST', /^\/v1\/products\/[^/]+$/, (request) => {
    const product = products.get(idIn(request))!;
    Object.assign(product, {
      name: request.form.name,
      description: request.form.description ?? null,
      active: request.form.active !== 'false',
    });
    return ok(product);
  });
  api.on('GET', /^\/v1\/prices$/, ({ query }) => {
    const keys = Object.entries(query)
      .filter(([field]) => field.startsWith('lookup_keys['))
      .map(([, key]) => key);
    const data = [...prices.values()].filter(
      (price) => price.lookup_key && keys.includes(price.lookup_key),
    );
    return ok({ object: 'list', data, has_more: false, url: '/v1/prices' });
  });
  api.on('POST', /^\/v1\/prices$/, ({ form }) => {
    const holder = [...prices.values()].find((price) => price.lookup_key === form.lookup_key);
    if (holder && form.transfer_lookup_key !== 'true')
      return stripeError(400, {
        type: 'invalid_request_error',
        message: 'lookup_key already in use',
      });
    if (holder) holder.lookup_key = null;
    const price = {
      id: `price_${prices.size + 1}`,
      object: 'price',
      product: form.product,
      currency: form.currency,
      unit_amount: Number(form.unit_amount),
      recurring: form['recurring[interval]']
        ? {
            interval: form['recurring[interval]'],
            interval_count: Number(form['recurring[interval_count]']),
          }
        : null,
      type: form['recurring[interval]'] ? 'recurring' : 'one_time',
      lookup_key: form.lookup_key ?? null,
      active: true,
      metadata: metadataOf(form),
    };
    prices.set(price.id, price);
    return ok(price);
  });
  api.on('POST', /^\/v1\/prices\/[^/]+$/, (request) => {
    const price = prices.get(idIn(request))!;
    if (request.form.active) price.active = request.form.active === 'true';
    metadataOf(request.form, price.metadata as Fields);
    return ok(price);
  });
  return { products, prices };
}

describe('pnpm shop stripe sync-catalog', () => {
  let api: StripeApi;
  let account: ReturnType<typeof fakeCatalogAccount>;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    api = await startStripeApi();
    account = fakeCatalogAccount(api);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-stripe-cli-'));
    // The shop's database as a first start leaves it, with the seeded catalogue.
    const client = await PGlite.create({
      dataDir: path.join(dir, 'pglite'),
      loadDataDir: await pgliteTemplateDump(),
    });
    await client.close();
    env = {
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: path.join(dir, 'pglite'),
      STRIPE_SECRET_KEY: 'sk_test_sync_catalog_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_sync_catalog',
      STRIPE_WEBHOOK_SECRET: 'whsec_sync_catalog',
    };
  });
  afterAll(async () => {
    await api.close();
    await fs.rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    api.requests.length = 0;
  });

  async function shop(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      argv,
      {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        env,
        cwd: dir,
        repoStart: process.cwd(),
      },
      [createStripeCommand(api.client)],
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const writes = () => api.requests.filter((request) => request.method === 'POST');

  async function catalogue<T>(
    work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
  ) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  it('creates every product and price of the catalogue, found by lookup key, each under a key of its own', async () => {
    const run = await shop('stripe', 'sync-catalog');
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('created product bloodwise-kit (shop_bloodwise-kit)');
    expect(run.out).toMatch(
      /^created price bloodwise_4_weeks: 95\.00 USD every 28 days \(price_\d+\)$/m,
    );
    expect(run.out).toMatch(
      /^created price unlimited_upgrade: 99\.00 USD one-time \(price_\d+\)$/m,
    );
    expect(run.out).toMatch(
      /^Done \(test mode\): \d+ created, 0 replaced, 0 updated, 0 unchanged\.$/m,
    );
    expect(run.out).not.toContain('sk_test_sync_catalog_secret');

    const seeded = await catalogue((db) =>
      db.selectFrom('prices').select('lookup_key').where('active', '=', true).execute(),
    );
    const synced = [...account.prices.values()];
    expect(synced.map((price) => price.lookup_key).sort()).toEqual(
      seeded.map((price) => price.lookup_key).sort(),
    );
    expect(synced.find((price) => price.lookup_key === 'unlimited_upgrade')).toMatchObject({
      unit_amount: 9_900,
      currency: 'usd',
      product: 'shop_unlimited-upgrade',
      metadata: { unlimited_upgrade: 'true' },
    });
    expect(synced.find((price) => price.lookup_key === 'bloodwise_quarterly')).toMatchObject({
      recurring: { interval: 'month', interval_count: 3 },
    });
    expect(account.products.get('shop_bloodwise-kit')).toMatchObject({
      name: 'Bloodwise Complete Panel',
      metadata: { shop_product_key: 'bloodwise-kit' },
    });
    expect(writes().find((request) => request.path === '/v1/products')!.idempotencyKey).toMatch(
      /^catalog:product:/,
    );
    expect(
      writes().find((request) => request.form.lookup_key === 'bloodwise_kit_one_time')!
        .idempotencyKey,
    ).toBe('catalog:price:bloodwise_kit_one_time:new:14900:usd:once');
  });

  it('changes nothing on a second run', async () => {
    const run = await shop('stripe', 'sync-catalog');
    expect(run.code).toBe(0);
    expect(writes()).toEqual([]);
    expect(run.out).toMatch(
      /^Done \(test mode\): 0 created, 0 replaced, 0 updated, \d+ unchanged\.$/,
    );
  });

  it('replaces a price whose amount changed (the lookup key moves, the old one is archived) and updates metadata in place', async () => {
    await catalogue(async (db) => {
      await db
        .updateTable('prices')
        .set({ unit_amount_cents: 15_900 })
        .where('lookup_key', '=', 'bloodwise_kit_one_time')
        .execute();
      await db
        .updateTable('prices')
        .set({ metadata: JSON.stringify({ unlimited_upgrade: 'true' }) })
        .where('lookup_key', '=', 'mini_panel_upgrade')
        .execute();
    });
    const old = [...account.prices.values()].find(
      (price) => price.lookup_key === 'bloodwise_kit_one_time',
    )!;
    const mini = [...account.prices.values()].find(
      (price) => price.lookup_key === 'mini_panel_upgrade',
    )!;

    const dryRun = await shop('stripe', 'sync-catalog', '--dry-run');
    expect(dryRun.out).toContain(
      'would be replaced: price bloodwise_kit_one_time: now 159.00 USD one-time',
    );
    expect(dryRun.out).toMatch(
      /^Dry run, nothing changed \(test mode\): 0 created, 1 replaced, 1 updated/m,
    );
    expect(writes()).toEqual([]);

    const run = await shop('stripe', 'sync-catalog');
    expect(run.out).toMatch(
      new RegExp(
        `^replaced price bloodwise_kit_one_time: now 159\\.00 USD one-time \\(price_\\d+\\); lookup key moved from ${old.id}, which is archived$`,
        'm',
      ),
    );
    expect(run.out).toMatch(/^updated price mini_panel_upgrade: 39\.00 USD one-time/m);
    expect(writes().map(({ path: at, form }) => ({ at, form }))).toEqual([
      {
        at: '/v1/prices',
        form: {
          product: 'shop_bloodwise-kit',
          currency: 'usd',
          unit_amount: '15900',
          lookup_key: 'bloodwise_kit_one_time',
          transfer_lookup_key: 'true',
        },
      },
      { at: `/v1/prices/${old.id}`, form: { active: 'false' } },
      {
        at: `/v1/prices/${mini.id}`,
        form: { 'metadata[unlimited_upgrade]': 'true', active: 'true' },
      },
    ]);
    expect(writes()[0]!.idempotencyKey).toBe(
      `catalog:price:bloodwise_kit_one_time:${old.id}:15900:usd:once`,
    );
    expect(old).toMatchObject({ active: false, lookup_key: null });

    api.requests.length = 0;
    expect((await shop('stripe', 'sync-catalog')).out).toMatch(/0 created, 0 replaced, 0 updated/);
    expect(writes()).toEqual([]);
  });

  it('refuses, naming it, a price Stripe holds under our key that would sell at 0 or in another currency', async () => {
    const byKey = (lookupKey: string) =>
      [...account.prices.values()].find((price) => price.lookup_key === lookupKey)!;
    const tiered = byKey('bloodwise_kit_one_time');
    const euro = byKey('bloodwise_quarterly');
    const before = { tiered: { ...tiered }, euro: { ...euro } };
    Object.assign(tiered, { unit_amount: null, billing_scheme: 'tiered' });
    Object.assign(euro, { currency: 'eur' });
    try {
      const run = await shop('stripe', 'sync-catalog');
      expect(run.code).toBe(1);
      expect(run.err).toContain(
        `refused price bloodwise_kit_one_time: Stripe price ${tiered.id} (lookup key bloodwise_kit_one_time) has no fixed amount`,
      );
      expect(run.err).toContain(
        `refused price bloodwise_quarterly: Stripe price ${euro.id} (lookup key bloodwise_quarterly) is in EUR, but the shop sells it in USD.`,
      );
      // The merchant's prices are theirs to change: nothing replaced them.
      expect(writes()).toEqual([]);
      expect(run.out).toMatch(/0 created, 0 replaced, 0 updated/);
    } finally {
      Object.assign(tiered, before.tiered);
      Object.assign(euro, before.euro);
    }
  });

  it('says which variables to set when Stripe is not configured', async () => {
    const saved = env;
    env = { NODE_ENV: 'test', DATA_DIR: saved.DATA_DIR };
    try {
      const run = await shop('stripe', 'sync-catalog');
      expect(run.code).toBe(1);
      expect(run.err).toMatch(
        /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
      );
      expect(api.requests).toEqual([]);
    } finally {
      env = saved;
    }
  });
});

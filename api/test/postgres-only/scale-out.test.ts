// The shop on several machines: three API processes on one PostgreSQL database and one
// S3-protocol server, behind HAProxy in round robin. Every request goes through the balancer
// (each answer names its instance), so consecutive requests of one shopper land on different
// instances. The servers start once for the whole file.
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { Order } from '@shop/shared/contract/checkout';
import type { ResultUpload } from '@shop/shared/contract/result-uploads';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/open-database';
import { DEMO_USER } from '../../src/db/seed/demo-partners-and-discounts';
import { openObjectStores } from '../../src/services/releases/object-stores';
import { loadConfig } from '../../src/config/config';
import { openReleases, storeBuild } from '../../src/releases/releases';
import { findRemote, type RemoteDefinition } from '../../src/releases/remotes';
import { orderBody } from '../helpers/checkout-fixtures';
import { readOperatorToken, ShopBrowser } from '../helpers/shop-browser';
import { INSTANCE_HEADER, startScaleOut, type ScaleOut } from '../helpers/scale-out';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { createFakeRepo, writeRemoteBuild, type FakeRepo } from '../releases/fake-repo';

jest.setTimeout(120_000);

const KIT = 'bloodwise_kit_one_time';
const AUTH_RATE_LIMIT_MAX = 12;
const ORDERS_PER_SECOND = 50;
const MAX_IN_FLIGHT = 100;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

let database: TestDatabase;
let shop: ScaleOut;
let db: DatabaseHandle['db'];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  shop = await startScaleOut({
    databaseUrl: database.databaseUrl!,
    env: { AUTH_RATE_LIMIT_MAX: String(AUTH_RATE_LIMIT_MAX), UPLOAD_RATE_LIMIT_MAX: '1000' },
  });
}, 180_000);
afterAll(async () => {
  await shop?.close();
  await database?.drop();
});

/** Every instance answered, and no two consecutive answers came from the same one. */
function expectSpreadOverAll(instances: readonly string[]) {
  expect(new Set(instances)).toEqual(new Set(['api-1', 'api-2', 'api-3']));
  for (let index = 1; index < instances.length; index += 1)
    expect(instances[index]).not.toBe(instances[index - 1]);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

it("carries a shopper's whole journey while each request lands on another instance", async () => {
  const browser = new ShopBrowser(shop.url, '198.51.100.1');
  const sessionId = randomUUID();
  const put = await browser.request('PUT', API_PATHS.cart, {
    sessionId,
    items: [{ lookupKey: KIT, quantity: 1 }],
  });
  expect(put.status).toBe(200);
  const cart = await browser.request('GET', `${API_PATHS.cart}?sessionId=${sessionId}`);
  expect((await cart.json()).items).toEqual([{ lookupKey: KIT, quantity: 1 }]);

  const login = await browser.request('POST', API_PATHS.login, {
    username: DEMO_USER.email,
    password: DEMO_USER.password,
  });
  expect(login.status).toBe(200);
  const me = await browser.request('GET', API_PATHS.cmsInfo);
  expect((await me.json()).email).toBe(DEMO_USER.email);

  const token = await browser.cardToken();
  const placed = await browser.request(
    'POST',
    API_PATHS.orders,
    orderBody({
      email: DEMO_USER.email,
      sessionId,
      paymentMethod: { type: 'token', token, save: false },
    }),
    { 'idempotency-key': randomUUID() },
  );
  expect(placed.status).toBe(201);
  const order = (await placed.json()) as Order;
  expect(order.status).toBe('paid');

  // The thank-you page's data, read back by the same browser through another instance.
  const thankYou = await browser.request('GET', buildPath(API_PATHS.order, { id: order.id }));
  expect(thankYou.status).toBe(200);
  expect(await thankYou.json()).toMatchObject({ id: order.id, status: 'paid' });
  const emptied = await browser.request('GET', `${API_PATHS.cart}?sessionId=${sessionId}`);
  expect((await emptied.json()).items).toEqual([]);

  const upgrade = await browser.request('POST', API_PATHS.miniPanelUpgradePurchase, {
    priceId: 'price_mini_panel_upgrade',
    paymentId: order.payment!.id,
    email: order.email,
    product: KIT,
    upgradeTo: 'mini_panel_upgrade',
  });
  expect(upgrade.status).toBe(201);
  expect((await upgrade.json()).status).toBe('completed');
  const bought = await browser.request(
    'GET',
    `${API_PATHS.upgradePurchased}?paymentId=${order.payment!.id}&type=mini-panel`,
  );
  expect(await bought.json()).toEqual({ isUpgraded: true });

  expect(browser.instances).toHaveLength(10);
  expectSpreadOverAll(browser.instances);
});

it('lists, serves and deletes through the others a report uploaded through one', async () => {
  const browser = new ShopBrowser(shop.url, '198.51.100.2');
  expect(
    (
      await browser.request('POST', API_PATHS.login, {
        username: DEMO_USER.email,
        password: DEMO_USER.password,
      })
    ).status,
  ).toBe(200);
  const created = await browser.upload(API_PATHS.resultUploads, 'labs.pdf', 'application/pdf', PDF);
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as ResultUpload;

  const listed = await browser.request('GET', API_PATHS.resultUploads);
  expect((await listed.json()).uploads.map((upload: ResultUpload) => upload.id)).toContain(id);
  const file = await browser.request('GET', buildPath(API_PATHS.resultUploadFile, { id }));
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);

  const removed = await browser.request('DELETE', buildPath(API_PATHS.resultUpload, { id }));
  expect(removed.status).toBe(200);
  expect(await shop.s3.bucket('uploads/').head(id)).toBeNull();
  const gone = await browser.request('GET', buildPath(API_PATHS.resultUploadFile, { id }));
  expect(gone.status).toBe(404);
  // Log-in, upload, list, download, delete and the last read each on another instance than the one before.
  expectSpreadOverAll(browser.instances);
});

it('runs a job once, whichever instance queued it', async () => {
  const browser = new ShopBrowser(shop.url, '198.51.100.3');
  await browser.request('POST', API_PATHS.login, {
    username: DEMO_USER.email,
    password: DEMO_USER.password,
  });
  // Each PDF is read by a results.read job, queued by the instance that took the upload.
  const ids: string[] = [];
  const queuedBy: string[] = [];
  for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) {
    const created = await browser.upload(API_PATHS.resultUploads, name, 'application/pdf', PDF);
    expect(created.status).toBe(201);
    ids.push(((await created.json()) as ResultUpload).id);
    queuedBy.push(browser.instances.at(-1)!);
  }
  expect(new Set(queuedBy).size).toBe(3);

  const readJobs = () =>
    db
      .selectFrom('jobs')
      .select(['status', 'attempts', sql<string>`payload->>'uploadId'`.as('uploadId')])
      .where('kind', '=', 'results.read')
      .where(sql<string>`payload->>'uploadId'`, 'in', ids)
      .execute();
  await waitUntil(
    async () =>
      (await readJobs()).filter((job) => job.status === 'completed' || job.status === 'dead')
        .length === ids.length,
    30_000,
  );
  const jobs = await readJobs();
  expect(jobs.map((job) => job.uploadId).sort()).toEqual([...ids].sort());
  expect(jobs.map(({ status, attempts }) => ({ status, attempts }))).toEqual(
    ids.map(() => ({ status: 'completed', attempts: 1 })),
  );
});

it('counts a log-in throttle and a rate limit across all three instances', async () => {
  // The account's throttle: five free failures, from five addresses, then a wait, wherever asked.
  const guesser = new ShopBrowser(shop.url, '203.0.113.1');
  const statuses: number[] = [];
  for (let guess = 0; guess < 6; guess += 1) {
    guesser.forwardedFor = `203.0.113.${guess + 1}`;
    statuses.push(
      (
        await guesser.request('POST', API_PATHS.login, {
          username: 'throttled@example.com',
          password: `guess-${guess}`,
        })
      ).status,
    );
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  expectSpreadOverAll(guesser.instances);

  // The per-address limit on the log-in route: AUTH_RATE_LIMIT_MAX in all, not per instance.
  const flooder = new ShopBrowser(shop.url, '192.0.2.77');
  const answers: Response[] = [];
  for (let attempt = 0; attempt <= AUTH_RATE_LIMIT_MAX; attempt += 1)
    answers.push(
      await flooder.request('POST', API_PATHS.login, {
        username: `nobody-${attempt}@example.com`,
        password: 'not-a-password',
      }),
    );
  expect(answers.slice(0, AUTH_RATE_LIMIT_MAX).map((answer) => answer.status)).toEqual(
    Array(AUTH_RATE_LIMIT_MAX).fill(401),
  );
  const limited = answers.at(-1)!;
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await limited.json()).error.code).toBe('RATE_LIMITED');
  expectSpreadOverAll(flooder.instances);
});

describe('releases', () => {
  let repo: FakeRepo;
  const versions: string[] = [];
  const catalog = findRemote('catalog') as RemoteDefinition;

  beforeAll(async () => {
    // What `shop deploy` stores from a build machine configured like the instances.
    repo = await createFakeRepo('local');
    const config = loadConfig({ ...shop.s3.env, DEPLOY_DIR: repo.deployDir, SHOP_ENV: 'local' });
    const stores = openObjectStores(config, db);
    const releases = openReleases(repo.config, {
      store: stores.artifacts,
      registry: stores.registry,
    });
    for (const label of ['v1', 'v2']) {
      await writeRemoteBuild(repo.root, catalog, label);
      versions.push((await storeBuild(releases, catalog)).build.version);
    }
    stores.close();
  });
  afterAll(() => repo?.remove());

  /** Resolves once every instance's /remotes.json names `version` live (how fast is not a test's business). */
  const servedByAll = (version: string) =>
    waitUntil(async () => {
      const live = await Promise.all(
        shop.instances.map(async (instance) => {
          const response = await fetch(`http://127.0.0.1:${instance.port}/remotes.json`);
          return (await response.json()).remotes?.mf_catalog?.version;
        }),
      );
      return live.every((seen) => seen === version);
    }, 30_000);

  it('serves a remote deployed through one instance from all of them, and a rollback too', async () => {
    const [first, second] = shop.instances;
    const deploy = (instance: typeof first, version: string) =>
      fetch(
        `http://127.0.0.1:${instance!.port}${buildPath(API_PATHS.opsReleaseDeploy, { remote: 'catalog' })}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...readOperatorToken(instance!.dataDir) },
          body: JSON.stringify({ version }),
        },
      );
    expect((await deploy(first, versions[0]!)).status).toBe(200);
    await servedByAll(versions[0]!);
    expect((await deploy(second, versions[1]!)).status).toBe(200);
    await servedByAll(versions[1]!);

    const third = shop.instances[2]!;
    const rollback = await fetch(
      `http://127.0.0.1:${third.port}${buildPath(API_PATHS.opsReleaseRollback, { remote: 'catalog' })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...readOperatorToken(third.dataDir) },
        body: '{}',
      },
    );
    expect(rollback.status).toBe(200);
    await servedByAll(versions[0]!);
  });
});

it('loses no order, charges nobody twice and answers no 5xx while every instance restarts in turn, orders offered at up to 50 a second', async () => {
  const startedAt = new Date();
  const outcomes: { email: string; status: number | string }[] = [];
  const inFlight = new Set<Promise<void>>();
  let sending = true;
  let sent = 0;

  const placeOne = async () => {
    const email = `rolling-${sent}-${randomUUID().slice(0, 8)}@example.com`;
    const address = sent;
    sent += 1;
    try {
      // A browser of its own per order, from its own address, as shoppers come.
      const browser = new ShopBrowser(
        shop.url,
        `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
      );
      const token = await browser.cardToken();
      const response = await browser.request(
        'POST',
        API_PATHS.orders,
        orderBody({ email, paymentMethod: { type: 'token', token, save: false } }),
        { 'idempotency-key': randomUUID() },
      );
      outcomes.push({ email, status: response.status });
    } catch (error) {
      outcomes.push({ email, status: String(error) });
    }
  };
  // 50 orders a second, each on its own whatever the last one's latency: every tick sends what
  // the schedule says should have gone by now, so a slow tick does not lower the rate.
  let slots = 0;
  let skipped = 0;
  const load = (async () => {
    const began = Date.now();
    while (sending) {
      for (; slots < ((Date.now() - began) * ORDERS_PER_SECOND) / 1000; slots += 1) {
        // On a machine too busy for the rate, a slot with MAX_IN_FLIGHT orders still open is
        // left out (and counted), rather than queueing without bound.
        if (inFlight.size >= MAX_IN_FLIGHT) {
          skipped += 1;
          continue;
        }
        const order = placeOne();
        inFlight.add(order);
        void order.finally(() => inFlight.delete(order));
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  await waitUntil(async () => outcomes.length >= 25, 20_000);
  const restartsBegan = Date.now();
  const restarts: { id: string; exit: number | null }[] = [];
  for (const instance of shop.instances) {
    const exit = await instance.stop();
    restarts.push({ id: instance.id, exit });
    await instance.start();
    await shop.waitForBalancerToUse(instance.id);
  }
  const restartSeconds = (Date.now() - restartsBegan) / 1000;
  const settledBefore = outcomes.length;
  await waitUntil(async () => outcomes.length >= settledBefore + 25, 20_000);
  sending = false;
  await load;
  await Promise.all(inFlight);

  expect(restarts).toEqual(shop.instances.map((instance) => ({ id: instance.id, exit: 0 })));
  const failures = outcomes.filter((outcome) => outcome.status !== 201);
  expect(failures).toEqual([]);
  const elapsedSeconds = (Date.now() - startedAt.getTime()) / 1000;
  console.log(
    `rolling restart: ${outcomes.length} orders (${skipped} of ${slots} slots left out, the machine too busy) in ${elapsedSeconds.toFixed(1)} s (${(outcomes.length / elapsedSeconds).toFixed(1)}/s), ${failures.length} failed; restarts took ${restartSeconds.toFixed(1)} s`,
  );

  const emails = outcomes.map((outcome) => outcome.email);
  const orders = await db
    .selectFrom('orders')
    .select(['email', 'status', 'payment_charge_id'])
    .where('email', 'in', emails)
    .execute();
  expect(orders).toHaveLength(emails.length);
  expect(orders.filter((order) => order.status !== 'paid')).toEqual([]);
  const charges = await db
    .selectFrom('payment_charges')
    .select(['id', 'status'])
    .where('created_at', '>=', startedAt)
    .execute();
  expect(charges).toHaveLength(emails.length);
  expect(new Set(charges.map((charge) => charge.id))).toEqual(
    new Set(orders.map((order) => order.payment_charge_id)),
  );
}, 170_000);

it('names the answering instance on every answer through the balancer', async () => {
  const seen = new Set<string | null>();
  for (let index = 0; index < 6; index += 1)
    seen.add((await fetch(`${shop.url}${API_PATHS.healthz}`)).headers.get(INSTANCE_HEADER));
  expect(seen).toEqual(new Set(['api-1', 'api-2', 'api-3']));
});

// Kits as records: made once per kit unit of a paid order by the job its payment queued (and one
// per renewal), moved only along their life with a timeline, replaced free when rejected, and
// activated once by a signed-in customer, with the same answer for unknown and taken codes, a
// per-account limit, owner-only reads and the kit ID typed at sign-up. Runs on PGlite and on
// PostgreSQL.
import { randomUUID } from 'node:crypto';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { KitList } from '@shop/shared/contract/kits';
import { formatKitCode, kitCheckSymbol } from '@shop/shared/kits/kit-code';
import {
  createKitsForOrder,
  findKitByCode,
  recordKitTransition,
  type KitRow,
} from '../../../src/modules/kits';
import { kitTables } from '../../../src/modules/kits/kit-tables';
import { insertRenewalOrder } from '../../../src/services/subscriptions/renewal-order';
import { asBrowser, buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder, US_ADDRESS } from '../../helpers/checkout-fixtures';
import { signedUpSubscriber, type Subscriber } from '../../helpers/subscriptions';
import { confirmSignup, confirmationTokenFor } from '../../helpers/accounts';

/** The list's first item; the test fails here when there is none. */
function first<T>(list: readonly T[]): T {
  const [item] = list;
  if (item === undefined) throw new Error('expected at least one');
  return item;
}

const ACTIVATION = {
  sampleTaker: 'self',
  name: 'Ada Lovelace',
  dateOfBirth: '1990-01-10',
  sexAtBirth: 'female',
  consentLabTest: true,
  consentResultsRelease: true,
  sampleTakenOn: '2026-12-06',
} as const;

describe('kits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = asBrowser(await buildTestApp());
  });
  afterAll(() => t.close());

  const kitsOf = (orderId: string) =>
    kitTables(t.app.db)
      .selectFrom('kits')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('order_line_id')
      .orderBy('unit')
      .execute() as Promise<KitRow[]>;
  const eventsOf = (kitId: string) =>
    kitTables(t.app.db)
      .selectFrom('kit_events')
      .selectAll()
      .where('kit_id', '=', kitId)
      .orderBy('id')
      .execute();

  /** A paid guest order of `quantity` one-time kits, its kits made by the app's job runner. */
  async function paidKits(quantity = 1, email = `kit-${randomUUID()}@example.com`) {
    const placed = await placeOrder(
      t,
      orderBody({ email, items: [{ lookupKey: 'bloodwise_kit_one_time', quantity }] }),
    );
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order.status).toBe('paid');
    await t.app.jobs.runDue();
    return { orderId: order.id as string, kits: await kitsOf(order.id) };
  }

  const activate = (who: Subscriber, body: Record<string, unknown>) =>
    who.inject({ method: 'POST', url: API_PATHS.kitActivate, payload: body });

  it('queues the kits job in the statement that marks the order paid, and makes one kit per unit once', async () => {
    const placed = await placeOrder(
      t,
      orderBody({
        email: `two-${randomUUID()}@example.com`,
        items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 2 }],
      }),
    );
    const orderId = placed.json().id as string;
    const job = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'job_key'])
      .where('job_key', '=', `order:${orderId}:kits`)
      .executeTakeFirst();
    expect(job).toEqual({ kind: 'kits.create-for-order', job_key: `order:${orderId}:kits` });

    await t.app.jobs.runDue();
    const kits = await kitsOf(orderId);
    expect(kits.map((kit) => [kit.unit, kit.state, kit.title])).toEqual([
      [1, 'created', 'Bloodwise Complete Panel'],
      [2, 'created', 'Bloodwise Complete Panel'],
    ]);
    for (const kit of kits) {
      expect(kit.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}[0-9A-Z]$/);
      expect(kit.code[10]).toBe(kitCheckSymbol(kit.code.slice(0, 10)));
      expect((await eventsOf(kit.id)).map((e) => [e.from_state, e.to_state, e.source])).toEqual([
        [null, 'created', 'system'],
      ]);
    }
    // The job run again (a retry, another instance) makes nothing.
    expect(await createKitsForOrder(t.app.db, orderId, new Date())).toBe(0);
    await Promise.all([
      createKitsForOrder(t.app.db, orderId, new Date()),
      createKitsForOrder(t.app.db, orderId, new Date()),
    ]);
    expect((await kitsOf(orderId)).map((kit) => kit.id)).toEqual(kits.map((kit) => kit.id));
  });

  it('a renewal order queues its own kit', async () => {
    const { orderId: firstOrder } = await paidKits(1);
    const first = await t.app.db
      .selectFrom('orders')
      .select(['email'])
      .where('id', '=', firstOrder)
      .executeTakeFirstOrThrow();
    const now = new Date('2026-12-07T10:00:00Z');
    const renewalId = await t.app.db.transaction().execute((trx) =>
      insertRenewalOrder(trx, {
        now,
        userId: null,
        email: first.email,
        name: 'Ada Shopper',
        currency: 'usd',
        line: {
          lookupKey: 'bloodwise_monthly',
          priceId: 'bloodwise_monthly',
          title: 'Bloodwise Monthly',
          quantity: 1,
          unitAmount: 9900,
        },
        amount: 9900,
        shippingAddress: US_ADDRESS,
        chargeId: null,
        paymentMethodId: null,
        paymentLabel: null,
        idempotencyKey: `renewal-${randomUUID()}`,
      }),
    );
    await t.app.jobs.runDue();
    const kits = await kitsOf(renewalId);
    expect(kits.map((kit) => [kit.title, kit.state])).toEqual([['Bloodwise Monthly', 'created']]);
  });

  it('moves a kit only along its life, each move on the timeline; a rejected kit gets a free replacement', async () => {
    const kit = first((await paidKits()).kits);
    const at = (day: number) => new Date(Date.UTC(2026, 11, day, 9));
    await expect(
      recordKitTransition(t.app.db, { kitId: kit.id, to: 'resulted', source: 'lab', at: at(1) }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await recordKitTransition(t.app.db, {
      kitId: kit.id,
      to: 'shipped',
      source: 'operator',
      at: at(2),
      detail: { trackingNumber: '9400', trackingUrl: 'https://tools.example/track/9400' },
    });
    await recordKitTransition(t.app.db, {
      kitId: kit.id,
      to: 'delivered',
      source: 'carrier',
      at: at(3),
    });
    await recordKitTransition(t.app.db, {
      kitId: kit.id,
      to: 'activated',
      source: 'customer',
      at: at(4),
    });
    await recordKitTransition(t.app.db, {
      kitId: kit.id,
      to: 'sample_sent',
      source: 'carrier',
      at: at(5),
    });
    await recordKitTransition(t.app.db, {
      kitId: kit.id,
      to: 'received',
      source: 'lab',
      at: at(6),
    });
    // A rejection names its reason.
    await expect(
      recordKitTransition(t.app.db, { kitId: kit.id, to: 'rejected', source: 'lab', at: at(7) }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const rejected = await recordKitTransition(t.app.db, {
      kitId: kit.id,
      to: 'rejected',
      source: 'lab',
      at: at(7),
      detail: { reason: 'haemolysed' },
    });
    expect(rejected.kit).toMatchObject({ state: 'rejected', rejection_reason: 'haemolysed' });
    expect(rejected.replacement).toMatchObject({
      state: 'created',
      replaces_kit_id: kit.id,
      order_id: kit.order_id,
    });
    expect(rejected.replacement?.code).not.toBe(kit.code);
    // Done: nothing moves a rejected kit.
    await expect(
      recordKitTransition(t.app.db, { kitId: kit.id, to: 'received', source: 'lab', at: at(8) }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(
      (await eventsOf(kit.id)).map((e) => [e.from_state, e.to_state, e.source, e.at.toISOString()]),
    ).toEqual([
      [null, 'created', 'system', expect.any(String)],
      ['created', 'shipped', 'operator', at(2).toISOString()],
      ['shipped', 'delivered', 'carrier', at(3).toISOString()],
      ['delivered', 'activated', 'customer', at(4).toISOString()],
      ['activated', 'sample_sent', 'carrier', at(5).toISOString()],
      ['sample_sent', 'received', 'lab', at(6).toISOString()],
      ['received', 'rejected', 'lab', at(7).toISOString()],
    ]);
    // Two moves at once: one wins, the other is refused (the row is locked, then re-read).
    const other = first((await paidKits()).kits);
    const outcomes = await Promise.allSettled([
      recordKitTransition(t.app.db, {
        kitId: other.id,
        to: 'shipped',
        source: 'operator',
        at: at(2),
      }),
      recordKitTransition(t.app.db, {
        kitId: other.id,
        to: 'shipped',
        source: 'operator',
        at: at(2),
      }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('finds a kit by its code as typed: lowercase, grouped, with I/L/O', async () => {
    const kit = first((await paidKits()).kits);
    const typed = formatKitCode(kit.code).toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o');
    expect((await findKitByCode(t.app.db, typed))?.id).toBe(kit.id);
    expect(await findKitByCode(t.app.db, 'not a code')).toBeNull();
  });

  it('activates a kit once; an unknown code and a taken one get the same answer', async () => {
    const kit = first((await paidKits()).kits);
    const ada = await signedUpSubscriber(t, 'activator');
    const activated = await activate(ada, {
      ...ACTIVATION,
      code: formatKitCode(kit.code).toLowerCase(),
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().kit).toMatchObject({
      id: kit.id,
      state: 'activated',
      subjectName: 'Ada Lovelace',
      sampleTakenOn: '2026-12-06',
      nextStep: 'send_sample',
    });
    const stored = await kitTables(t.app.db)
      .selectFrom('kits')
      .selectAll()
      .where('id', '=', kit.id)
      .executeTakeFirstOrThrow();
    // The date of birth is kept as written, never shifted by a zone.
    expect(stored).toMatchObject({
      user_id: ada.userId,
      activated_by: ada.userId,
      subject_birth_date: '1990-01-10',
      subject_sex: 'female',
      sample_taker: 'self',
    });
    expect(stored.consent_lab_test_at).toBeInstanceOf(Date);

    const again = await activate(ada, { ...ACTIVATION, code: kit.code });
    const body = kit.code.slice(0, 9) + (kit.code[9] === 'Z' ? 'Y' : 'Z');
    const unknown = await activate(ada, { ...ACTIVATION, code: body + kitCheckSymbol(body) });
    expect(again.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(again.json()).toEqual(unknown.json());
    expect((await eventsOf(kit.id)).filter((e) => e.to_state === 'activated')).toHaveLength(1);
  });

  it('refuses a malformed code, missing consents and a sample before birth with a 400 naming the field', async () => {
    const kit = first((await paidKits()).kits);
    const sam = await signedUpSubscriber(t, 'typo');
    const wrongCheck = kit.code.slice(0, 10) + (kit.code[10] === '0' ? '1' : '0');
    const typo = await activate(sam, { ...ACTIVATION, code: wrongCheck });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.fields).toHaveProperty('code');
    const noConsent = await activate(sam, { ...ACTIVATION, code: kit.code, consentLabTest: false });
    expect(noConsent.statusCode).toBe(400);
    const badDate = await activate(sam, {
      ...ACTIVATION,
      code: kit.code,
      dateOfBirth: '1990-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    const beforeBirth = await activate(sam, {
      ...ACTIVATION,
      code: kit.code,
      sampleTakenOn: '1989-01-01',
    });
    expect(beforeBirth.statusCode).toBe(400);
    const hostile = await activate(sam, {
      ...ACTIVATION,
      code: kit.code,
      name: 'a\u0000b',
      extra: 1,
    });
    expect(hostile.statusCode).toBe(400);
    const anonymous = await t.inject({
      method: 'POST',
      url: API_PATHS.kitActivate,
      payload: { ...ACTIVATION, code: kit.code },
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing of it touched the kit.
    expect(first(await kitsOf(kit.order_id)).state).toBe('created');
  });

  it('limits tries per account', async () => {
    const guesser = await signedUpSubscriber(t, 'guesser');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const body = `ABCDE${String(10000 + i).slice(-5)}`;
      const response = await activate(guesser, {
        ...ACTIVATION,
        code: body + kitCheckSymbol(body),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses[10]).toBe(429);
    // Another account is not held back by it.
    const other = await signedUpSubscriber(t, 'other');
    const body = 'ZZZZZ00000';
    expect(
      (await activate(other, { ...ACTIVATION, code: body + kitCheckSymbol(body) })).statusCode,
    ).toBe(404);
  });

  it("lists a customer's kits with timeline and next step, and serves a barcode to its owner only", async () => {
    const owner = await signedUpSubscriber(t, 'owner');
    const stranger = await signedUpSubscriber(t, 'stranger');
    const placed = await owner.inject({
      method: 'POST',
      url: API_PATHS.orders,
      payload: orderBody({ email: owner.email }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.json().status).toBe('paid');
    await t.app.jobs.runDue();
    const list = (await owner.inject({ method: 'GET', url: API_PATHS.kits })).json() as KitList;
    expect(list.kits).toHaveLength(1);
    const kit = first(list.kits);
    expect(list.pendingCode).toBeNull();
    expect(kit).toMatchObject({ state: 'created', nextStep: 'activate' });
    expect(kit.events.map((e) => e.state)).toEqual(['created']);
    expect(
      ((await stranger.inject({ method: 'GET', url: API_PATHS.kits })).json() as KitList).kits,
    ).toEqual([]);

    const barcode = await owner.inject({
      method: 'GET',
      url: buildPath(API_PATHS.kitBarcode, { id: kit.id }),
    });
    expect(barcode.statusCode).toBe(200);
    expect(barcode.headers['content-type']).toContain('image/svg+xml');
    expect(barcode.body).toContain('<svg');
    const qr = await owner.inject({
      method: 'GET',
      url: `${buildPath(API_PATHS.kitBarcode, { id: kit.id })}?format=qr`,
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.body).not.toBe(barcode.body);
    const theirs = await stranger.inject({
      method: 'GET',
      url: buildPath(API_PATHS.kitBarcode, { id: kit.id }),
    });
    const missing = await stranger.inject({
      method: 'GET',
      url: buildPath(API_PATHS.kitBarcode, { id: randomUUID() }),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(
      (await t.inject({ method: 'GET', url: buildPath(API_PATHS.kitBarcode, { id: kit.id }) }))
        .statusCode,
    ).toBe(401);
  });

  it('a kit ID typed at sign-up is held by the new account, to finish at /activate', async () => {
    const kit = first((await paidKits()).kits);
    const email = `kit-signup-${randomUUID()}@example.com`;
    const signup = await t.inject({
      method: 'POST',
      url: API_PATHS.signup,
      payload: {
        email,
        name: 'Kit Holder',
        password: 'a long enough passphrase 42',
        kitID: formatKitCode(kit.code).toLowerCase(),
        sessionId: randomUUID(),
      },
    });
    expect(signup.statusCode).toBe(202);
    const confirmed = await confirmSignup(t, await confirmationTokenFor(t, email));
    expect(confirmed.statusCode).toBe(200);
    const cookie = confirmed.cookies.find((c) => c.name === 'bw_session');
    const list = (
      await t.inject({
        method: 'GET',
        url: API_PATHS.kits,
        headers: { cookie: `bw_session=${cookie?.value}` },
      })
    ).json() as KitList;
    expect(list.pendingCode).toBe(kit.code);
    expect(list.kits.map((k) => [k.id, k.state])).toEqual([[kit.id, 'created']]);
  });
});

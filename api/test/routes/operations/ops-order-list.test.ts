// The operator console's orders list: newest first, filtered, paged by a keyset cursor that new
// orders never disturb, refusing odd input with a 4xx and outsiders with the unknown-path 404.
// Runs on PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { API_PATHS, OPS_PREFIX } from '@shop/shared/contract/paths';
import type { OrderRow } from '../../../src/db/schema';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { operatorSession, shopperSession } from '../../helpers/operators';

interface Seed {
  email: string;
  at: string;
  status?: OrderRow['status'];
  kind?: 'consumer' | 'business';
  partner?: string;
  employer?: boolean;
  /** How the order's card reads, e.g. "Visa •••• 4242". */
  label?: string;
}

interface Listed {
  id: string;
  email: string;
  kind: string;
  status: string;
  businessKey: string | null;
  createdAt: string;
}

describe('the operator orders list', () => {
  let t: TestApp;
  let operator: string;
  const ids = new Map<string, string>();

  /** Writes an order as checkout would leave it, at a chosen time. */
  async function seed(order: Seed): Promise<string> {
    const { id } = await t.app.db
      .insertInto('orders')
      .values({
        kind: order.kind ?? (order.partner ? 'business' : 'consumer'),
        user_id: null,
        email: order.email,
        name: 'Test Customer',
        status: order.status ?? 'paid',
        currency: 'usd',
        subtotal_cents: 9900,
        discount_cents: 0,
        shipping_cents: 0,
        total_cents: 9900,
        discount_code: null,
        ship_upfront: false,
        bnpl: false,
        bnpl_consent_id: null,
        business_key: order.partner ?? null,
        marketing_enabled: false,
        session_id: null,
        shipping_address: JSON.stringify({}),
        payment_charge_id: null,
        payment_method_id: null,
        payment_label: order.label ?? null,
        idempotency_key: null,
        buyer_token_hash: null,
        created_at: new Date(order.at),
        updated_at: new Date(order.at),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (order.employer)
      await t.app.db
        .insertInto('employer_requests')
        .values({
          email: order.email,
          name: 'Test Customer',
          employer_email: 'hr@example.com',
          order_id: id,
          pay_token_hash: null,
          status: 'sent',
        })
        .execute();
    ids.set(order.email, id);
    return id;
  }

  const list = (query = '', headers: Record<string, string> = { cookie: operator }) =>
    t.inject({ method: 'GET', url: `${API_PATHS.opsOrders}${query}`, headers });

  async function emails(query = ''): Promise<string[]> {
    const response = await list(query);
    expect(response.statusCode).toBe(200);
    return (response.json().orders as Listed[]).map((order) => order.email);
  }

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await operatorSession(t);
    // Out of time order on purpose: the list sorts, it does not keep insertion order.
    await seed({ email: 'b@example.com', at: '2026-03-02T10:00:00Z' });
    await seed({ email: 'a@example.com', at: '2026-03-01T10:00:00Z', status: 'fulfilled' });
    await seed({ email: 'd@example.com', at: '2026-03-04T10:00:00Z', status: 'failed' });
    await seed({ email: 'c@example.com', at: '2026-03-03T10:00:00Z', partner: 'acme-wellness' });
    await seed({ email: 'e@example.com', at: '2026-03-05T10:00:00Z', employer: true });
    await seed({
      email: 'f@example.com',
      at: '2026-03-06T10:00:00Z',
      partner: 'other-partner',
      status: 'pending',
    });
  });
  afterAll(() => t.close());

  it('opens on every order, newest first, each with its kind and partner', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json() as { orders: Listed[]; nextCursor: string | null };
    expect(body.orders.map((order) => order.email)).toEqual([
      'f@example.com',
      'e@example.com',
      'd@example.com',
      'c@example.com',
      'b@example.com',
      'a@example.com',
    ]);
    expect(body.nextCursor).toBeNull();
    const byEmail = new Map(body.orders.map((order) => [order.email, order]));
    expect(byEmail.get('e@example.com')).toMatchObject({ kind: 'employer', businessKey: null });
    expect(byEmail.get('c@example.com')).toMatchObject({
      kind: 'business',
      businessKey: 'acme-wellness',
    });
    expect(byEmail.get('a@example.com')).toMatchObject({ kind: 'consumer', status: 'fulfilled' });
  });

  it('filters by status, one or several', async () => {
    expect(await emails('?status=failed')).toEqual(['d@example.com']);
    expect(await emails('?status=pending,fulfilled')).toEqual(['f@example.com', 'a@example.com']);
  });

  it('filters by partner storefront', async () => {
    expect(await emails('?partner=acme-wellness')).toEqual(['c@example.com']);
    expect(await emails('?partner=no-such-partner')).toEqual([]);
  });

  it('filters by kind, an employer order being no plain consumer order', async () => {
    expect(await emails('?kind=employer')).toEqual(['e@example.com']);
    expect(await emails('?kind=business')).toEqual(['f@example.com', 'c@example.com']);
    expect(await emails('?kind=consumer')).toEqual([
      'd@example.com',
      'b@example.com',
      'a@example.com',
    ]);
  });

  it('filters by a date range, from inclusive and to exclusive', async () => {
    const from = encodeURIComponent('2026-03-02T10:00:00Z');
    const to = encodeURIComponent('2026-03-04T10:00:00Z');
    expect(await emails(`?from=${from}&to=${to}`)).toEqual(['c@example.com', 'b@example.com']);
    // An offset is honoured: 11:00 at +01:00 is 10:00 UTC.
    expect(await emails(`?from=${encodeURIComponent('2026-03-05T11:00:00+01:00')}`)).toEqual([
      'f@example.com',
      'e@example.com',
    ]);
  });

  it('still finds an order by e-mail or id, combined with the other filters', async () => {
    expect(await emails(`?q=${encodeURIComponent(' B@Example.com ')}`)).toEqual(['b@example.com']);
    expect(await emails(`?q=${ids.get('d@example.com')!.toUpperCase()}`)).toEqual([
      'd@example.com',
    ]);
    expect(await emails(`?q=b@example.com&status=failed`)).toEqual([]);
  });

  it('finds an order by the number the customer reads out, part of an e-mail, or the card’s last four', async () => {
    const previous = { t, operator };
    t = await buildTestApp();
    operator = await operatorSession(t);
    try {
      const ann = await seed({
        email: 'ann.lee@example.com',
        at: '2026-05-01T09:00:00Z',
        label: 'Visa •••• 4242',
      });
      await seed({
        email: 'bob_ross@example.org',
        at: '2026-05-02T09:00:00Z',
        label: 'Mastercard •••• 4444',
      });
      await seed({ email: 'bobXross@example.org', at: '2026-05-03T09:00:00Z' });
      const number = ann.slice(0, 8).toUpperCase();
      const q = async (text: string) => emails(`?q=${encodeURIComponent(text)}`);
      // The thank-you page's number, in either case, with a # or more of the id, hyphens or not.
      for (const text of [
        number,
        number.toLowerCase(),
        `#${number}`,
        ann.slice(0, 13),
        ann.replace(/-/g, '').slice(0, 12),
        ann,
      ])
        expect({ text, found: await q(text) }).toEqual({ text, found: ['ann.lee@example.com'] });
      expect(await q('LEE@EXAMPLE')).toEqual(['ann.lee@example.com']);
      expect(await q('example.org')).toEqual(['bobXross@example.org', 'bob_ross@example.org']);
      expect(await q('4242')).toEqual(['ann.lee@example.com']);
      expect(await q('4444')).toEqual(['bob_ross@example.org']);
      // LIKE's wildcards are plain characters here: "_" finds only the address that has one.
      expect(await q('bob_')).toEqual(['bob_ross@example.org']);
      expect(await q('%')).toEqual([]);
      expect(await q('\\')).toEqual([]);
      expect(await q('nobody')).toEqual([]);
    } finally {
      await t.close();
      ({ t, operator } = previous);
    }
  });

  it('pages by cursor without a skipped or repeated order while new orders arrive, ties included', async () => {
    // A database of its own, so the other tests' orders stay as they are.
    const previous = { t, operator };
    t = await buildTestApp();
    operator = await operatorSession(t);
    try {
      // Three orders in the same microsecond: only the id tells them apart.
      const same = '2026-04-01T09:00:00.123Z';
      for (const email of ['t1@example.com', 't2@example.com', 't3@example.com'])
        await seed({ email, at: same });
      for (let day = 2; day <= 6; day += 1)
        await seed({ email: `p${day}@example.com`, at: `2026-04-0${day}T09:00:00Z` });
      const expected = (await emails()).slice();
      expect(expected).toHaveLength(8);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await list(query);
        expect(response.statusCode).toBe(200);
        const body = response.json() as { orders: Listed[]; nextCursor: string | null };
        seen.push(...body.orders.map((order) => order.email));
        cursor = body.nextCursor;
        pages += 1;
        // A new order lands between two page reads: it is newer, so it is on no later page.
        await seed({ email: `new${pages}@example.com`, at: new Date().toISOString() });
      } while (cursor);
      expect(seen).toEqual(expected);
      expect(pages).toBe(3);
      // The first page, read again, starts with the newest arrival.
      expect((await emails('?limit=1'))[0]).toBe(`new${pages}@example.com`);
    } finally {
      await t.close();
      ({ t, operator } = previous);
    }
  });

  it('refuses hostile or malformed parameters with a 4xx in the error shape', async () => {
    const cases = [
      '?status=shipped',
      '?status=paid&status=failed',
      '?status=%00',
      '?kind=renewal%00',
      '?partner=%00',
      '?partner=Not%20A%20Key',
      `?partner=${'x'.repeat(65)}`,
      '?from=yesterday',
      '?from=2026-03-01',
      '?to=2026-13-01T00:00:00Z',
      `?from=${encodeURIComponent('2026-03-05T00:00:00Z')}&to=${encodeURIComponent('2026-03-01T00:00:00Z')}`,
      '?limit=0',
      '?limit=101',
      '?limit=ten',
      '?cursor=abc',
      `?cursor=2026-02-31T00:00:00.000000Z_${randomUUID()}`,
      `?cursor=2026-03-01T00:00:00.000000Z_${randomUUID()}%00`,
      "?cursor=2026-03-01T00:00:00.000000Z_'; drop table orders; --",
      `?q=${'x'.repeat(321)}`,
      '?q=a%00b',
      '?sort=email',
    ];
    for (const query of cases) {
      const response = await list(query);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
      expect(response.json()).toEqual({
        error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
      });
    }
    // The table is still there and whole.
    expect(await emails()).toHaveLength(6);
  });

  it('answers a shopper and an anonymous visitor with the unknown-path 404', async () => {
    const shopper = await shopperSession(t);
    for (const headers of [{}, { cookie: shopper }] as Record<string, string>[]) {
      const response = await list('?status=paid', headers);
      const unknown = await t.inject({
        method: 'GET',
        url: `${OPS_PREFIX}/no-such-route`,
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: `No route for GET ${API_PATHS.opsOrders}`,
        },
      });
      expect(unknown.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('lists a subscription’s renewal order as a renewal, apart from plain consumer orders', async () => {
    const id = await seed({ email: 'g@example.com', at: '2026-03-07T10:00:00Z' });
    const at = new Date('2026-02-07T10:00:00Z');
    await t.app.db
      .insertInto('payment_subscriptions')
      .values({
        id: 'sub_order_list',
        customer_id: 'cus_order_list',
        price_id: 'price_bloodwise_monthly',
        payment_method_id: null,
        quantity: 1,
        status: 'active',
        current_period_start: at,
        current_period_end: new Date('2026-04-07T10:00:00Z'),
        billing_anchor: at,
      })
      .execute();
    await t.app.db
      .insertInto('subscription_renewals')
      .values({
        subscription_id: 'sub_order_list',
        cycle: 1,
        period_start: new Date('2026-03-07T10:00:00Z'),
        period_end: new Date('2026-04-07T10:00:00Z'),
        amount_cents: 9900,
        currency: 'usd',
        status: 'succeeded',
        charge_id: null,
        order_id: id,
        failure_code: null,
        failure_message: null,
      })
      .execute();

    const all = (await list()).json() as { orders: Listed[] };
    expect(all.orders[0]).toMatchObject({ email: 'g@example.com', kind: 'renewal' });
    expect(await emails('?kind=renewal')).toEqual(['g@example.com']);
    expect(await emails('?kind=consumer')).not.toContain('g@example.com');
    const detail = await t.inject({
      method: 'GET',
      url: API_PATHS.opsOrder.replace(':id', id),
      headers: { cookie: operator },
    });
    expect(detail.json().order).toMatchObject({ id, kind: 'renewal' });
    // The plan it renewed, so the refund dialog can say the plan keeps billing.
    expect(detail.json().subscription).toEqual({
      id: 'sub_order_list',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-04-07T10:00:00.000Z',
    });
    const plain = await t.inject({
      method: 'GET',
      url: API_PATHS.opsOrder.replace(':id', ids.get('a@example.com')!),
      headers: { cookie: operator },
    });
    expect(plain.json().subscription).toBeNull();
  });
});

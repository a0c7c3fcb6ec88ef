import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../../../helpers/build-test-app';
import {
  createBnplTestToken,
  createTestToken,
  TEST_CARDS,
  TEST_EXPIRY,
} from '../../../../helpers/test-tokens';
import type { TestPaymentProvider } from '@shop/payments-sandbox';

describe('the built-in provider over HTTP (/test-provider)', () => {
  let t: TestApp;
  let provider: TestPaymentProvider;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({
      app: {
        logger: {
          level: 'trace',
          stream: new Writable({
            write(chunk, _encoding, done) {
              logLines.push(String(chunk));
              done();
            },
          }),
        },
      },
    });
    provider = t.app.paymentProvider as TestPaymentProvider;
  });
  afterAll(() => t.close());

  const intent = async (amount = 14_900) =>
    provider.createCharge({
      amount,
      currency: 'usd',
      metadata: { orderId: `order-${Math.random()}` },
      idempotencyKey: `intent:${Math.random()}`,
    });
  const confirmWith = async (chargeId: string, token: string, returnUrl = '/checkout/return') =>
    provider.confirmCharge(chargeId, {
      source: { type: 'token', token, futureUsage: null },
      returnUrl,
      idempotencyKey: `confirm:${Math.random()}`,
    });

  it('tokenises a card, answering only its brand, last four and expiry', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/test-provider/v1/tokens',
      payload: { number: '4242 4242 4242 4242', ...TEST_EXPIRY, cvc: '123' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^tok_/),
      type: 'card',
      card: { brand: 'visa', last4: '4242', ...TEST_EXPIRY },
    });
    expect(await createBnplTestToken(t)).toMatch(/^tok_/);
  });

  it.each([
    [{ number: '4242424242424241' }, 'number'],
    [{ expMonth: 1, expYear: 2020 }, 'expiry'],
    [{ cvc: '12' }, 'cvc'],
    [{ cvc: '12345' }, 'cvc'],
  ])('refuses %j with 400 naming the field', async (change, field) => {
    const response = await t.inject({
      method: 'POST',
      url: '/test-provider/v1/tokens',
      payload: { number: TEST_CARDS.succeeds, ...TEST_EXPIRY, cvc: '123', ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([field]);
  });

  it('keeps the card number and CVC out of every table and every log line', async () => {
    const cvc = '7319';
    const token = await createTestToken(t, TEST_CARDS.requiresAction, { cvc });
    const pending = await confirmWith((await intent()).id, token);
    await provider.authenticate(pending.nextAction!.clientSecret, 'complete');
    await provider.deliverPendingEvents();
    const db = t.database.handle.db;
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`.execute(
      db,
    );
    expect(columns.rows.length).toBeGreaterThan(50);
    const cvcPattern = `(^|[^0-9A-Za-z])${cvc}([^0-9A-Za-z]|$)`;
    const found: string[] = [];
    let last4Seen = false;
    for (const { table_name: table, column_name: column } of columns.rows) {
      const value = sql`${sql.ref(`${table}.${column}`)}::text`;
      const hits = await sql<{ number: boolean; cvc: boolean; last4: boolean }>`
        select bool_or(position(${TEST_CARDS.requiresAction} in ${value}) > 0) as number,
               bool_or(${value} ~ ${cvcPattern}) as cvc,
               bool_or(${value} = '3184') as last4
        from ${sql.table(table)}`.execute(db);
      const row = hits.rows[0];
      if (row?.number || row?.cvc) found.push(`${table}.${column}`);
      if (row?.last4) last4Seen = true;
    }
    expect(found).toEqual([]);
    // The scan does see what is stored: the last four digits are there.
    expect(last4Seen).toBe(true);
    const logs = logLines.join('');
    expect(logs).toContain('/test-provider/v1/tokens');
    expect(logs).not.toContain(TEST_CARDS.requiresAction);
    expect(logs).not.toMatch(new RegExp(cvcPattern));
  });

  it('serves the card element framable by the shop only, with labelled fields and no inline script', async () => {
    const response = await t.inject({
      method: 'GET',
      url: '/test-provider/element?methods=card,bnpl',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const html = response.body;
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script src="/test-provider/element.js" defer>',
    ]);
    for (const id of ['number', 'expiry', 'cvc'])
      expect(html).toMatch(new RegExp(`<label for="${id}">[^<]+</label>`));
    expect(html.match(/role="alert"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(html).toContain('value="bnpl"');
    expect((await t.inject({ method: 'GET', url: '/test-provider/element' })).body).not.toContain(
      'value="bnpl"',
    );
    const script = await t.inject({ method: 'GET', url: '/test-provider/element.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("data.type === 'tokenize'");
    // The rest of the shop still refuses to be framed.
    expect(
      (await t.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    ).toContain("frame-ancestors 'none'");
  });

  it('3-D Secure: next action, challenge page, and the answer moves the intent', async () => {
    const created = await intent();
    const pending = await confirmWith(
      created.id,
      await createTestToken(t, TEST_CARDS.requiresAction),
    );
    const clientSecret = pending.nextAction!.clientSecret;
    const next = await t.inject({
      method: 'GET',
      url: `/test-provider/v1/next-action?client_secret=${encodeURIComponent(clientSecret)}`,
    });
    expect(next.json()).toEqual({
      type: 'challenge',
      url: `/test-provider/authenticate?client_secret=${encodeURIComponent(clientSecret)}`,
    });
    const page = await t.inject({ method: 'GET', url: next.json().url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).toContain('$149.00');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const answered = await t.inject({
      method: 'POST',
      url: '/test-provider/v1/authenticate',
      payload: { clientSecret, outcome: 'complete' },
    });
    expect(answered.json()).toEqual({ status: 'succeeded' });
    expect((await provider.getCharge(created.id))?.status).toBe('succeeded');
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/test-provider/v1/next-action?client_secret=${encodeURIComponent(clientSecret)}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/test-provider/v1/authenticate',
          payload: { clientSecret: `${created.id}_secret_guessed`, outcome: 'complete' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/test-provider/authenticate?client_secret=nope' }))
        .statusCode,
    ).toBe(404);
  });

  it('pay later: the approval page posts back and returns the shopper, never to another site', async () => {
    const created = await intent(20_000);
    const pending = await confirmWith(
      created.id,
      await createBnplTestToken(t),
      '/checkout/return?order=1',
    );
    const clientSecret = pending.nextAction!.clientSecret;
    const next = await t.inject({
      method: 'GET',
      url: `/test-provider/v1/next-action?client_secret=${encodeURIComponent(clientSecret)}`,
    });
    expect(next.json().type).toBe('redirect');
    const page = await t.inject({ method: 'GET', url: next.json().url });
    expect(page.body).toContain('$200.00');
    expect(page.body).toContain('action="/test-provider/bnpl"');
    const approved = await t.inject({
      method: 'POST',
      url: '/test-provider/bnpl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: clientSecret, decision: 'approve' }).toString(),
    });
    expect(approved.statusCode).toBe(303);
    const back = new URL(approved.headers.location as string, 'http://shop.test');
    expect(back.pathname).toBe('/checkout/return');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      order: '1',
      payment_intent: created.id,
      payment_intent_client_secret: clientSecret,
      redirect_status: 'succeeded',
    });
    expect((await provider.getCharge(created.id))?.status).toBe('processing');

    const elsewhere = await intent(5_000);
    const offsite = await confirmWith(
      elsewhere.id,
      await createBnplTestToken(t),
      'https://evil.example/x',
    );
    const declined = await t.inject({
      method: 'POST',
      url: '/test-provider/bnpl',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        client_secret: offsite.nextAction!.clientSecret,
        decision: 'decline',
      }).toString(),
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.headers.location).toBeUndefined();
    expect(declined.body).toContain('Payment declined');
    expect((await provider.getCharge(elsewhere.id))?.status).toBe('failed');
  });

  it("delivers its signed events to the shop's webhook route, which accepts each once", async () => {
    const paid = await confirmWith((await intent()).id, await createTestToken(t));
    expect(paid.status).toBe('succeeded');
    await provider.deliverPendingEvents();
    const db = t.database.handle.db;
    const outbox = await db
      .selectFrom('payment_provider_events')
      .select(['id', 'delivered_at', 'last_error'])
      .execute();
    expect(outbox.length).toBeGreaterThan(0);
    expect(outbox.filter((event) => !event.delivered_at)).toEqual([]);
    const recorded = await db.selectFrom('payment_events').select('id').execute();
    expect(recorded.map((event) => event.id).sort()).toEqual(
      outbox.map((event) => event.id).sort(),
    );
    // A body signed by anyone else is refused at the route.
    const forged = await t.inject({
      method: 'POST',
      url: '/payments/stripe-subscriptions/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_forged', type: 'payment_intent.succeeded' }),
    });
    expect(forged.statusCode).toBe(400);
  });
});

// Hostile input gets a 4xx in our error shape, never a 5xx. Cases are generated from the OpenAPI
// document (test/helpers/hostile-requests.ts); `pnpm --filter api fuzz` runs a bigger set of them.
// This file also runs on PostgreSQL (jest.postgres.config.cjs), which refuses NUL in text and jsonb.
import net from 'node:net';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { FORBIDDEN_CHARACTERS_MESSAGE } from '@shop/shared/contract/text';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import {
  HOSTILE_APP_OPTIONS,
  operationsOf,
  prepareHostileRun,
  type HostileReport,
} from '../helpers/hostile-requests';

/** A failure names its seed and case id: HOSTILE_SEED=<seed> reproduces the run. */
const SEED = Number(process.env.HOSTILE_SEED ?? 20_240_611);
const GENERATED_CASES = 3_300;

/** The first few findings, readable in a failure message. */
const summary = (report: HostileReport) => ({
  sent: report.sent,
  byStatus: report.byStatus,
  serverErrors: report.serverErrors.slice(0, 10),
  badShapes: report.badShapes.slice(0, 10),
});

describe('hostile input', () => {
  let t: TestApp;
  let run: Awaited<ReturnType<typeof prepareHostileRun>>;

  beforeAll(async () => {
    t = await buildTestApp({
      ...HOSTILE_APP_OPTIONS,
      beforeReady: (app) => {
        // Values the database itself refuses, sent without a schema in the way.
        const refused = {
          nul: sql`select ${'a\u0000b'}::text as value`,
          'jsonb-nul': sql`select ${'{"a":"\\u0000"}'}::jsonb as value`,
          'int4-overflow': sql`select ${'99999999999'}::int4 as value`,
          'not-a-uuid': sql`select ${'nope'}::uuid as value`,
          'missing-table': sql`select * from no_such_table`,
        };
        for (const [name, query] of Object.entries(refused))
          app.get(`/api/test/database/${name}`, { schema: { hide: true } }, async () => {
            await query.execute(app.db);
            return { ok: true };
          });
      },
    });
    run = await prepareHostileRun(t.app, (request) => t.inject(request));
  });
  afterAll(() => t.close());

  it(`answers ${GENERATED_CASES} generated hostile requests over every operation with a 4xx in our shape, never a 5xx`, async () => {
    const cases = run.generated(SEED, GENERATED_CASES);
    const operations = operationsOf(run.document).length;
    expect(new Set(cases.map((item) => item.operation)).size).toBe(operations);
    const report = await run.send(cases);
    expect(summary(report)).toEqual(expect.objectContaining({ serverErrors: [], badShapes: [] }));
    // Validation refuses more cases than any other check (log-in, ownership), and most of those
    // that reach a handler: a share of all cases would move with every new read-only operation.
    const statuses = Object.values(report.byStatus);
    expect(report.byStatus[400]).toBe(Math.max(...statuses));
    expect(report.byStatus[400]).toBeGreaterThan(GENERATED_CASES * 0.4);
  }, 240_000);

  it("answers Fastify's own refusals (URL, parameter length, body size, type, JSON) in our shape", async () => {
    const report = await run.send(run.framework());
    expect(summary(report)).toEqual(expect.objectContaining({ serverErrors: [], badShapes: [] }));
  });

  const customizationUrl = buildPath(API_PATHS.customization, { shopKey: 'probe' });
  it.each([
    [
      'a bad percent-encoding',
      { method: 'GET', url: `${customizationUrl}%E0%A4%A` },
      400,
      'The URL is not valid',
    ],
    [
      'a 2,000-character parameter',
      { method: 'GET', url: buildPath(API_PATHS.customization, { shopKey: 'k'.repeat(2000) }) },
      414,
      'A part of the URL is too long',
    ],
    [
      'a 2 MB body',
      {
        method: 'PUT',
        url: API_PATHS.cart,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ sessionId: 'x'.repeat(2 * 1024 * 1024) }),
      },
      413,
      'The request body is too large',
    ],
    [
      'application/xml',
      {
        method: 'PUT',
        url: API_PATHS.cart,
        headers: { 'content-type': 'application/xml' },
        payload: '<cart/>',
      },
      415,
      'Send the request body as application/json',
    ],
    [
      'an empty JSON body',
      { method: 'PUT', url: API_PATHS.cart, headers: { 'content-type': 'application/json' } },
      400,
      'The request body is empty: send a JSON object',
    ],
    [
      'malformed JSON',
      {
        method: 'PUT',
        url: API_PATHS.cart,
        headers: { 'content-type': 'application/json' },
        payload: '{"sessionId":',
      },
      400,
      'The request body is not valid JSON',
    ],
  ] as const)('answers %s with a plain message', async (_label, request, status, message) => {
    const response = await t.inject(request as never);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code: expect.any(String), message } });
  });

  it.each([
    [
      'a NUL in a body field',
      API_PATHS.cart,
      'PUT',
      { sessionId: 'a\u0000b', items: [] },
      'sessionId',
    ],
    [
      'a lone surrogate in a nested field',
      API_PATHS.employerFormSubmit,
      'POST',
      {
        email: 'a@example.com',
        name: 'Ada',
        employerEmail: 'boss@example.com',
        shippingAddress: {
          name: 'Ada',
          line1: '1 Main \uD800',
          city: 'Brooklyn',
          state: 'NY',
          postal_code: '11201',
          country: 'US',
        },
      },
      'shippingAddress.line1',
    ],
    [
      'a NUL in a partner customization meta tag',
      customizationUrl,
      'PUT',
      { businessName: 'Probe', metaTags: [{ name: 'description', content: 'x\u0000' }] },
      'metaTags.0.content',
    ],
  ])('names the field for %s', async (_label, url, method, payload, field) => {
    const response = await t.inject({
      method: method as 'PUT',
      url,
      payload,
      headers: { authorization: `Bearer ${run.adminToken}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [field]: FORBIDDEN_CHARACTERS_MESSAGE },
    });
  });

  it('quotes an unknown key holding a NUL and still answers in its own shape', async () => {
    const response = await t.inject({
      method: 'PUT',
      url: customizationUrl,
      headers: { authorization: `Bearer ${run.adminToken}`, 'content-type': 'application/json' },
      payload: '{"businessName":"Probe","extra\\u0000key":"x"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.body).not.toContain('\\u0000');
  });

  it('refuses a NUL in a query string and a path parameter', async () => {
    const query = await t.inject({ method: 'GET', url: `${API_PATHS.cart}?sessionId=a%00b` });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.fields).toEqual({ sessionId: FORBIDDEN_CHARACTERS_MESSAGE });
    const path = await t.inject({
      method: 'GET',
      url: buildPath(API_PATHS.customization, { shopKey: 'a\u0000b' }),
    });
    expect(path.statusCode).toBe(400);
  });

  it.each(['nul', 'jsonb-nul', 'int4-overflow', 'not-a-uuid'])(
    'turns the database refusing %s into a 400',
    async (name) => {
      const response = await t.inject({ method: 'GET', url: `/api/test/database/${name}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The request holds a value we cannot store' },
      });
    },
  );

  it('answers any other database error with a bare 500', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/test/database/missing-table' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again.',
      },
    });
  });

  it('answers a request the HTTP parser refuses in our shape', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /healthz HTTP/1.1\r\nHost: shop.test\r\nX-Evil: a\u0000b\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The request is not valid HTTP' },
    });
  });
});

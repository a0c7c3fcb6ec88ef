import { API_PATHS } from '@shop/shared/contract/paths';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';
import { orderBody, placeOrder } from '../../helpers/checkout-fixtures';
import { MAIL_MAX_ATTEMPTS } from '../../../src/services/mail/mail-queue';

const TOKEN = 'metrics-token-0123456789abcdef';
const SAMPLE_LINE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, line by line: comments are HELP/TYPE, every other line a sample. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/);
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)"/g))
      labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

const scrape = (t: TestApp, token = TOKEN) =>
  t.inject({
    method: 'GET',
    url: API_PATHS.metrics,
    headers: { authorization: `Bearer ${token}` },
  });

async function scrapeSamples(t: TestApp): Promise<Sample[]> {
  const response = await scrape(t);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(response.body);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist: it answers as an unknown path does, token or not', async () => {
    const t = await buildTestApp();
    try {
      const unknown = await t.inject({ method: 'GET', url: '/no-such-path' });
      const response = await scrape(t);
      expect(response.statusCode).toBe(404);
      expect(unknown.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { METRICS_TOKEN: TOKEN },
      beforeReady: (app) => {
        app.get('/test-failure/:id', async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a 404 without the token or with a wrong one', async () => {
    const bare = await t.inject({ method: 'GET', url: API_PATHS.metrics });
    expect(bare.statusCode).toBe(404);
    expect(bare.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No route for GET /metrics' },
    });
    expect((await scrape(t, `${TOKEN}x`)).statusCode).toBe(404);
    const basic = await t.inject({
      method: 'GET',
      url: API_PATHS.metrics,
      headers: { authorization: `Basic ${TOKEN}` },
    });
    expect(basic.statusCode).toBe(404);
  });

  it('answers in the text format, with the route pattern as the label, never the id', async () => {
    const id = 'no-such-employer-token-4711';
    await t.inject({ method: 'GET', url: `/employer-form-submit/${id}` });
    const response = await scrape(t);
    expect(response.body).not.toContain(id);
    const samples = parseExposition(response.body);
    const labels = { method: 'GET', route: API_PATHS.employerPayment };
    expect(sampleValue(samples, 'shop_http_requests_total', labels)).toBeGreaterThanOrEqual(1);
    expect(
      sampleValue(samples, 'shop_http_request_duration_seconds_count', labels),
    ).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => sample.name === 'shop_process_cpu_seconds_total')).toBe(true);
    // The pool gauge is there on PostgreSQL only (PGlite has one connection and no pool).
    expect(sampleValue(samples, 'shop_database_pool_connections', { state: 'total' }) > 0).toBe(
      t.app.databaseKind === 'postgres',
    );
  });

  it('counts an order placed under its status', async () => {
    const before = await scrapeSamples(t);
    const placed = await placeOrder(t, orderBody());
    expect(placed.statusCode).toBe(201);
    const { status } = placed.json<{ status: string }>();
    expect(status).toBe('paid');
    const after = await scrapeSamples(t);
    expect(sampleValue(after, 'shop_orders', { status })).toBe(
      sampleValue(before, 'shop_orders', { status }) + 1,
    );
    expect(sampleValue(after, 'shop_orders_settled', { outcome: 'paid' })).toBe(
      sampleValue(before, 'shop_orders_settled', { outcome: 'paid' }) + 1,
    );
  });

  it('shows a dead job in the jobs gauge by kind', async () => {
    const now = new Date();
    await t.app.db
      .insertInto('jobs')
      .values({
        kind: 'metrics-probe',
        status: 'dead',
        run_at: now,
        max_attempts: 1,
        attempts: 1,
        last_error: 'gave up',
        finished_at: now,
      })
      .execute();
    const samples = await scrapeSamples(t);
    expect(sampleValue(samples, 'shop_jobs', { kind: 'metrics-probe', status: 'dead' })).toBe(1);
  });

  it('shows mail that ran out of tries as dead in the outbox gauge', async () => {
    const before = await scrapeSamples(t);
    await t.app.db
      .insertInto('outbox')
      .values({
        to_address: 'unreachable@example.com',
        from_address: 'shop@example.com',
        subject: 'Hi',
        text_body: 'x',
        html_body: null,
        delivered_at: null,
        attempts: MAIL_MAX_ATTEMPTS,
        next_attempt_at: new Date(),
        last_error: '550 no such user',
      })
      .execute();
    const after = await scrapeSamples(t);
    expect(sampleValue(after, 'shop_mail_outbox', { status: 'dead' })).toBe(
      sampleValue(before, 'shop_mail_outbox', { status: 'dead' }) + 1,
    );
    expect(sampleValue(after, 'shop_mail_outbox', { status: 'queued' })).toBe(
      sampleValue(before, 'shop_mail_outbox', { status: 'queued' }),
    );
  });

  it('counts a 5xx as a server error of its route pattern', async () => {
    expect((await t.inject({ method: 'GET', url: '/test-failure/17' })).statusCode).toBe(500);
    const samples = await scrapeSamples(t);
    const labels = { method: 'GET', route: '/test-failure/:id' };
    expect(sampleValue(samples, 'shop_http_server_errors_total', labels)).toBe(1);
    expect(
      sampleValue(samples, 'shop_http_requests_total', { ...labels, status_class: '5xx' }),
    ).toBe(1);
  });
});

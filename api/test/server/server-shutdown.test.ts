import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import { openDatabase } from '../../src/db/open-database';
import { orderBody } from '../helpers/checkout-fixtures';
import { freePort } from '../helpers/free-port';
import {
  startServer,
  waitForHealthy,
  waitForOutput,
  type ServerProcess,
} from '../helpers/server-process';
import { TEST_CARDS, TEST_EXPIRY } from '../helpers/test-tokens';

interface HeldRequest {
  /** Sends the rest of the body: the request can then complete. */
  finish(): void;
  response: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

/**
 * A request in flight that the test holds open: the headers and half the body are sent, the
 * rest only when `finish()` is called, as a shopper's slow connection would send it.
 */
function holdRequest(port: number, url: string, body: string, headers = {}): HeldRequest {
  const payload = Buffer.from(body);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: url,
    headers: {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      connection: 'keep-alive',
      ...headers,
    },
  });
  const response = new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
  });
  const half = Math.floor(payload.length / 2);
  request.write(payload.subarray(0, half));
  return { finish: () => request.end(payload.subarray(half)), response };
}

async function cardToken(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/test-provider/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: TEST_CARDS.succeeds, ...TEST_EXPIRY, cvc: '123' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** What a client opening a new connection gets: refused, or a 503. */
async function newConnection(port: number): Promise<number | 'refused'> {
  try {
    return (await fetch(`http://127.0.0.1:${port}${API_PATHS.readyz}`)).status;
  } catch {
    return 'refused';
  }
}

async function startShop(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const server = startServer({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...env });
  await waitForHealthy(port, server);
  return { port, server };
}

describe('stopping the server process (SIGTERM)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-'));
  });
  afterEach(() => {
    server?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses new connections, finishes the order in flight, records it and exits 0', async () => {
    const started = await startShop(dataDir);
    server = started.server;
    const { port } = started;
    const email = `drain-${randomUUID()}@example.com`;
    const body = JSON.stringify(
      orderBody({
        email,
        paymentMethod: { type: 'token', token: await cardToken(port), save: false },
      }),
    );
    const order = holdRequest(port, API_PATHS.orders, body, { 'idempotency-key': randomUUID() });
    // The server has the request (routed, reading its body) before the signal.
    await waitForOutput(server, `"url":"${API_PATHS.orders}"`);

    server.child.kill('SIGTERM');
    await waitForOutput(server, 'shutting down');
    // A second signal starts no second shutdown.
    server.child.kill('SIGTERM');
    await waitForOutput(server, 'already shutting down');
    expect(await newConnection(port)).toMatch(/^(refused|503)$/);

    order.finish();
    const response = await order.response;
    expect(response.status).toBe(201);
    // The connection is not kept for another request.
    expect(response.headers.connection).toBe('close');
    expect(await server.exit).toBe(0);
    expect(server.output().match(/shutting down: finishing/g)).toHaveLength(1);
    expect(server.output()).toContain('shutdown complete');

    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await database.db
        .selectFrom('orders')
        .select(['status'])
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([{ status: 'paid' }]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('with a drain delay, fails /readyz but still serves new connections until the delay ends', async () => {
    const started = await startShop(dataDir, {
      SHUTDOWN_DRAIN_DELAY_MS: '5000',
      INSTANCE_ID: 'api-7',
    });
    server = started.server;
    const { port } = started;
    const before = await fetch(`http://127.0.0.1:${port}${API_PATHS.healthz}`);
    expect(before.headers.get('x-shop-instance')).toBe('api-7');
    expect(before.headers.get('connection')).not.toBe('close');

    server.child.kill('SIGTERM');
    await waitForOutput(server, 'shutting down');
    const ready = await fetch(`http://127.0.0.1:${port}${API_PATHS.readyz}`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'up' });
    // The listener is still open: a request the balancer sent before it noticed is answered.
    const served = await fetch(`http://127.0.0.1:${port}${API_PATHS.healthz}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect(server.output()).not.toContain('shutdown complete');

    expect(await server.exit).toBe(0);
    expect(server.output()).toContain('shutdown complete');
  }, 120_000);

  it('exits non-zero once the deadline passes with a request still hung', async () => {
    const started = await startShop(dataDir, { SHUTDOWN_TIMEOUT_SECONDS: '1' });
    server = started.server;
    const hung = holdRequest(started.port, API_PATHS.orders, JSON.stringify(orderBody()));
    hung.response.catch(() => {});
    await waitForOutput(server, `"url":"${API_PATHS.orders}"`);

    server.child.kill('SIGTERM');
    expect(await server.exit).toBe(1);
    expect(server.output()).toContain('shutdown deadline passed with work unfinished');
  }, 120_000);
});

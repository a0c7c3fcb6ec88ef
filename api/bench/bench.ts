// `pnpm --filter api bench [--postgres]`: throughput and p99 latency, on loopback, of (1) a bare
// Fastify route, (2) the cached customization read, (3) a write transaction (the validated
// customization upsert) and (4) the consumer order the browser places: the server prices a cart
// with a kit, charges the test card through the built-in test provider and writes the order.
// On PGlite by default; with --postgres (or BENCH_DATABASE=postgres) on a throwaway PostgreSQL
// cluster, the one the PostgreSQL test suite starts. Not a test: it prints figures.
// BENCH_SECONDS and BENCH_CONNECTIONS tune it. --only=consumer runs the order case alone (or the
// case whose name starts with another word: bare, full, cached, write); --cpu-prof writes a V8 CPU
// profile of the API process to api/bench/profiles/ when it stops. The renewal case
// (--only=renewals; renewal-bench.ts) always runs on PostgreSQL, starting the cluster if needed.
// The results case (--only=results; results-bench.ts) times a 2,000-observation upload.
// --instances N runs the order case through HAProxy in front of N API processes on one
// PostgreSQL, beside one instance behind the same balancer (scale-out-bench.ts).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { orderBody } from '../test/helpers/checkout-fixtures';
import { startPostgres } from './bench-postgres';
import { mintedCard, orderRequests } from './order-requests';
import { BENCH_ADMIN_TOKEN, type BenchServerReady, type OrderTally } from './bench-protocol';
import { runRenewalBench } from './renewal-bench';
import { runResultsBench } from './results-bench';
import { runScaleOutBench } from './scale-out-bench';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const POSTGRES = process.argv.includes('--postgres') || process.env.BENCH_DATABASE === 'postgres';
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const CPU_PROFILE = process.argv.includes('--cpu-prof');
const INSTANCES_AT = process.argv.indexOf('--instances');
const INSTANCES = INSTANCES_AT > 0 ? Number(process.argv[INSTANCES_AT + 1]) : null;
const PROFILE_DIR = path.join(__dirname, 'profiles');

interface Figures {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  /** 2xx answers and requests sent, warm-up included (a run ends with some still in flight). */
  ok: number;
  sent: number;
  /** CPU time the API process spent per answered request: less swayed by other load than req/s. */
  serverCpuMs: number;
}

function ask<T>(server: ChildProcess, question: string): Promise<T> {
  return new Promise((resolve) => {
    server.once('message', (answer) => resolve(answer as T));
    server.send(question);
  });
}

/** Waits (up to a minute) until the provider has delivered every event of the run. */
async function eventsDelivered(server: ChildProcess) {
  const until = Date.now() + 60_000;
  while ((await ask<number>(server, 'undelivered')) > 0 && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** The case's figures, or null when --only names another case. */
async function measure(
  server: ChildProcess,
  name: string,
  options: autocannon.Options,
): Promise<Figures | null> {
  if (ONLY && !name.startsWith(ONLY)) return null;
  // A short warm-up fills caches and JIT-compiles the hot paths.
  const warmUp = await autocannon({ ...options, duration: 1 });
  const cpuBefore = await ask<number>(server, 'cpu');
  const result = await autocannon({ ...options, duration: SECONDS, connections: CONNECTIONS });
  // An order's work ends when its payment event has reached the shop's webhook handling: the CPU
  // of events still queued when the requests stop is the run's too.
  if (name.startsWith('consumer')) await eventsDelivered(server);
  const cpuMicros = (await ask<number>(server, 'cpu')) - cpuBefore;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    ok: warmUp['2xx'] + result['2xx'],
    sent: warmUp.requests.sent + result.requests.sent,
    serverCpuMs: cpuMicros / 1000 / Math.max(1, result.requests.total),
  };
}

/** Warns unless every order answered 201 is one paid order with one charge and no refund. */
async function checkOrders(server: ChildProcess, order: Figures) {
  // Orders still in flight when the run ended finish on their own: count once the figures settle.
  let tally = await ask<OrderTally>(server, 'tally');
  for (let tries = 0; tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await ask<OrderTally>(server, 'tally');
    if (JSON.stringify(again) === JSON.stringify(tally)) break;
    tally = again;
  }
  console.log(
    `orders sent: ${order.sent}, answered 201: ${order.ok}; in the database: ${tally.paidOrders} paid orders, ` +
      `${tally.otherOrders} in another status, ${tally.charges} charges, ${tally.refunds} refunds`,
  );
  // Requests in flight when a run ends are answered to nobody but still make their order.
  const written = (count: number) => count >= order.ok && count <= order.sent;
  if (!written(tally.paidOrders) || tally.charges !== tally.paidOrders || tally.otherOrders > 0)
    console.log('WARNING: the orders written do not match the 201 answers');
}

async function main() {
  if (ONLY === 'renewals') return renewals();
  if (INSTANCES) return runScaleOutBench(INSTANCES, { seconds: SECONDS, connections: CONNECTIONS });
  const postgres = POSTGRES ? await startPostgres() : null;
  if (ONLY === 'results') {
    try {
      return await runResultsBench(postgres?.databaseUrl);
    } finally {
      postgres?.cluster.stop();
    }
  }
  const server = fork(path.join(__dirname, 'bench-server.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      ...(CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []),
    ],
    stdio: 'inherit',
    env: postgres ? { ...process.env, DATABASE_URL: postgres.databaseUrl } : process.env,
  });
  const exited = new Promise<void>((resolve) =>
    server.once('exit', (code, signal) => {
      if (code !== 0) console.warn(`bench server ended with ${signal ?? `exit code ${code}`}`);
      resolve();
    }),
  );
  try {
    const ready = await new Promise<BenchServerReady>((resolve, reject) => {
      server.once('message', (message) => resolve(message as BenchServerReady));
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const api = `http://127.0.0.1:${ready.apiPort}`;
    const bare = await measure(server, 'bare Fastify route', {
      url: `http://127.0.0.1:${ready.barePort}/bare`,
    });
    // Not one of the three asked for: the full plugin stack on a tiny response, to split the
    // cached read's cost into hooks (helmet, request id, cookies, CSRF) and payload.
    const healthz = await measure(server, 'full API stack, GET /healthz', {
      url: `${api}/healthz`,
    });
    const cached = await measure(server, 'cached customization read', {
      url: `${api}/api/v1/customization/acme-wellness`,
    });
    let n = 0;
    const write = await measure(server, 'write transaction (customization upsert)', {
      url: `${api}/api/v1/customization/bench-partner`,
      method: 'PUT',
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ businessName: `Bench ${(n += 1)}` }),
          }),
        },
      ],
    });
    // Every request is a new order: its own idempotency key, shopper and session, one kit,
    // no price sent (the server prices it), the test card that succeeds.
    const order = await measure(
      server,
      'consumer order (price, charge, write)',
      orderRequests(api, (shopper) =>
        orderBody({
          email: `bench-${shopper}@example.com`,
          name: `Bench ${shopper}`,
          paymentMethod: mintedCard(shopper),
        }),
      ),
    );
    console.log(
      `\nAPI benchmark: ${SECONDS} s per case, ${CONNECTIONS} connections, loopback, database ${ready.database}` +
        `${ready.poolSize ? ` (pool of ${ready.poolSize})` : ''}`,
    );
    console.table(
      [bare, healthz, cached, write, order]
        .filter((figures) => figures !== null)
        .map((figures) => ({
          case: figures.name,
          'req/s': Math.round(figures.requestsPerSecond),
          'p99 ms': figures.p99Ms,
          'non-2xx/errors': figures.non2xx,
          'server CPU ms/req': Number(figures.serverCpuMs.toFixed(3)),
        })),
    );
    if (bare && cached)
      console.log(
        `cached read / bare Fastify = ${(cached.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}`,
      );
    if (order) await checkOrders(server, order);
  } finally {
    server.kill('SIGTERM');
    await exited;
    postgres?.cluster.stop();
  }
  if (!ONLY) await renewals();
}

/** The renewal case, on a PostgreSQL cluster of its own. */
async function renewals() {
  const postgres = await startPostgres('shop_renewal_bench');
  try {
    await runRenewalBench(postgres.databaseUrl);
  } finally {
    postgres.cluster.stop();
  }
}

main().then(
  // autocannon leaves handles open; the figures are printed and everything started is stopped.
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

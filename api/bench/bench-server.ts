// The servers under test, in their own process so autocannon does not share their event loop:
// a bare Fastify route, and the full API on a fresh embedded database (or on the PostgreSQL
// database in DATABASE_URL, which bench.ts sets for --postgres).
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/schema';
import { toCount } from '../src/lib/count';
import { loadBenchConfig } from './bench-config';
import { mintCardTokens, tokensFor } from './order-requests';
import { BENCH_ADMIN_TOKEN, type BenchServerReady, type OrderTally } from './bench-protocol';

async function tallyOrders(db: Database): Promise<OrderTally> {
  const orders = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('email', 'like', 'bench-%')
    .groupBy('status')
    .execute();
  const paidOrders = toCount(orders.find((row) => row.status === 'paid')?.count);
  const allOrders = orders.reduce((sum, row) => sum + toCount(row.count), 0);
  const charges = await db
    .selectFrom('payment_charges')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('description', 'like', 'Order for bench-%')
    .executeTakeFirstOrThrow();
  const refunds = await db
    .selectFrom('payment_refunds')
    .innerJoin('payment_charges', 'payment_charges.id', 'payment_refunds.charge_id')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('payment_charges.description', 'like', 'Order for bench-%')
    .executeTakeFirstOrThrow();
  return {
    paidOrders,
    otherOrders: allOrders - paidOrders,
    charges: toCount(charges.count),
    refunds: toCount(refunds.count),
  };
}

/** The built-in provider's events not yet handed to the shop's webhook handling. */
async function undeliveredEvents(db: Database): Promise<number> {
  const row = await db
    .selectFrom('payment_provider_events')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('delivered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return toCount(row.count);
}

async function main() {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const { config, removeDataDir } = loadBenchConfig({ ADMIN_TOKEN: BENCH_ADMIN_TOKEN });
  const app = await buildApp(config);
  await mintCardTokens(app.db, tokensFor(Number(process.env.BENCH_SECONDS ?? 8)));
  await app.listen({ port: 0, host: '127.0.0.1' });

  const port = (server: typeof bare) => (server.server.address() as { port: number }).port;
  const ready: BenchServerReady = {
    barePort: port(bare),
    apiPort: port(app as unknown as typeof bare),
    database: app.databaseKind,
    poolSize: config.databaseUrl ? config.databasePoolSize : null,
  };
  const stop = async () => {
    await bare.close();
    await app.close();
    removeDataDir();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  process.on('message', (question) => {
    if (question === 'tally') void tallyOrders(app.db).then((tally) => process.send?.(tally));
    if (question === 'undelivered') void undeliveredEvents(app.db).then((n) => process.send?.(n));
    // CPU time this process used so far (the embedded database runs inside it), in microseconds.
    if (question === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.(user + system);
    }
  });
  // Last: the bench stops this process once it has heard from it.
  process.send?.(ready);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

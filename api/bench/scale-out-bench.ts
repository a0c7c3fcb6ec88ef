// `pnpm --filter api bench --instances N`: the consumer order case through HAProxy (round robin)
// in front of N API processes (the built bundle, NODE_ENV=production) on one PostgreSQL and one
// S3-protocol server, beside one instance behind the same balancer. Reports orders/s, p99 and the
// CPU time the API processes spent per order (read from /proc, summed over the instances), and
// checks that every order answered 201 is one paid order with one charge.
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/open-database';
import { toCount } from '../src/lib/count';
import { orderBody } from '../test/helpers/checkout-fixtures';
import { startScaleOut, type ScaleOut } from '../test/helpers/scale-out';
import { prepareTemplate } from '../test/helpers/template-database';
import { startPostgres } from './bench-postgres';
import { mintCardTokens, mintedCard, orderRequests, tokensFor } from './order-requests';

interface ScaleFigures {
  instances: number;
  ordersPerSecond: number;
  p99Ms: number;
  non2xx: number;
  cpuMsPerOrder: number;
  paid: number;
  charges: number;
  answered201: number;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields, counted from the state (the 3rd).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const apiCpuMs = (shop: ScaleOut) =>
  shop.instances.reduce((sum, instance) => sum + processCpuMs(instance.process.child.pid!), 0);

async function runOnce(
  instances: number,
  options: { seconds: number; connections: number },
): Promise<ScaleFigures> {
  const postgres = await startPostgres(`shop_scale_${instances}`);
  const handle = await openDatabase({
    kind: 'postgres',
    databaseUrl: postgres.databaseUrl,
    poolSize: 2,
  });
  let shop: ScaleOut | null = null;
  try {
    await prepareTemplate(handle.db);
    await mintCardTokens(handle.db, tokensFor(options.seconds));
    shop = await startScaleOut({
      databaseUrl: postgres.databaseUrl,
      count: instances,
      env: {
        NODE_ENV: 'production',
        PAGE_VIEW_TOKEN: 'bench-page-view-token',
        ALLOW_TEST_PAYMENTS: 'true',
        LOG_LEVEL: 'silent',
        DATABASE_POOL_SIZE: '10',
        JOB_POLL_MS: '2000',
      },
    });
    const orderRequest = orderRequests(shop.url, (n) =>
      orderBody({
        email: `scale-bench-${n}@example.com`,
        paymentMethod: mintedCard(n),
      }),
    );
    const warmUp = await autocannon({ ...orderRequest, duration: 1 });
    const cpuBefore = apiCpuMs(shop);
    const result = await autocannon({
      ...orderRequest,
      duration: options.seconds,
      connections: options.connections,
    });
    const cpuMs = apiCpuMs(shop) - cpuBefore;
    // Orders in flight when the run ended finish on their own: count once the tally settles.
    let tally = '';
    let paid = 0;
    let charges = 0;
    for (let tries = 0; tries < 20; tries += 1) {
      const row = await sql<{ paid: string; charges: string }>`
        select (select count(*) from orders where email like 'scale-bench-%' and status = 'paid') as paid,
               (select count(*) from payment_charges where description like 'Order for scale-bench-%') as charges`
        .execute(handle.db)
        .then((answer) => answer.rows[0]!);
      if (JSON.stringify(row) === tally) break;
      tally = JSON.stringify(row);
      paid = toCount(row.paid);
      charges = toCount(row.charges);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return {
      instances,
      ordersPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx + result.errors,
      cpuMsPerOrder: cpuMs / Math.max(1, result['2xx']),
      paid,
      charges,
      answered201: warmUp['2xx'] + result['2xx'],
    };
  } finally {
    await shop?.close();
    await handle.close();
    postgres.cluster.stop();
  }
}

export async function runScaleOutBench(
  instances: number,
  options: { seconds: number; connections: number },
): Promise<void> {
  const figures: ScaleFigures[] = [];
  for (const count of instances === 1 ? [1] : [1, instances])
    figures.push(await runOnce(count, options));
  console.log(
    `\nOrder case through HAProxy (round robin): ${options.seconds} s, ${options.connections} connections, ` +
      `PostgreSQL; host: ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
  );
  console.table(
    figures.map((row) => ({
      instances: row.instances,
      'orders/s': Math.round(row.ordersPerSecond),
      'p99 ms': row.p99Ms,
      'non-2xx/errors': row.non2xx,
      'API CPU ms/order': Number(row.cpuMsPerOrder.toFixed(2)),
    })),
  );
  for (const row of figures)
    if (row.paid < row.answered201 || row.charges !== row.paid)
      console.log(
        `WARNING (${row.instances} instances): ${row.answered201} answered 201, ${row.paid} paid orders, ${row.charges} charges`,
      );
}

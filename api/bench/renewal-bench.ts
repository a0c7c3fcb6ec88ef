// The renewal case of `pnpm --filter api bench`: SUBSCRIPTIONS (10,000) subscriptions of the
// built-in provider fall due at once on PostgreSQL, two API instances race to renew them, and the
// bench reports renewals per second, the time to drain, and whether every subscription was
// charged exactly once (one succeeded charge, one ledger row, one renewal order each).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const SUBSCRIPTIONS = Number(process.env.BENCH_RENEWALS ?? 10_000);
const RUNNERS = 2;

interface RenewalTally {
  renewed: number;
  pendingJobs: number;
  deadJobs: number;
}

function startRunner(databaseUrl: string): ChildProcess {
  return fork(path.join(__dirname, 'renewal-runner.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`renewal runner exited with ${code}`)));
  });
}

/** Subscriptions whose period ended a minute ago, each with its own customer and working card. */
async function seedDueSubscriptions(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `select id from prices where type = 'recurring' and recurring_interval = 'month'
      and recurring_interval_count = 1 and active order by id limit 1`,
  );
  if (!rows[0]) throw new Error('the seeded catalogue has no monthly price');
  const priceId = rows[0].id;
  await client.query('begin');
  await client.query(
    `insert into payment_customers (id, email, name)
      select 'cus_renew_' || n, 'renew-bench-' || n || '@example.com', 'Renewal ' || n
      from generate_series(1, $1) n`,
    [SUBSCRIPTIONS],
  );
  await client.query(
    `insert into payment_methods (id, customer_id, brand, last4, exp_month, exp_year,
        test_behaviour, is_default)
      select 'pm_renew_' || n, 'cus_renew_' || n, 'visa', '4242', 12, 2034, 'succeed', true
      from generate_series(1, $1) n`,
    [SUBSCRIPTIONS],
  );
  await client.query(
    `insert into payment_subscriptions (id, customer_id, price_id, payment_method_id, quantity,
        status, current_period_start, current_period_end, billing_anchor, provider)
      select 'sub_renew_' || n, 'cus_renew_' || n, $2, 'pm_renew_' || n, 1, 'active',
        now() - interval '1 month' - interval '1 minute', now() - interval '1 minute',
        now() - interval '1 month' - interval '1 minute', 'test'
      from generate_series(1, $1) n`,
    [SUBSCRIPTIONS, priceId],
  );
  await client.query('commit');
}

async function tally(client: pg.Client): Promise<RenewalTally> {
  const { rows } = await client.query<{ renewed: string; pending: string; dead: string }>(
    `select
      (select count(*) from subscription_renewals where status = 'succeeded') as renewed,
      (select count(*) from jobs where kind = 'subscription.renew'
        and status in ('queued', 'running')) as pending,
      (select count(*) from jobs where kind = 'subscription.renew' and status = 'dead') as dead`,
  );
  return {
    renewed: Number(rows[0]!.renewed),
    pendingJobs: Number(rows[0]!.pending),
    deadJobs: Number(rows[0]!.dead),
  };
}

/** Every subscription: one succeeded charge, one succeeded ledger row, one renewal order. */
async function checkExactlyOnce(client: pg.Client) {
  const one = async (sql: string) => Number((await client.query(sql)).rows[0].count);
  const charged = await one(
    `select count(*) from (select metadata->>'subscriptionId' as sub from payment_charges
      where status = 'succeeded' and metadata ? 'subscriptionId' group by 1) charged`,
  );
  const chargedTwice = await one(
    `select count(*) from (select metadata->>'subscriptionId' from payment_charges
      where status = 'succeeded' and metadata ? 'subscriptionId' group by 1 having count(*) > 1) twice`,
  );
  const charges = await one(
    `select count(*) from payment_charges where metadata ? 'subscriptionId' and status = 'succeeded'`,
  );
  const orders = await one(`select count(*) from orders where idempotency_key like 'renewal:%'`);
  const ledger = await one(
    `select count(*) from subscription_renewals where status = 'succeeded' and order_id is not null`,
  );
  return { charged, chargedTwice, charges, orders, ledger };
}

/** Runs the renewal case on the PostgreSQL database at `databaseUrl` (empty: the runners migrate it). */
export async function runRenewalBench(databaseUrl: string): Promise<void> {
  const runners = Array.from({ length: RUNNERS }, () => startRunner(databaseUrl));
  // One at a time: the first migrates and seeds the empty database.
  await nextMessage(runners[0]!);
  await nextMessage(runners[1]!);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await seedDueSubscriptions(client);
    const started = process.hrtime.bigint();
    const queued = await Promise.all(
      runners.map((runner) => {
        const answer = nextMessage<{ queued: number }>(runner);
        runner.send('go');
        return answer;
      }),
    );
    let state = await tally(client);
    let queuedAt: number | null = null;
    while (state.renewed < SUBSCRIPTIONS && state.renewed + state.deadJobs < SUBSCRIPTIONS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = await tally(client);
      queuedAt ??= Number(process.hrtime.bigint() - started) / 1e9;
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const check = await checkExactlyOnce(client);
    const { rows: split } = await client.query<{ runner: string; count: string }>(
      `select split_part(locked_by, ':', 2) as runner, count(*) from jobs
        where kind = 'subscription.renew' group by 1 order by 1`,
    );
    console.log(
      `\nRenewal bench: ${SUBSCRIPTIONS} subscriptions due at once on PostgreSQL, ${RUNNERS} API instances`,
    );
    console.table([
      {
        'queued by each instance': queued.map((answer) => answer.queued).join(' + '),
        renewed: state.renewed,
        'dead jobs': state.deadJobs,
        'time to drain s': Number(seconds.toFixed(1)),
        'renewals/s': Math.round(state.renewed / seconds),
      },
    ]);
    console.log(
      `jobs run per instance (pid): ${split.map((row) => `${row.runner}: ${row.count}`).join(', ')}`,
    );
    console.log(
      `charged: ${check.charged} subscriptions, ${check.charges} succeeded charges, ` +
        `${check.chargedTwice} charged twice; ${check.ledger} ledger rows with an order; ` +
        `${check.orders} renewal orders`,
    );
    const exact =
      check.charged === SUBSCRIPTIONS &&
      check.charges === SUBSCRIPTIONS &&
      check.chargedTwice === 0 &&
      check.orders === SUBSCRIPTIONS &&
      check.ledger === SUBSCRIPTIONS;
    console.log(
      exact
        ? 'every subscription was charged exactly once'
        : 'WARNING: some subscription was not charged exactly once',
    );
  } finally {
    await client.end();
    await Promise.all(
      runners.map(
        (runner) =>
          new Promise<void>((resolve) => {
            runner.once('exit', () => resolve());
            runner.kill('SIGTERM');
          }),
      ),
    );
  }
}

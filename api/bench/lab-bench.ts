// The lab bench (not a test): MESSAGES (10,000) ORU^R01 of 60 OBX each sent over MLLP to two API
// instances on one PostgreSQL database, each message to one instance and a tenth of them also
// to the other at the same time. Reports messages per second and whether every message was
// applied exactly once (one lab_messages row, 60 current values, 60 readings per kit).
// Run: cd api && npx tsx bench/lab-bench.ts (needs PostgreSQL's initdb; see test-postgres.mjs).
import { fork, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { kitCodeFromValues } from '@shop/shared/kits/kit-code';
import pg from 'pg';
import { buildOruMessage, type PanelValue } from '../src/modules/lab';
import { startPostgres } from './bench-postgres';

const MESSAGES = Number(process.env.BENCH_LAB_MESSAGES ?? 10_000);
const OBX = 60;
const CONNECTIONS_PER_INSTANCE = Number(process.env.BENCH_LAB_CONNECTIONS ?? 8);
const DUPLICATE_EVERY = 10;

function startRunner(databaseUrl: string): ChildProcess {
  return fork(path.join(__dirname, 'lab-bench-runner.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as T));
    child.once('exit', (code) => reject(new Error(`lab runner exited with ${code}`)));
  });
}

const VALUES: PanelValue[] = Array.from({ length: OBX }, (_v, i) => ({
  loinc: `${90000 + i}-${i % 10}`,
  name: `Analyte ${i + 1}`,
  value: 50 + (i % 40),
  unit: 'mg/dL',
  range: '40-100',
  flag: 'N',
}));

/** One customer per 100 kits, a paid order each, MESSAGES activated kits. */
async function seedKits(client: pg.Client): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < MESSAGES)
    codes.add(kitCodeFromValues(Array.from({ length: 10 }, () => randomInt(0, 32))));
  const list = [...codes];
  const customers = Math.ceil(MESSAGES / 100);
  await client.query('begin');
  await client.query(
    `insert into users (email, name) select 'lab-bench-' || n || '@example.com', 'Lab ' || n
      from generate_series(1, $1) n`,
    [customers],
  );
  await client.query(
    `insert into orders (kind, email, name, status, currency, subtotal_cents, discount_cents,
        shipping_cents, total_cents, ship_upfront, bnpl, marketing_enabled, shipping_address, user_id)
      select 'consumer', u.email, u.name, 'paid', 'usd', 14900, 0, 0, 14900, false, false, false,
        '{}'::jsonb, u.id from users u where u.email like 'lab-bench-%'`,
  );
  await client.query(
    `insert into kits (code, order_id, unit, user_id, title, state, activated_by, activated_at,
        created_at, updated_at)
      select c.code, o.id, 1, o.user_id, 'Bench kit', 'activated', o.user_id, now(), now(), now()
      from unnest($1::text[]) with ordinality as c(code, n)
      join (select id, user_id, row_number() over (order by id) as k from orders
        where email like 'lab-bench-%') o on o.k = ((c.n - 1) % $2) + 1`,
    [list, customers],
  );
  await client.query('commit');
  return list;
}

/** Sends `messages` one after another on one connection; the ACK codes it got. */
async function sendAll(port: number, messages: string[]): Promise<string[]> {
  const client = new Hl7Client({ host: '127.0.0.1', port });
  const codes: string[] = [];
  try {
    for (const text of messages) {
      const ack = await client.sendAndWait(Hl7Message.parse(text), { returnAck: 'first' });
      codes.push(ack.getSegment('MSA')?.getComponent(1, 1) ?? '?');
    }
  } finally {
    await client.close();
  }
  return codes;
}

async function main() {
  const postgres = await startPostgres('shop_lab_bench');
  const runners: ChildProcess[] = [];
  try {
    // One at a time: the first migrates and seeds the empty database.
    runners.push(startRunner(postgres.databaseUrl));
    const first = await nextMessage<{ port: number }>(runners[0]!);
    runners.push(startRunner(postgres.databaseUrl));
    const second = await nextMessage<{ port: number }>(runners[1]!);
    const ports = [first.port, second.port];
    const client = new pg.Client({ connectionString: postgres.databaseUrl });
    await client.connect();
    const codes = await seedKits(client);
    const messages = codes.map((kitCode, i) =>
      buildOruMessage({ kitCode, controlId: `BENCH-${i}`, values: VALUES }),
    );
    // Lanes: CONNECTIONS_PER_INSTANCE connections to each instance; message i goes to instance
    // i % 2, and every DUPLICATE_EVERY-th also to the other instance on a lane of its own.
    const lanes: { port: number; messages: string[] }[] = [];
    for (const port of ports)
      for (let c = 0; c < CONNECTIONS_PER_INSTANCE; c++) lanes.push({ port, messages: [] });
    const duplicates: { port: number; messages: string[] }[] = ports.map((port) => ({
      port,
      messages: [],
    }));
    messages.forEach((text, i) => {
      const instance = i % 2;
      lanes[
        instance * CONNECTIONS_PER_INSTANCE + (Math.floor(i / 2) % CONNECTIONS_PER_INSTANCE)
      ]!.messages.push(text);
      if (i % DUPLICATE_EVERY === 0) duplicates[1 - instance]!.messages.push(text);
    });
    const started = process.hrtime.bigint();
    const acks = (
      await Promise.all([...lanes, ...duplicates].map((lane) => sendAll(lane.port, lane.messages)))
    ).flat();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const one = async (sql: string) => Number((await client.query(sql)).rows[0].count);
    const stored = await one(`select count(*) from lab_messages`);
    const applied = await one(`select count(*) from lab_messages where outcome = 'applied'`);
    const current = await one(`select count(*) from lab_observations where superseded_at is null`);
    const everyValue = await one(`select count(*) from lab_observations`);
    const readings = await one(
      `select count(*) from result_readings r join result_uploads u on u.id = r.upload_id
        where u.file_name like '%lab, kit %'`,
    );
    const released = await one(`select count(*) from kits where state = 'released'`);
    await client.end();
    const sent = acks.length;
    console.log(
      `\nLab bench: ${MESSAGES} ORU^R01 × ${OBX} OBX over MLLP, 2 API instances on PostgreSQL`,
    );
    console.log(
      `host: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    );
    console.table([
      {
        'messages sent (with repeats)': sent,
        AA: acks.filter((code) => code === 'AA').length,
        'other ACKs': acks.filter((code) => code !== 'AA').length,
        seconds: Number(seconds.toFixed(1)),
        'messages/s (unique)': Math.round(MESSAGES / seconds),
        'messages/s (sent)': Math.round(sent / seconds),
      },
    ]);
    console.log(
      `stored: ${stored} messages (${applied} applied), ${current} current values of ${everyValue}, ` +
        `${readings} readings, ${released} kits released`,
    );
    const exact =
      stored === MESSAGES &&
      applied === MESSAGES &&
      current === MESSAGES * OBX &&
      everyValue === MESSAGES * OBX &&
      readings === MESSAGES * OBX &&
      released === MESSAGES;
    console.log(
      exact
        ? 'every message was stored exactly once'
        : 'WARNING: some message was not stored exactly once',
    );
  } finally {
    await Promise.all(
      runners.map(
        (runner) =>
          new Promise<void>((resolve) => {
            runner.once('exit', () => resolve());
            runner.kill('SIGTERM');
          }),
      ),
    );
    postgres.cluster.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

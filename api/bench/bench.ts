// `pnpm --filter api bench`: throughput and p99 latency, on loopback, of (1) a bare Fastify route,
// (2) the cached customization read and (3) a write transaction (the validated customization
// upsert). Not a test: it prints figures. BENCH_SECONDS and BENCH_CONNECTIONS tune it.
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { BENCH_ADMIN_TOKEN } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
}

async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  // A short warm-up fills caches and JIT-compiles the hot paths.
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS, connections: CONNECTIONS });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

async function main() {
  const server = fork(path.join(__dirname, 'bench-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ports = await new Promise<{ barePort: number; apiPort: number; database: string }>(
    (resolve, reject) => {
      server.once('message', (message) => resolve(message as never));
      server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    },
  );
  try {
    const api = `http://127.0.0.1:${ports.apiPort}`;
    const bare = await measure('bare Fastify route', {
      url: `http://127.0.0.1:${ports.barePort}/bare`,
    });
    // Not one of the three asked for: the full plugin stack on a tiny response, to split the
    // cached read's cost into hooks (helmet, request id, cookies, CSRF) and payload.
    const healthz = await measure('full API stack, GET /healthz', { url: `${api}/healthz` });
    const cached = await measure('cached customization read', {
      url: `${api}/api/v1/customization/acme-wellness`,
    });
    let n = 0;
    const write = await measure('write transaction (customization upsert)', {
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

    console.log(
      `\nAPI benchmark: ${SECONDS} s per case, ${CONNECTIONS} connections, loopback, database ${ports.database}`,
    );
    console.table(
      [bare, healthz, cached, write].map((figures) => ({
        case: figures.name,
        'req/s': Math.round(figures.requestsPerSecond),
        'p99 ms': figures.p99Ms,
        'non-2xx/errors': figures.non2xx,
      })),
    );
    console.log(
      `cached read / bare Fastify = ${(cached.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}`,
    );
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

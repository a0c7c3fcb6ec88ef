// The servers under test, in their own process so autocannon does not share their event loop:
// a bare Fastify route, and the full API on a fresh embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';

export const BENCH_ADMIN_TOKEN = 'bench-operator-token-0123456789';

async function main() {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PAGE_VIEW_TOKEN: 'bench-page-view-token',
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
  });
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });

  const port = (server: typeof bare) => (server.server.address() as { port: number }).port;
  process.send?.({
    barePort: port(bare),
    apiPort: port(app as unknown as typeof bare),
    database: app.databaseKind,
  });

  const stop = async () => {
    await bare.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// One API instance of the lab bench: the whole app on the PostgreSQL database in DATABASE_URL
// with its MLLP listener on a free loopback port, which it reports to the bench.
import { buildApp } from '../src/app';
import { labDepsOf, startLabListener } from '../src/modules/lab';
import { loadBenchConfig } from './bench-config';

async function main() {
  const { config, removeDataDir } = loadBenchConfig({
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '16',
  });
  const app = await buildApp(config);
  await app.ready();
  const listener = await startLabListener(labDepsOf(app), { port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await listener.close();
    await app.close();
    removeDataDir();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  process.send?.({ port: listener.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

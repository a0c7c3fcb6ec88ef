// One API instance of the renewal bench: the whole app on the PostgreSQL database in DATABASE_URL
// (its job runner and renewal handler start with it). On 'go' it queues the due renewals as its
// scheduler does, racing the other instance for them.
import { buildApp } from '../src/app';
import { loadBenchConfig } from './bench-config';
import { scheduleDueRenewals } from '../src/services/subscriptions/renewal-scheduler';

async function main() {
  // Eight jobs at once per instance, as docs/operations.md advises on PostgreSQL (the default, 4,
  // suits the embedded database's one connection); JOB_CONCURRENCY overrides it.
  const { config, removeDataDir } = loadBenchConfig({
    JOB_CONCURRENCY: process.env.JOB_CONCURRENCY ?? '8',
  });
  const app = await buildApp(config);
  await app.ready();
  const stop = async () => {
    await app.close();
    removeDataDir();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('disconnect', stop);
  process.on('message', (message) => {
    if (message !== 'go') return;
    void scheduleDueRenewals(
      { db: app.db, clock: app.clock, mail: app.mailQueue, shopUrl: app.config.publicOrigin },
      app.jobs,
    ).then(
      (queued) => {
        app.jobs.wake();
        process.send?.({ queued });
      },
      (error: unknown) => {
        console.error(error);
        process.send?.({ queued: -1 });
      },
    );
  });
  process.send?.('ready');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

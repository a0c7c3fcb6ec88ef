import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { migrateToLatest } from '../../db/migrate';
import { openDatabase, type DatabaseHandle } from '../../db/open-database';

export interface DatabasePluginOptions {
  /** An open database (tests); otherwise one is opened from the config. */
  handle?: DatabaseHandle;
}

/** Opens the database (PGlite by default, PostgreSQL with DATABASE_URL), migrates it, closes it on shutdown. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    const handle =
      options.handle ??
      (config.databaseUrl
        ? await openDatabase({
            kind: 'postgres',
            databaseUrl: config.databaseUrl,
            poolSize: config.databasePoolSize,
          })
        : await openDatabase({ kind: 'pglite', dataDir: config.dataDir }));
    try {
      const applied = await migrateToLatest(handle.db);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    } catch (error) {
      await handle.close();
      throw error;
    }
    app.decorate('db', handle.db);
    app.decorate('databaseKind', handle.kind);
    app.decorate('databasePoolUsage', handle.poolUsage ?? null);
    app.addHook('onClose', async () => {
      await handle.close();
    });
  },
  { name: 'database', dependencies: [] },
);

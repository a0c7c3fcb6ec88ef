import type { FastifyInstance } from 'fastify';
import pg from 'pg';

export interface InvalidationChannel {
  publish(key: string): Promise<void>;
  subscribe(listener: (key: string) => void): void;
}

/**
 * Cache invalidation across API instances. On PostgreSQL each instance LISTENs on a channel
 * through its own connection and a write NOTIFYs it; on PGlite there is one process, so local
 * invalidation is all there is.
 */
export async function createInvalidationChannel(
  app: FastifyInstance,
  channel: string,
): Promise<InvalidationChannel> {
  const listeners: Array<(key: string) => void> = [];
  const databaseUrl = app.config.databaseUrl;
  if (app.databaseKind !== 'postgres' || !databaseUrl) {
    return { publish: async () => undefined, subscribe: (listener) => listeners.push(listener) };
  }

  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'shop-api-listener',
  });
  client.on('error', (error) =>
    app.log.warn({ err: error }, `${channel} listener connection failed; relying on cache expiry`),
  );
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload)
      for (const listener of listeners) listener(message.payload);
  });
  await client.connect();
  await client.query(`listen ${channel}`);
  app.addHook('onClose', async () => {
    await client.end().catch(() => undefined);
  });
  return {
    publish: async (key) => {
      await client.query('select pg_notify($1, $2)', [channel, key]);
    },
    subscribe: (listener) => listeners.push(listener),
  };
}

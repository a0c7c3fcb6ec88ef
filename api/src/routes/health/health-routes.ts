import { healthResponseSchema, readinessResponseSchema } from '@shop/shared/contract/health';
import { API_PATHS } from '@shop/shared/contract/paths';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const READINESS_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.healthz,
    { schema: { hide: true, response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    API_PATHS.readyz,
    {
      schema: {
        hide: true,
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      // A stopping instance still serves what reaches it, but tells the load balancer to stop sending.
      if (app.drain.draining)
        return reply.code(503).send({ status: 'unavailable', database: 'up' });
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(app.db),
          new Promise((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error('database timeout')), READINESS_TIMEOUT_MS);
          }),
        ]);
        return { status: 'ok' as const, database: 'up' as const };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable', database: 'down' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
};

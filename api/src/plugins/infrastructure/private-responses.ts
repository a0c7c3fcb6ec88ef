import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRIVATE_CACHE_CONTROL } from '../../lib/cache-control';

/**
 * Routes whose config sets `privateResponse` answer with PRIVATE_CACHE_CONTROL. It is set just
 * before the handler, so a request turned away earlier (a guard's 404) looks like any other.
 */
export const privateResponsesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request, reply) => {
      if (request.routeOptions.config.privateResponse)
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    });
  },
  { name: 'private-responses' },
);

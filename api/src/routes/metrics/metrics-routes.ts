import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';

/** The bearer token the request sends equals METRICS_TOKEN (compared in constant time). */
function hasMetricsToken(request: FastifyRequest, expected: string): boolean {
  const authorization = request.headers.authorization;
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return false;
  const token = authorization.slice('Bearer '.length).trim();
  return token.length > 0 && safeEqual(token, expected);
}

/**
 * GET /metrics in Prometheus' text format. Registered only with METRICS_TOKEN; a request without
 * the token is answered as an unknown path, so the route's existence is not disclosed.
 */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const registry = app.metricsRegistry;
  const token = app.config.metricsToken;
  if (!registry || !token) return;
  app.get(
    API_PATHS.metrics,
    {
      onRequest: async (request) => {
        if (!hasMetricsToken(request, token))
          throw notFound(`No route for GET ${API_PATHS.metrics}`);
      },
      schema: { hide: true },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    },
  );
};

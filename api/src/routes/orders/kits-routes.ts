import {
  hasScheduledQuerySchema,
  hasScheduledResponseSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scheduledProducts } from '../../services/orders/scheduled-kits';

/** GET /kits/products/has-scheduled?ids: for each product, whether the shopper has kits coming on a schedule. */
export const kitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.kitsHasScheduled,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['orders'],
        summary: 'Whether the shopper has kits coming on a schedule',
        operationId: 'hasScheduledKits',
        description:
          'ids are product keys or price lookup keys. True when the logged-in shopper has a plan for it that still runs (active; cancelled to its period end, until that end); always false for an anonymous visitor.',
        querystring: hasScheduledQuerySchema,
        response: { 200: hasScheduledResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const ids = request.query.ids.slice(0, 100);
      const scheduled = request.user
        ? await scheduledProducts(app.db, request.user.id, app.clock.now())
        : new Set<string>();
      return { hasScheduled: Object.fromEntries(ids.map((id) => [id, scheduled.has(id)])) };
    },
  );
};

import {
  customizationInputSchema,
  customizationParamsSchema,
  customizationQuerySchema,
  customizationSchema,
} from '@shop/shared/contract/customization';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';

/**
 * Partner storefront customization. Reads come from the server-side cache; the operator write
 * (only when ADMIN_TOKEN is configured) goes through the one validated write path, which
 * invalidates the cache.
 */
export const customizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.customization,
    {
      schema: {
        tags: ['partners'],
        summary: "A partner storefront's customization",
        operationId: 'getCustomization',
        params: customizationParamsSchema,
        querystring: customizationQuerySchema,
        response: { 200: customizationSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const json = await app.customizations.getJson(request.params.shopKey, {
        excludeProducts: request.query.excludeProducts === true,
      });
      if (json === null) throw notFound(`No storefront named "${request.params.shopKey}"`);
      // A JSON string is sent as it is (hence the cast): the hot path skips per-request serialisation.
      return reply
        .header('cache-control', 'public, max-age=60')
        .type('application/json; charset=utf-8')
        .send(json as never);
    },
  );

  const adminToken = app.config.adminToken;
  if (!adminToken) return;
  app.put(
    API_PATHS.customization,
    {
      onRequest: async (request) => {
        const header = request.headers.authorization ?? '';
        const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
        if (!token || !safeEqual(token, adminToken))
          throw new AppError(401, 'UNAUTHORIZED', 'An operator token is required');
      },
      schema: {
        tags: ['partners'],
        summary: "Save a partner storefront's customization (operators)",
        operationId: 'saveCustomization',
        security: [{ operatorToken: [] }],
        description:
          'Operator write (Authorization: Bearer ADMIN_TOKEN). Validated against the contract.',
        params: customizationParamsSchema,
        body: customizationInputSchema,
        response: { 200: customizationSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => app.customizations.upsert(request.params.shopKey, request.body),
  );
};

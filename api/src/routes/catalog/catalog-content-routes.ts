import { catalogContentSchema } from '@shop/shared/contract/catalog-content';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadCatalogContent } from '../../repositories/catalog-content-repository';

/** The catalog's page copy: main page sections, landing pages and the quiz (content client). */
export const catalogContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.catalogContent,
    {
      schema: {
        tags: ['catalog'],
        summary: "The catalog's page copy: main page, landing pages and quiz",
        operationId: 'getCatalogContent',
        response: { 200: catalogContentSchema, 500: errorBodySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return loadCatalogContent(app.db);
    },
  );
};

import {
  offersQuerySchema,
  offersResponseSchema,
  pricesQuerySchema,
  pricesResponseSchema,
} from '@shop/shared/contract/catalog';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOffers, listPrices } from '../../repositories/catalog-repository';

const CATALOG_CACHE_CONTROL = 'public, max-age=60';

/** The product offers and the provider prices they sell at (content client, /api/v1/catalog). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.catalogOffers,
    {
      schema: {
        tags: ['catalog'],
        summary: 'List the product offers',
        operationId: 'listOffers',
        querystring: offersQuerySchema,
        response: { 200: offersResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { offers: await listOffers(app.db, request.query.type) };
    },
  );

  app.get(
    API_PATHS.catalogPrices,
    {
      schema: {
        tags: ['catalog'],
        summary: 'List the prices the offers sell at',
        operationId: 'listPrices',
        querystring: pricesQuerySchema,
        response: { 200: pricesResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { prices: await listPrices(app.db, request.query.lookupKeys) };
    },
  );
};

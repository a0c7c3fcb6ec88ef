import {
  offersQuerySchema,
  offersResponseSchema,
  pricesQuerySchema,
  pricesResponseSchema,
} from '@shop/shared/contract/catalog';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOffers } from '../../repositories/catalog-repository';
import { listCatalogPrices } from '../../services/catalog/provider-prices';

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
        description:
          "The amounts every order is charged. With Stripe, the merchant's Stripe Prices found by lookup key (503 while they cannot be read); a key Stripe lacks is left out.",
        operationId: 'listPrices',
        querystring: pricesQuerySchema,
        response: { 200: pricesResponseSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return {
        prices: await listCatalogPrices(app.db, app.catalogPrices, request.query.lookupKeys),
      };
    },
  );
};

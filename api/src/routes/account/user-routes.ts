import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  cmsInfoQuerySchema,
  cmsInfoResponseSchema,
  isNewCustomerQuerySchema,
  isNewCustomerResponseSchema,
  type CurrentUser,
} from '@shop/shared/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { centsFromDb } from '../../lib/money';
import { hasPaidOrder } from '../../repositories/users-repository';
import { loadSubscriptionInfo, toCurrentUser } from '../../services/account/current-user';

/** The current user and the new-customer check (connect client, /user). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.isNewCustomer,
    {
      schema: {
        tags: ['account'],
        summary: 'Whether an email has never paid for an order',
        operationId: 'isNewCustomer',
        querystring: isNewCustomerQuerySchema,
        response: { 200: isNewCustomerResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ isNewCustomer: !(await hasPaidOrder(app.db, request.query.email)) }),
  );

  app.get(
    API_PATHS.cmsInfo,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, with their subscriptions if asked',
        operationId: 'getCurrentUser',
        querystring: cmsInfoQuerySchema,
        response: { 200: cmsInfoResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) return null;
      const result: CurrentUser = toCurrentUser(user);
      if (request.query.includeSubscriptionInfo) {
        result.subscriptionInfo = await loadSubscriptionInfo(app.db, user.id);
      }
      if (request.query.includeBalance) {
        result.balance = { amount: centsFromDb(user.balance_cents, 'balance'), currency: 'usd' };
      }
      return result;
    },
  );
};

import {
  businessUsersQuerySchema,
  businessUsersResponseSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUserByEmail } from '../../repositories/users-repository';

/** GET /payments/stripe-subscriptions/business/users?email=: does an account exist for this email. */
export const businessUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.businessUsers,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Whether an account exists for an email',
        operationId: 'hasAccount',
        querystring: businessUsersQuerySchema,
        response: { 200: businessUsersResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({
      exists: (await findUserByEmail(app.db, request.query.email)) !== undefined,
    }),
  );
};

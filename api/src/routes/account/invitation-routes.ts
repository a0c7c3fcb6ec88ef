import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { invitationBodySchema, invitationResponseSchema } from '@shop/shared/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addInvitation } from '../../repositories/invitations-repository';

/** The New York and California waiting lists (connect client, POST /user/invitation). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  // A public form: the same per-IP ceiling as the sign-in forms keeps scripts from filling the lists.
  const rateLimit = {
    max: app.config.authRateLimit.max,
    timeWindow: app.config.authRateLimit.timeWindowMs,
  };
  app.post(
    API_PATHS.invitation,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Join the New York or California waiting list',
        operationId: 'joinWaitingList',
        body: invitationBodySchema,
        response: { 200: invitationResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { email, first_name, last_name, source } = request.body;
      // Signing up twice is not an error: the visitor is told they are already on the list.
      const added = await addInvitation(app.db, {
        email,
        firstName: first_name,
        lastName: last_name,
        source,
      });
      return { ok: true as const, alreadyOnList: !added };
    },
  );
};

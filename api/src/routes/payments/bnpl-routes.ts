import { bnplConsentBodySchema, bnplConsentListSchema, bnplConsentParamsSchema, bnplConsentSchema } from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findBnplConsent, recordBnplConsent } from '../../repositories/bnpl-consents-repository';

/** Buy-now-pay-later consent: recorded before a pay-later order, readable by its id (as a one-element array). */
export const bnplRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.bnplConsents,
    { schema: { tags: ['payments'], body: bnplConsentBodySchema, response: { 201: bnplConsentSchema, 400: errorBodySchema, 403: errorBodySchema } } },
    async (request, reply) => {
      const consent = await recordBnplConsent(app.db, {
        sessionId: request.body.sessionId,
        email: request.body.email,
        termsVersion: request.body.termsVersion,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.code(201).send(consent);
    },
  );

  app.get(
    API_PATHS.bnplConsent,
    {
      schema: {
        tags: ['payments'],
        description: 'The consent as an array (the client uses its first element); empty when there is none.',
        params: bnplConsentParamsSchema,
        response: { 200: bnplConsentListSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const consent = await findBnplConsent(app.db, request.params.id);
      return consent ? [consent] : [];
    },
  );
};

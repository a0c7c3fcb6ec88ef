import {
  bnplConsentBodySchema,
  bnplConsentListSchema,
  bnplConsentParamsSchema,
  bnplConsentSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { findBnplConsent, recordBnplConsent } from '../../repositories/bnpl-consents-repository';
import { buyerOf, ensureBuyer, owns } from '../../services/checkout/buyer';

/** Buy-now-pay-later consent: recorded before a pay-later order, readable by whoever gave it (as a one-element array). */
export const bnplRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.bnplConsents,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['payments'],
        summary: 'Record consent to buy now and pay later',
        operationId: 'recordBnplConsent',
        body: bnplConsentBodySchema,
        response: { 201: bnplConsentSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const buyer = ensureBuyer(request, reply, app.config);
      const consent = await recordBnplConsent(app.db, {
        userId: buyer.userId,
        buyerTokenHash: buyer.tokenHash,
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
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['payments'],
        summary: 'Get a buy-now-pay-later consent',
        operationId: 'getBnplConsent',
        description:
          'The consent as a one-element array (the client uses its first element), for whoever gave it; 404 for an unknown id and for anyone else alike.',
        params: bnplConsentParamsSchema,
        response: { 200: bnplConsentListSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const stored = await findBnplConsent(app.db, request.params.id);
      if (!stored || !owns(buyerOf(request, app.config), stored))
        throw notFound('Consent not found');
      return [stored.consent];
    },
  );
};

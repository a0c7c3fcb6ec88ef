import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { referralBodySchema, referralResponseSchema } from '@shop/shared/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addReferral } from '../../repositories/referrals-repository';
import { referralInvitationEmail } from '../../services/mail/referral-email';

/** Referrals by anonymous visitors (connect client, POST /user/referrals/anonymous). */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = {
    max: app.config.authRateLimit.max,
    timeWindow: app.config.authRateLimit.timeWindowMs,
  };
  app.post(
    API_PATHS.anonymousReferral,
    {
      config: { rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Refer a friend without an account',
        operationId: 'referFriend',
        // Both emails are checked and self-referral is refused by the schema (400 on `referred`).
        body: referralBodySchema,
        response: { 200: referralResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const { email, referred } = request.body;
      const result = await addReferral(app.db, email, referred);
      // One email per referred address, however many visitors name it.
      if (result.firstForReferred) {
        await app.mailer.send(
          await referralInvitationEmail({ to: referred, shopUrl: `${app.config.publicOrigin}/` }),
        );
      }
      return { ok: true as const, alreadyReferred: !result.created };
    },
  );
};

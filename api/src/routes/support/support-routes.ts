import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  supportMessageBodySchema,
  supportMessageResponseSchema,
} from '@shop/shared/contract/support';
import { expectedAnswer } from '@shop/shared/rules/support-hours';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  insertSupportMessage,
  supportMessageTimesSince,
} from '../../repositories/support-messages-repository';
import { supportMessageEmail } from '../../services/mail/support-message-email';
import { authRateLimit, tooManyAttempts } from '../account/auth-route-options';

const HOUR_MS = 60 * 60 * 1000;
/** Messages one address may leave per hour, across instances (the table counts them). */
export const SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR = 3;

/**
 * Messages left in the chat widget while no chat provider is configured (connect client): stored,
 * mailed to the support address through the outbox, and answered with when to expect a reply.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    API_PATHS.supportMessages,
    {
      // Per IP, like the other forms that mail on a visitor's word; per address below.
      config: { rateLimit: authRateLimit(app.config) },
      schema: {
        tags: ['support'],
        summary: 'Leave a message for support',
        operationId: 'leaveSupportMessage',
        body: supportMessageBodySchema,
        response: { 201: supportMessageResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { name, email, message } = request.body;
      const now = new Date();
      const recent = await supportMessageTimesSince(db, email, new Date(now.getTime() - HOUR_MS));
      if (recent.length >= SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR) {
        const frees = recent[recent.length - SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR]!;
        throw tooManyAttempts(
          reply,
          frees.getTime() + HOUR_MS - now.getTime(),
          'messages from this email',
        );
      }
      const answer = expectedAnswer(now);
      await db.transaction().execute(async (trx) => {
        await insertSupportMessage(trx, {
          name,
          email,
          message,
          ip: request.ip,
          expectedAnswerAt: answer.at,
        });
        await app.mailQueue.enqueue(
          trx,
          supportMessageEmail({ name, email, message, expectedAnswer: answer.label }),
        );
      });
      app.mailQueue.wake();
      return reply.code(201).send({
        ok: true as const,
        expectedAnswerAt: answer.at.toISOString(),
        expectedAnswer: answer.label,
      });
    },
  );
};

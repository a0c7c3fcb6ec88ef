import { outboxQuerySchema, outboxResponseSchema } from '@shop/shared/contract/dev';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { listOutbox } from '../../repositories/outbox-repository';

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 spelling. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * GET /dev/outbox?to=: the mail the outbox mailer kept, for local testing. Registered only while
 * mail goes to the outbox and NODE_ENV is not production; answers loopback clients only (by the
 * socket address, so a forged X-Forwarded-For does not help).
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.devOutbox,
    {
      onRequest: async (request) => {
        if (!isLoopbackAddress(request.raw.socket.remoteAddress))
          throw notFound(`No route for GET ${API_PATHS.devOutbox}`);
      },
      schema: {
        hide: true,
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listOutbox(app.db, request.query.to) };
    },
  );
};

export function outboxRouteEnabled(app: {
  mailer: { kind: string };
  config: { nodeEnv: string };
}): boolean {
  return app.mailer.kind === 'outbox' && app.config.nodeEnv !== 'production';
}

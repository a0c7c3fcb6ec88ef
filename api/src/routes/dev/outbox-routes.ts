import { outboxQuerySchema, outboxResponseSchema } from '@shop/shared/contract/dev';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config';
import { notFound } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';
import { listOutbox } from '../../repositories/outbox-repository';

export const DEV_OUTBOX_TOKEN_HEADER = 'x-dev-outbox-token';

/** A listen address only this machine can reach: localhost, 127.0.0.0/8 or ::1 (any spelling). */
export function isLoopbackHost(host: string): boolean {
  const plain = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/^::ffff:/, '');
  return plain === 'localhost' || plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

type OutboxConfig = Pick<AppConfig, 'host' | 'nodeEnv' | 'trustProxy' | 'devOutboxToken'>;

/**
 * Who may read the dev outbox. The peer address proves nothing behind a reverse proxy (every
 * peer is the proxy, often on loopback), so the rule looks at where this server listens: on
 * loopback, outside production, with no sign of a proxy in front. Anywhere else only the
 * configured token opens it.
 */
export function mayReadOutbox(config: OutboxConfig, request: FastifyRequest): boolean {
  const given = request.headers[DEV_OUTBOX_TOKEN_HEADER];
  if (config.devOutboxToken && typeof given === 'string')
    return safeEqual(given, config.devOutboxToken);
  const proxied =
    config.trustProxy ||
    request.headers.forwarded !== undefined ||
    request.headers['x-forwarded-for'] !== undefined;
  return config.nodeEnv !== 'production' && isLoopbackHost(config.host) && !proxied;
}

/**
 * GET /dev/outbox?to=: the mail the outbox mailer kept, for local testing. Registered only while
 * mail goes to the outbox; answers as if absent (404) to anyone `mayReadOutbox` refuses.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.devOutbox,
    {
      onRequest: async (request) => {
        if (!mayReadOutbox(app.config, request))
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

/** Mail must go to the outbox; in production the route exists only when a token is configured. */
export function outboxRouteEnabled(app: {
  mailer: { kind: string };
  config: Pick<AppConfig, 'nodeEnv' | 'devOutboxToken'>;
}): boolean {
  return (
    app.mailer.kind === 'outbox' &&
    (app.config.nodeEnv !== 'production' || app.config.devOutboxToken !== null)
  );
}

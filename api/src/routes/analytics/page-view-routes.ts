import { errorBodySchema } from '@shop/shared/contract/errors';
import { logPageViewBodySchema, logPageViewResponseSchema } from '@shop/shared/contract/impact';
import { API_PATHS } from '@shop/shared/contract/paths';
import { withoutPrivateParams } from '@shop/shared/rules/private-url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePageViewToken } from './page-view-token';

/** POST /impact/log-page-view: only callers holding the configured bearer token may log. */
export const pageViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = app.config.pageViewToken;

  app.post(
    API_PATHS.logPageView,
    {
      config: { auth: 'optional' },
      onRequest: requirePageViewToken(expected),
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view',
        operationId: 'logPageView',
        security: [{ pageViewToken: [] }],
        body: logPageViewBodySchema,
        response: { 200: logPageViewResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body;
      await app.db
        .insertInto('page_views')
        .values({
          // The client strips them too; a log must never hold an order id or a secret link.
          url: withoutPrivateParams(body.url),
          referring_url:
            body.referringUrl === null ? null : withoutPrivateParams(body.referringUrl),
          user_agent: body.userAgent,
          session_id: body.sessionId,
          user_id: request.user?.id ?? null,
          // The client sends ip: null; the server records what it sees.
          ip: request.ip,
        })
        .execute();
      return { ok: true as const };
    },
  );
};

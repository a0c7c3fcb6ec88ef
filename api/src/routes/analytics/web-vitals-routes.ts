import { errorBodySchema } from '@shop/shared/contract/errors';
import { logWebVitalsBodySchema, logPageViewResponseSchema } from '@shop/shared/contract/impact';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordWebVitals } from '../../services/analytics/field-vitals';
import { requirePageViewToken } from './page-view-token';

/**
 * POST /impact/log-web-vitals: a sampled page load's LCP, INP and CLS, with the page-view token.
 * It reads no session: a measurement is never linked to a visitor.
 */
export const webVitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    API_PATHS.logWebVitals,
    {
      onRequest: requirePageViewToken(app.config.pageViewToken),
      schema: {
        tags: ['analytics'],
        summary: 'Record a page load’s Core Web Vitals',
        operationId: 'logWebVitals',
        security: [{ pageViewToken: [] }],
        body: logWebVitalsBodySchema,
        response: { 200: logPageViewResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      await recordWebVitals({ db: app.db, clock: app.clock }, request.body);
      return { ok: true as const };
    },
  );
};

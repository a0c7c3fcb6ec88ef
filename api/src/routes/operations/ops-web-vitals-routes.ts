import { opsWebVitalsSchema } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webVitalsSummary } from '../../services/analytics/field-vitals';
import { OPS_ERRORS } from './operator-guard';

/** Field data: the 75th percentile of shoppers' LCP, INP and CLS per area and route, day and week. */
export const opsWebVitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.opsWebVitals,
    { schema: { hide: true, response: { 200: opsWebVitalsSchema, ...OPS_ERRORS } } },
    async () => webVitalsSummary(app.db, app.clock),
  );
};

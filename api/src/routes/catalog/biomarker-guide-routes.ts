import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { biomarkerGuideSchema } from '@shop/shared/contract/results';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadBiomarkerGuide } from '../../services/results/biomarker-guide';

/** Plain words on each catalogue biomarker: public content, the same for everyone. */
export const biomarkerGuideRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.biomarkerGuide,
    {
      schema: {
        tags: ['catalog'],
        summary: 'What each biomarker measures, what high or low can mean, when to see a doctor',
        operationId: 'getBiomarkerGuide',
        response: { 200: biomarkerGuideSchema, 404: errorBodySchema, 500: errorBodySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return loadBiomarkerGuide(app.db);
    },
  );
};

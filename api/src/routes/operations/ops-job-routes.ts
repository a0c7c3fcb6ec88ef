import {
  clockAdvanceBodySchema,
  jobListQuerySchema,
  opsClockSchema,
  opsJobListSchema,
  opsJobParamsSchema,
  opsJobRetriedSchema,
} from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/app-error';
import { parseDuration } from '../../lib/clock';
import { recordAudit } from '../../repositories/audit-log-repository';
import { clockFrozenError } from '../../services/clock/shop-clock';
import { listJobsForOperator, retryJobForOperator } from '../../services/operations/job-support';
import { OPS_ERRORS, operatorOf } from './operator-guard';

/** The job queue's dead and failing jobs with a retry, and the shop clock (moved outside production). */
export const opsJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.opsJobs,
    {
      schema: {
        hide: true,
        querystring: jobListQuerySchema,
        response: { 200: opsJobListSchema, ...OPS_ERRORS },
      },
    },
    async (request) => ({ jobs: await listJobsForOperator(app.db, request.query) }),
  );

  app.post(
    API_PATHS.opsJobRetry,
    {
      schema: {
        hide: true,
        params: opsJobParamsSchema,
        response: { 200: opsJobRetriedSchema, ...OPS_ERRORS },
      },
    },
    async (request) => ({
      job: await retryJobForOperator(
        { db: app.db, jobs: app.jobs, clock: app.clock },
        { id: request.params.id, actor: operatorOf(request), requestId: request.id },
      ),
    }),
  );

  const clockView = () => ({
    now: app.clock.now().toISOString(),
    offsetMs: app.clock.offsetMs(),
    movable: app.clock.movable,
  });

  app.get(
    API_PATHS.opsClock,
    { schema: { hide: true, response: { 200: opsClockSchema, ...OPS_ERRORS } } },
    async () => clockView(),
  );

  app.post(
    API_PATHS.opsClockAdvance,
    {
      schema: {
        hide: true,
        body: clockAdvanceBodySchema,
        response: { 200: opsClockSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      if (!app.clock.movable) throw clockFrozenError();
      const byMs = parseDuration(request.body.by);
      if (byMs === null) throw badRequest(`"${request.body.by}" is not a step such as 31d`);
      const before = clockView();
      await app.clock.advance(byMs);
      const after = clockView();
      await recordAudit(app.db, {
        actor: operatorOf(request),
        action: 'clock.advance',
        target: 'clock',
        before: { now: before.now, offsetMs: before.offsetMs },
        after: { now: after.now, offsetMs: after.offsetMs, by: request.body.by },
        requestId: request.id,
      });
      return after;
    },
  );
};

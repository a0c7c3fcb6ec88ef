import {
  auditListSchema,
  auditQuerySchema,
  operatorAddBodySchema,
  operatorAddedSchema,
  operatorListSchema,
  opsSessionSchema,
} from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendNotFound } from '../../plugins/infrastructure/error-handler';
import { listAudit } from '../../repositories/audit-log-repository';
import { listOperators } from '../../repositories/operators-repository';
import { inviteOperator } from '../../services/operations/operator-invite';
import { opsFulfilmentRoutes } from '../../modules/fulfilment';
import { opsReleaseRoutes } from './ops-release-routes';
import { opsCanaryRoutes } from './ops-canary-routes';
import { opsOrderRoutes } from './ops-order-routes';
import { opsPartnerRoutes } from './ops-partner-routes';
import { opsJobRoutes } from './ops-job-routes';
import { opsSubscriptionRoutes } from './ops-subscription-routes';
import { opsWebVitalsRoutes } from './ops-web-vitals-routes';
import { OPS_ERRORS, operatorOf, resolveOperator } from './operator-guard';

/**
 * The operator API under OPS_PREFIX. The guard runs first (before the body is even parsed): a
 * caller who is not an operator gets the same 404 as a path that does not exist, so the API does
 * not tell outsiders that these routes exist. Kept out of the public OpenAPI document for that
 * reason (`hide`). Every route here answers privately (an operator's answers are never cached).
 */
export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('operator', null);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, privateResponse: true };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const operator = await resolveOperator(app, request);
    if (!operator) return sendNotFound(request, reply);
    request.operator = operator;
  });

  app.get(
    API_PATHS.opsSession,
    { schema: { hide: true, response: { 200: opsSessionSchema } } },
    async (request) => {
      const { userId, name, via } = operatorOf(request);
      return {
        operator: {
          userId,
          name,
          via: via === 'console' ? ('console' as const) : ('cli' as const),
        },
      };
    },
  );

  app.get(
    API_PATHS.opsAudit,
    {
      schema: {
        hide: true,
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...OPS_ERRORS },
      },
    },
    async (request) => ({ entries: await listAudit(app.db, request.query) }),
  );

  app.get(
    API_PATHS.opsOperators,
    { schema: { hide: true, response: { 200: operatorListSchema } } },
    async () => ({
      operators: (await listOperators(app.db)).map((user) => ({
        id: user.id,
        email: user.email,
        name: user.name,
        createdAt: user.created_at.toISOString(),
      })),
    }),
  );

  app.post(
    API_PATHS.opsOperators,
    {
      schema: {
        hide: true,
        body: operatorAddBodySchema,
        response: { 201: operatorAddedSchema, ...OPS_ERRORS },
      },
    },
    async (request, reply) => {
      const added = await inviteOperator(app.db, app.mailQueue, {
        email: request.body.email,
        name: request.body.name,
        publicOrigin: app.config.publicOrigin,
        actor: operatorOf(request),
        requestId: request.id,
      });
      return reply.code(201).send(added);
    },
  );

  await app.register(opsReleaseRoutes);
  await app.register(opsCanaryRoutes);
  await app.register(opsPartnerRoutes);
  await app.register(opsOrderRoutes);
  await app.register(opsJobRoutes);
  await app.register(opsSubscriptionRoutes);
  await app.register(opsWebVitalsRoutes);
  await app.register(opsFulfilmentRoutes);
};

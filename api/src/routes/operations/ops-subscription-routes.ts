import {
  opsSubscriptionCancelBodySchema,
  opsSubscriptionDetailSchema,
  opsSubscriptionListSchema,
  opsSubscriptionParamsSchema,
  opsSubscriptionPauseBodySchema,
  opsSubscriptionRetryBodySchema,
  subscriptionListQuerySchema,
  subscriptionSettingsSchema,
} from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscriptionFor,
  listSubscriptionsFor,
  pauseSubscriptionFor,
  readSettingsFor,
  retrySubscriptionFor,
  subscriptionDetailFor,
  updateSettingsFor,
  type SubscriptionSupportDeps,
} from '../../services/operations/subscription-support';
import { OPS_ERRORS, operatorOf } from './operator-guard';

const schemaBase = { hide: true, tags: ['operations'] } as const;

/** Subscription support: find a plan, see its renewals and changes, act for the customer. */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const opsSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: SubscriptionSupportDeps = {
    db: app.db,
    clock: app.clock,
    mail: app.mailQueue,
    jobs: app.jobs,
    publicOrigin: app.config.publicOrigin,
  };

  app.get(
    API_PATHS.opsSubscriptions,
    {
      schema: {
        ...schemaBase,
        summary: 'List subscriptions newest first, by e-mail or id and status, paged by cursor',
        querystring: subscriptionListQuerySchema,
        response: { 200: opsSubscriptionListSchema, ...OPS_ERRORS },
      },
    },
    async (request) => listSubscriptionsFor(app.db, request.query),
  );

  app.get(
    API_PATHS.opsSubscription,
    {
      schema: {
        ...schemaBase,
        summary: 'Show one subscription with its renewal ledger and change log',
        params: opsSubscriptionParamsSchema,
        response: { 200: opsSubscriptionDetailSchema, ...OPS_ERRORS },
      },
    },
    async (request) => subscriptionDetailFor(app.db, request.params.id),
  );

  app.post(
    API_PATHS.opsSubscriptionCancel,
    {
      schema: {
        ...schemaBase,
        summary: 'Cancel a subscription now or at the end of its paid period',
        params: opsSubscriptionParamsSchema,
        body: opsSubscriptionCancelBodySchema,
        response: { 200: opsSubscriptionDetailSchema, ...OPS_ERRORS },
      },
    },
    async (request) =>
      cancelSubscriptionFor(deps, {
        id: request.params.id,
        when: request.body.when,
        reason: request.body.reason,
        actor: operatorOf(request),
        requestId: request.id,
      }),
  );

  app.post(
    API_PATHS.opsSubscriptionPause,
    {
      schema: {
        ...schemaBase,
        summary: 'Pause renewals until a day',
        params: opsSubscriptionParamsSchema,
        body: opsSubscriptionPauseBodySchema,
        response: { 200: opsSubscriptionDetailSchema, ...OPS_ERRORS },
      },
    },
    async (request) =>
      pauseSubscriptionFor(deps, {
        id: request.params.id,
        until: new Date(request.body.until),
        reason: request.body.reason,
        actor: operatorOf(request),
        requestId: request.id,
      }),
  );

  app.post(
    API_PATHS.opsSubscriptionRetry,
    {
      schema: {
        ...schemaBase,
        summary: 'Try a past-due renewal again now',
        params: opsSubscriptionParamsSchema,
        body: opsSubscriptionRetryBodySchema.optional(),
        response: { 200: opsSubscriptionDetailSchema, ...OPS_ERRORS },
      },
    },
    async (request) =>
      retrySubscriptionFor(deps, {
        id: request.params.id,
        reason: request.body?.reason,
        actor: operatorOf(request),
        requestId: request.id,
      }),
  );

  app.get(
    API_PATHS.opsSubscriptionSettings,
    {
      schema: {
        ...schemaBase,
        summary: 'How dunning ends, its retry days, and the renewal reminder’s lead time',
        response: { 200: subscriptionSettingsSchema, ...OPS_ERRORS },
      },
    },
    async () => readSettingsFor(app.db),
  );

  app.put(
    API_PATHS.opsSubscriptionSettings,
    {
      schema: {
        ...schemaBase,
        summary: 'Change the subscription settings',
        body: subscriptionSettingsSchema,
        response: { 200: subscriptionSettingsSchema, ...OPS_ERRORS },
      },
    },
    async (request) =>
      updateSettingsFor(deps, {
        settings: request.body,
        actor: operatorOf(request),
        requestId: request.id,
      }),
  );
};

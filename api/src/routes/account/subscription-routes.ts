import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  cancelSubscriptionBodySchema,
  intervalChangeBodySchema,
  intervalChangePreviewSchema,
  intervalChangeQuerySchema,
  pauseSubscriptionBodySchema,
  subscriptionCardBodySchema,
  subscriptionDetailSchema,
  subscriptionHistorySchema,
  subscriptionIdParamsSchema,
  subscriptionListSchema,
  type SubscriptionDetail,
} from '@shop/shared/contract/subscriptions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelSubscription,
  changeInterval,
  keepSubscription,
  pauseSubscription,
  previewIntervalChange,
  resumeSubscription,
  skipNextRenewal,
  unskipNextRenewal,
  updateSubscriptionCard,
  type ManageDeps,
  type Subscriber,
} from '../../services/subscriptions/manage-subscription';
import { retryRenewalNow } from '../../services/subscriptions/renewal-scheduler';
import { subscriptionHistory } from '../../services/subscriptions/subscription-history';
import {
  listSubscriptionDetails,
  ownedSubscriptionDetail,
} from '../../services/subscriptions/subscription-view';

/**
 * The signed-in subscriber's own subscriptions: what they are, what happened to them, and the
 * changes a subscriber makes online. Another user's id answers 404, as if it did not exist; a
 * change the subscription's state does not allow (it ended, it is past due) answers 409.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ManageDeps = {
    db: app.db,
    provider: app.paymentProvider,
    clock: app.clock,
    mail: app.mailQueue,
    jobs: app.jobs,
    publicOrigin: app.config.publicOrigin,
    retryRenewal: (id) =>
      retryRenewalNow(
        { db: app.db, clock: app.clock, mail: app.mailQueue, shopUrl: app.config.publicOrigin },
        app.jobs,
        id,
      ),
  };
  const read = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
  const write = { ...read, 403: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema };
  const subscriber = (request: FastifyRequest): Subscriber => {
    const user = request.user!;
    return { id: user.id, email: user.email, name: user.name };
  };
  const common = { config: { auth: 'required' as const, privateResponse: true } };
  const tags = ['account'];
  // The changes that carry nothing but the subscription's id answer the subscription as it now is.
  const bodilessChange = (
    method: 'post' | 'delete',
    url: string,
    summary: string,
    operationId: string,
    change: (deps: ManageDeps, who: Subscriber, id: string) => Promise<SubscriptionDetail>,
  ) =>
    app[method](
      url,
      {
        ...common,
        schema: {
          tags,
          summary,
          operationId,
          params: subscriptionIdParamsSchema,
          response: { 200: subscriptionDetailSchema, ...write },
        },
      },
      async (request) => change(deps, subscriber(request), request.params.id),
    );

  app.get(
    API_PATHS.accountSubscriptions,
    {
      ...common,
      schema: {
        tags,
        summary: "List the signed-in shopper's subscriptions",
        operationId: 'listSubscriptions',
        response: { 200: subscriptionListSchema, ...read },
      },
    },
    async (request) => listSubscriptionDetails(deps, request.user!.id),
  );

  app.get(
    API_PATHS.accountSubscription,
    {
      ...common,
      schema: {
        tags,
        summary: 'One subscription: its next renewal, card, recovery and the changes allowed now',
        operationId: 'getSubscription',
        params: subscriptionIdParamsSchema,
        response: { 200: subscriptionDetailSchema, ...read },
      },
    },
    async (request) => ownedSubscriptionDetail(deps, request.user!.id, request.params.id),
  );

  app.get(
    API_PATHS.accountSubscriptionHistory,
    {
      ...common,
      schema: {
        tags,
        summary: "A subscription's orders, renewals, refunds and changes, newest first",
        operationId: 'getSubscriptionHistory',
        params: subscriptionIdParamsSchema,
        response: { 200: subscriptionHistorySchema, ...read },
      },
    },
    async (request) => subscriptionHistory(app.db, request.user!.id, request.params.id),
  );

  app.post(
    API_PATHS.accountSubscriptionCancel,
    {
      ...common,
      schema: {
        tags,
        summary: 'Cancel a subscription',
        operationId: 'cancelSubscription',
        description:
          'Ends the subscription at the end of the paid period (it stays active until then). ' +
          '`immediately` ends it now only when nothing is paid for the coming period (past due or unpaid).',
        params: subscriptionIdParamsSchema,
        body: cancelSubscriptionBodySchema,
        response: { 200: subscriptionDetailSchema, ...write },
      },
    },
    async (request) =>
      cancelSubscription(deps, subscriber(request), request.params.id, request.body),
  );

  bodilessChange(
    'post',
    API_PATHS.accountSubscriptionKeep,
    'Keep a subscription that was cancelled at the end of its period',
    'keepSubscription',
    keepSubscription,
  );

  app.post(
    API_PATHS.accountSubscriptionPause,
    {
      ...common,
      schema: {
        tags,
        summary: 'Pause renewals until a date (from tomorrow to a year ahead)',
        operationId: 'pauseSubscription',
        params: subscriptionIdParamsSchema,
        body: pauseSubscriptionBodySchema,
        response: { 200: subscriptionDetailSchema, ...write },
      },
    },
    async (request) =>
      pauseSubscription(deps, subscriber(request), request.params.id, request.body.until),
  );

  bodilessChange(
    'post',
    API_PATHS.accountSubscriptionResume,
    'Resume a paused subscription now',
    'resumeSubscription',
    resumeSubscription,
  );

  bodilessChange(
    'post',
    API_PATHS.accountSubscriptionSkip,
    'Skip the next renewal (no kit, no charge)',
    'skipSubscriptionRenewal',
    skipNextRenewal,
  );

  bodilessChange(
    'delete',
    API_PATHS.accountSubscriptionSkip,
    'Undo the skip of the next renewal',
    'unskipSubscriptionRenewal',
    unskipNextRenewal,
  );

  app.get(
    API_PATHS.accountSubscriptionInterval,
    {
      ...common,
      schema: {
        tags,
        summary: 'What changing the interval costs, now and at the next renewal',
        operationId: 'previewSubscriptionInterval',
        params: subscriptionIdParamsSchema,
        querystring: intervalChangeQuerySchema,
        response: { 200: intervalChangePreviewSchema, ...write },
      },
    },
    async (request) =>
      previewIntervalChange(deps, subscriber(request), request.params.id, request.query.lookupKey),
  );

  app.post(
    API_PATHS.accountSubscriptionInterval,
    {
      ...common,
      schema: {
        tags,
        summary: 'Change the interval from the next renewal',
        operationId: 'changeSubscriptionInterval',
        description:
          'Nothing is charged now. `expectedNextRenewalAmount` is the amount the preview showed: ' +
          'a price that changed since is refused with 409.',
        params: subscriptionIdParamsSchema,
        body: intervalChangeBodySchema,
        response: { 200: subscriptionDetailSchema, ...write },
      },
    },
    async (request) => changeInterval(deps, subscriber(request), request.params.id, request.body),
  );

  app.put(
    API_PATHS.accountSubscriptionCard,
    {
      ...common,
      schema: {
        tags,
        summary: 'Charge renewals to another saved card',
        operationId: 'updateSubscriptionCard',
        description:
          "One of the subscriber's saved cards. A past-due subscription is tried again at once with it.",
        params: subscriptionIdParamsSchema,
        body: subscriptionCardBodySchema,
        response: { 200: subscriptionDetailSchema, ...write },
      },
    },
    async (request) =>
      updateSubscriptionCard(
        deps,
        subscriber(request),
        request.params.id,
        request.body.paymentMethodId,
      ),
  );
};

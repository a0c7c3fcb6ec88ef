import {
  businessCheckoutBodySchema,
  businessCheckoutDetailsSchema,
  businessCheckoutResponseSchema,
  businessCheckoutStatusSchema,
  IDEMPOTENCY_KEY_HEADER,
  orderParamsSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { safeString } from '@shop/shared/contract/text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/app-error';
import { safeEqual } from '../../lib/tokens';
import {
  businessStatus,
  createBusinessCheckoutProcessor,
} from '../../services/checkout/business-checkout';
import { buyerOf, ensureBuyer } from '../../services/checkout/buyer';

const optionalIdempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: safeString().trim().min(8).max(200).optional(),
});

/**
 * Partner-storefront checkout (payments client): the order is accepted as pending, paid after
 * the response, and polled through /status until final; /details is the whole order.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const businessCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    provider: app.paymentProvider,
    catalogPrices: app.catalogPrices,
    subscriptions: app.subscriptionStarts,
    jobs: app.jobs,
    refundMails: app.refundMails,
    mailQueue: app.mailQueue,
    publicOrigin: app.config.publicOrigin,
    clock: app.clock,
  };
  const processor = createBusinessCheckoutProcessor({
    ...deps,
    customizations: app.customizations,
    log: app.log,
  });
  // Payments still running finish before the database closes.
  app.addHook('preClose', () => processor.drain());
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    422: errorBodySchema,
  };

  app.post(
    API_PATHS.businessCheckout,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['checkout'],
        summary: 'Start a partner-storefront checkout',
        operationId: 'startBusinessCheckout',
        description: `Starts a business checkout; answers 202 with status pending. An optional ${IDEMPOTENCY_KEY_HEADER} makes repeats return the same checkout.`,
        headers: optionalIdempotencyHeaders,
        body: businessCheckoutBodySchema,
        response: { 202: businessCheckoutResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const buyer = ensureBuyer(request, reply, app.config);
      const { order, replayed } = await processor.start(
        request.body,
        request.user,
        buyer,
        request.headers[IDEMPOTENCY_KEY_HEADER] ?? null,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      // A new checkout answers with its accepted (pending) state, even if the payment has run since.
      const status = replayed
        ? await processor.status(order.id, buyer)
        : businessStatus({ id: order.id, status: order.status, failure_message: null });
      return reply.code(202).send({ ...status, order });
    },
  );

  app.get(
    API_PATHS.businessCheckoutStatus,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['checkout'],
        summary: "A business checkout's state",
        operationId: 'getBusinessCheckoutStatus',
        description:
          'The state of a checkout, for the browser (or signed-in user) that started it; 404 for anyone else.',
        params: orderParamsSchema,
        response: { 200: businessCheckoutStatusSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      return processor.status(request.params.id, buyerOf(request, app.config));
    },
  );

  app.get(
    API_PATHS.businessCheckoutDetails,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['checkout'],
        summary: "A business checkout's whole order",
        operationId: 'getBusinessCheckoutDetails',
        description:
          'The whole order of a checkout, for the browser (or signed-in user) that started it; 404 for anyone else.',
        params: orderParamsSchema,
        response: {
          200: businessCheckoutDetailsSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      return processor.details(request.params.id, buyerOf(request, app.config));
    },
  );

  // The warehouse's signal that a paid order shipped. Operators only, like other writes over HTTP.
  const adminToken = app.config.adminToken;
  if (adminToken) {
    app.post(
      API_PATHS.businessCheckoutFulfil,
      {
        schema: {
          tags: ['checkout'],
          summary: 'Mark a paid business order as shipped (operators)',
          operationId: 'fulfilBusinessCheckout',
          security: [{ operatorToken: [] }],
          params: orderParamsSchema,
          response: { 200: businessCheckoutStatusSchema, ...errors },
        },
        onRequest: async (request) => {
          const header = request.headers.authorization ?? '';
          if (!header.startsWith('Bearer ')) throw notFound();
          if (!safeEqual(header.slice('Bearer '.length), adminToken))
            throw forbidden('Wrong operator token');
        },
      },
      async (request) => processor.fulfil(request.params.id),
    );
  }
};

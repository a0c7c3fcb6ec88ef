import {
  employerPaymentBodySchema,
  employerPaymentParamsSchema,
  employerPaymentViewSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { employerFormBodySchema, employerFormResponseSchema } from '@shop/shared/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ensureBuyer } from '../../services/checkout/buyer';
import { cartSessionFrom } from '../../services/cart/cart-session';
import {
  employerPaymentView,
  payEmployerRequest,
  submitEmployerRequest,
  confirmEmployerPayment,
} from '../../services/checkout/employer-payment';

/** "Ask my employer to pay" (connect client): the request, the emailed link's page data, and the payment. */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const employerRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    provider: app.paymentProvider,
    catalogPrices: app.catalogPrices,
    subscriptions: app.subscriptionStarts,
    jobs: app.jobs,
    refundMails: app.refundMails,
    log: app.log,
    mailQueue: app.mailQueue,
    publicOrigin: app.config.publicOrigin,
  };
  // It sends email to an address the visitor types: the sign-in forms' per-IP ceiling applies.
  const rateLimit = {
    max: app.config.authRateLimit.max,
    timeWindow: app.config.authRateLimit.timeWindowMs,
  };
  const errors = {
    400: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
    429: errorBodySchema,
  };

  app.post(
    API_PATHS.employerFormSubmit,
    {
      config: { auth: 'optional', rateLimit },
      schema: {
        tags: ['checkout'],
        summary: 'Ask an employer to pay for an order',
        operationId: 'askEmployerToPay',
        body: employerFormBodySchema,
        response: { 201: employerFormResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const buyer = ensureBuyer(request, reply, app.config);
      const { requestId, orderId } = await submitEmployerRequest(deps, request.body, {
        user: request.user,
        buyer,
        cartSessionId: cartSessionFrom(request),
      });
      return reply.code(201).send({ ok: true as const, requestId, orderId });
    },
  );

  app.get(
    API_PATHS.employerPayment,
    {
      config: { privateResponse: true },
      schema: {
        tags: ['checkout'],
        summary: 'The order an employer was asked to pay',
        operationId: 'getEmployerPayment',
        params: employerPaymentParamsSchema,
        response: { 200: employerPaymentViewSchema, ...errors },
      },
    },
    async (request) => {
      return employerPaymentView(deps, request.params.token);
    },
  );

  app.post(
    API_PATHS.employerPaymentPay,
    {
      schema: {
        tags: ['checkout'],
        summary: "Pay an employee's order as their employer",
        operationId: 'payAsEmployer',
        headers: idempotencyHeadersSchema,
        params: employerPaymentParamsSchema,
        body: employerPaymentBodySchema,
        response: {
          200: employerPaymentViewSchema,
          402: errorBodySchema,
          422: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request) =>
      payEmployerRequest(
        deps,
        request.params.token,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      ),
  );

  app.post(
    API_PATHS.employerPaymentConfirm,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Complete an employer payment the bank asked to confirm',
        operationId: 'confirmEmployerPayment',
        description:
          "After the employer finished the bank's step in the browser, reads the payment from the provider and records it if it succeeded.",
        params: employerPaymentParamsSchema,
        response: { 200: employerPaymentViewSchema, 402: errorBodySchema, ...errors },
      },
    },
    async (request) => confirmEmployerPayment(deps, request.params.token),
  );
};

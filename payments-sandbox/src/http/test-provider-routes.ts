// The built-in provider's own HTTP surface (what Stripe's servers and Stripe.js are to the Stripe
// adapter): it lives with the provider, not among the shop's routes, because only the provider's
// element may receive card details; the shop's API takes tokens.
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { InvalidCardError, type TestPaymentProvider } from '../sandbox-provider';
import {
  actionResultSchema,
  authenticateBodySchema,
  clientSecretQuerySchema,
  errorBodySchema,
  nextActionSchema,
  TEST_PROVIDER_PATHS,
  tokenBodySchema,
  tokenSchema,
} from './test-provider-schemas';
import { testProviderPageRoutes } from './test-provider-page-routes';
import { errorReply } from './error-reply';

/** The provider's own pages and API are public (no shop session), with their own rate limit. */
const RATE_LIMIT = { max: 300, timeWindow: 60_000 };

/**
 * Delivers the provider's signed events from ready until close; the shop's webhook plugin names
 * where they go.
 */
function deliverEvents(app: FastifyInstance, provider: TestPaymentProvider) {
  app.addHook('onReady', async () => provider.startEventDelivery());
  app.addHook('onClose', async () => provider.stopEventDelivery());
}

/**
 * The built-in payment provider's HTTP surface, served (outside the API prefixes) only when it
 * is the configured provider: what Stripe's servers and Stripe.js do for a Stripe account.
 */
export const testProviderRoutes: FastifyPluginAsyncZod<{
  provider: TestPaymentProvider;
  /** The shop's origins: the pay-later page sends the shopper back only to one of them. */
  returnOrigins: readonly string[];
}> = async (app, { provider, returnOrigins }) => {
  deliverEvents(app, provider);
  await app.register(testProviderPageRoutes, { provider, returnOrigins });

  app.post(
    TEST_PROVIDER_PATHS.tokens,
    {
      config: { rateLimit: RATE_LIMIT },
      schema: {
        // The provider's own surface, not the shop's API: left out of the shop's OpenAPI document.
        hide: true,
        summary: 'Tokenise card details (built-in test provider)',
        operationId: 'testProviderCreateToken',
        description:
          'What the provider card element calls: keeps the brand, last four digits, expiry and test behaviour, never the number or CVC. `{type:"bnpl"}` makes a pay-later token.',
        body: tokenBodySchema,
        response: { 200: tokenSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if ('type' in body && body.type === 'bnpl') return provider.createBnplToken();
      const card = body as Exclude<typeof body, { type: 'bnpl' }>;
      try {
        return await provider.createCardToken(card);
      } catch (error) {
        if (error instanceof InvalidCardError)
          return reply
            .code(400)
            .send(errorReply('VALIDATION_ERROR', error.message, { [error.field]: error.message }));
        throw error;
      }
    },
  );

  app.get(
    TEST_PROVIDER_PATHS.nextAction,
    {
      config: { rateLimit: RATE_LIMIT },
      schema: {
        // The provider's own surface, not the shop's API: left out of the shop's OpenAPI document.
        hide: true,
        summary: 'What the shopper must do next (built-in test provider)',
        operationId: 'testProviderNextAction',
        querystring: clientSecretQuerySchema,
        response: { 200: nextActionSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      // What the shopper must do is theirs alone: never kept by a shared cache.
      reply.header('cache-control', 'private, no-store');
      const action = await provider.nextAction(request.query.client_secret);
      if (!action)
        return reply.code(404).send(errorReply('NOT_FOUND', 'Nothing is waiting for the shopper'));
      return action;
    },
  );

  app.post(
    TEST_PROVIDER_PATHS.authenticate,
    {
      config: { rateLimit: RATE_LIMIT },
      schema: {
        // The provider's own surface, not the shop's API: left out of the shop's OpenAPI document.
        hide: true,
        summary: 'Complete or fail 3-D Secure (built-in test provider)',
        operationId: 'testProviderAuthenticate',
        body: authenticateBodySchema,
        response: { 200: actionResultSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await provider.authenticate(request.body.clientSecret, request.body.outcome);
      if (!result) return reply.code(404).send(errorReply('NOT_FOUND', 'Unknown payment'));
      return { status: result.status };
    },
  );
};

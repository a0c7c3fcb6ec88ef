import { API_PATHS } from '@shop/shared/contract/paths';
import { paymentsBrowserConfigSchema } from '@shop/shared/contract/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public and the same for everyone; a short cache lets a key rotation reach browsers soon. */
const CONFIG_CACHE_CONTROL = 'public, max-age=300';

/** Which provider element the browser loads: Stripe's (its publishable key) or the built-in one. */
export const paymentsConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.paymentsConfig,
    {
      schema: {
        tags: ['payments'],
        summary: "The payment provider's browser settings",
        operationId: 'getPaymentsConfig',
        description:
          "Which element collects card details in the browser: Stripe's Payment Element with the publishable key, " +
          "or the built-in test provider's iframe. Card details go to the provider, never to this API.",
        response: { 200: paymentsBrowserConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return app.paymentProvider.browserConfig();
    },
  );
};

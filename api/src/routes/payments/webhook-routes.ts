import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { handlePaymentEvent, receiveSignedEvents } from '../../services/payments/payment-events';
import {
  deliversEventsInProcess,
  WebhookSignatureError,
} from '../../services/payments/payment-provider';

const webhookAnswerSchema = z.object({ received: z.literal(true) });

/**
 * The payment provider's events. The signature is checked on the raw body before anything reads
 * it, so this plugin parses every body as a Buffer. The provider calls it without a session, so
 * the origin check (which looks only at requests carrying a session cookie) does not apply.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const deps = {
    db: app.db,
    provider: app.paymentProvider,
    log: app.log,
    mailQueue: app.mailQueue,
    subscriptions: app.subscriptionStarts,
    jobs: app.jobs,
    refundMails: app.refundMails,
    billedEvents: {
      billing: app.subscriptionBilling,
      clock: app.clock,
      publicOrigin: app.config.publicOrigin,
    },
  };

  // The payment sandbox runs in this process: its events are handed over a batch at a time,
  // verified on their raw body as posted ones are, without a request per event. Stripe posts here.
  const provider = app.paymentProvider;
  if (deliversEventsInProcess(provider)) {
    provider.setEventTarget((events) => receiveSignedEvents(deps, events));
    app.addHook('onClose', async () => provider.setEventTarget(null));
  }

  app.post(
    API_PATHS.paymentsWebhook,
    {
      schema: {
        tags: ['payments'],
        summary: "Receive the payment provider's signed events",
        operationId: 'receivePaymentWebhook',
        description:
          'Called by the payment provider (Stripe-signed: the `stripe-signature` header over the raw body). ' +
          'A forged, unsigned, stale or altered event answers 400 and changes nothing; each event id is ' +
          'applied once, a repeat answers 200.',
        response: { 200: webhookAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        event = app.paymentProvider.parseWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'payment webhook refused');
        throw new AppError(400, 'BAD_REQUEST', 'The event signature did not verify.');
      }
      await handlePaymentEvent(deps, event);
      return { received: true as const };
    },
  );
};

// The one file of the API that names the payment sandbox (its own package): the composition root
// plugs it in behind the PaymentProvider interface when no Stripe account is configured, and
// mounts its pages and API. Nothing else in api/src may import it (eslint.config.mjs).
import type { FastifyInstance } from 'fastify';
import {
  createTestPaymentProvider,
  isTestPaymentProvider,
  testProviderRoutes,
} from '@shop/payments-sandbox';
import type { Database } from '../../db/schema';
import type { PaymentProvider } from '../../services/payments/payment-provider';

/**
 * The sandbox as the shop's provider. Its tables still live in the shop's database; the handle it
 * is given types only those (and the catalogue's prices it mirrors, as Stripe's Prices do).
 */
export function createSandboxProvider(db: Database, now: () => Date): PaymentProvider {
  return createTestPaymentProvider(db, { now });
}

/** The sandbox is the provider in use (the shop then runs subscription renewals itself). */
export function isPaymentSandbox(provider: PaymentProvider): boolean {
  return isTestPaymentProvider(provider);
}

/** The sandbox's card element, pages and API, served only when it is the configured provider. */
export async function registerPaymentSandbox(app: FastifyInstance): Promise<void> {
  if (isTestPaymentProvider(app.paymentProvider))
    await app.register(testProviderRoutes, {
      provider: app.paymentProvider,
      returnOrigins: app.config.allowedOrigins,
    });
}

import type { FastifyInstance } from 'fastify';
import { authRoutes } from './account/auth-routes';
import { invitationRoutes } from './account/invitation-routes';
import { managementPortalRoutes } from './account/management-portal-routes';
import { referralRoutes } from './account/referral-routes';
import { signupRoutes } from './account/signup-routes';
import { subscriptionRoutes } from './account/subscription-routes';
import { userRoutes } from './account/user-routes';
import { pageViewRoutes } from './analytics/page-view-routes';
import { webVitalsRoutes } from './analytics/web-vitals-routes';
import { cartRoutes } from './cart/cart-routes';
import { visitorCartRoutes } from './cart/visitor-cart-routes';
import { catalogContentRoutes } from './catalog/catalog-content-routes';
import { catalogRoutes } from './catalog/catalog-routes';
import { businessCheckoutRoutes } from './checkout/business-checkout-routes';
import { businessUsersRoutes } from './checkout/business-users-routes';
import { checkoutRoutes } from './checkout/checkout-routes';
import { discountRoutes } from './checkout/discount-routes';
import { employerRoutes } from './checkout/employer-routes';
import { outboxRoutes, outboxRouteEnabled } from './dev/outbox-routes';
import { healthRoutes } from './health/health-routes';
import { metricsRoutes } from './metrics/metrics-routes';
import { opsRoutes } from './operations/ops-routes';
import { accountOrderRoutes } from './orders/account-order-routes';
import { kitsRoutes } from './orders/kits-routes';
import { customizationRoutes } from './partners/customization-routes';
import { bnplRoutes } from './payments/bnpl-routes';
import { paymentsConfigRoutes } from './payments/payments-config-routes';
import { webhookRoutes } from './payments/webhook-routes';
import { carrierWebhookRoutes } from '../modules/fulfilment';
import { resultUploadRoutes } from './results/result-upload-routes';
import { resultsRoutes } from './results/results-routes';
import { biomarkerGuideRoutes } from './catalog/biomarker-guide-routes';
import { supportRoutes } from './support/support-routes';
import { registerPaymentSandbox } from '../plugins/app/payment-sandbox';
import { upgradesRoutes } from './upgrades/upgrades-routes';
import { kitRoutes } from '../modules/kits';
import { labRoutes } from '../modules/lab';

/**
 * One folder of routes per domain, the same domains as services/. The URL prefixes are the
 * public contract and do not follow the folders: each plugin uses full paths from
 * @shop/shared/contract/paths. To add a route, put it in its domain's folder and register it here.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  // account, results, analytics and support
  await app.register(authRoutes);
  await app.register(signupRoutes);
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await app.register(referralRoutes);
  await app.register(managementPortalRoutes);
  await app.register(subscriptionRoutes);
  await app.register(resultUploadRoutes);
  await app.register(resultsRoutes);
  await app.register(labRoutes);
  await app.register(pageViewRoutes);
  await app.register(webVitalsRoutes);
  await app.register(supportRoutes);
  // catalog, partners' storefronts and the cart
  await app.register(catalogRoutes);
  await app.register(catalogContentRoutes);
  await app.register(biomarkerGuideRoutes);
  await app.register(customizationRoutes);
  await app.register(cartRoutes);
  await app.register(visitorCartRoutes);
  // checkout, orders, payments and post-purchase upgrades
  await app.register(businessUsersRoutes);
  await app.register(discountRoutes);
  await app.register(checkoutRoutes);
  await app.register(businessCheckoutRoutes);
  await app.register(employerRoutes);
  await app.register(kitsRoutes);
  await app.register(kitRoutes);
  await app.register(accountOrderRoutes);
  await app.register(bnplRoutes);
  await app.register(paymentsConfigRoutes);
  await app.register(webhookRoutes);
  await app.register(carrierWebhookRoutes);
  await app.register(upgradesRoutes);
  // the payment sandbox's own pages and API, when it is the provider in use
  await registerPaymentSandbox(app);
  // operators (404 to everyone else)
  await app.register(opsRoutes);
  // local tools
  if (outboxRouteEnabled(app)) await app.register(outboxRoutes);
}

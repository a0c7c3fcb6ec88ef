import type { FastifyInstance } from 'fastify';
import { catalogRoutes } from './api/catalog-routes';
import { catalogContentRoutes } from './api/catalog-content-routes';
import { customizationRoutes } from './api/customization-routes';
import { authRoutes } from './auth2/auth-routes';
import { signupRoutes } from './auth2/signup-routes';
import { outboxRoutes, outboxRouteEnabled } from './dev/outbox-routes';
import { healthRoutes } from './health/health-routes';
import { pageViewRoutes } from './impact/page-view-routes';
import { businessUsersRoutes } from './payments/business-users-routes';
import { bnplRoutes } from './payments/bnpl-routes';
import { businessCheckoutRoutes } from './payments/business-checkout-routes';
import { checkoutRoutes } from './payments/checkout-routes';
import { discountRoutes } from './payments/discount-routes';
import { cartRoutes } from './cart/cart-routes';
import { visitorCartRoutes } from './cart/visitor-cart-routes';
import { employerRoutes } from './employer/employer-routes';
import { kitsRoutes } from './kits/kits-routes';
import { upgradesRoutes } from './upgrades/upgrades-routes';
import { managementPortalRoutes } from './user/management-portal-routes';
import { userRoutes } from './user/user-routes';
import { invitationRoutes } from './user/invitation-routes';
import { referralRoutes } from './user/referral-routes';
import { supportRoutes } from './support/support-routes';
import { resultUploadRoutes } from './user/result-upload-routes';
import { opsRoutes } from './ops/ops-routes';

/**
 * One folder of routes per resource. Each plugin uses full paths from
 * @shop/shared/contract/paths, so every route stays under its client's prefix
 * (connect: /auth2 /user /impact /employer-form-submit /kits; payments:
 * /payments/stripe-subscriptions; content: /api). To add an area, write its plugin
 * beside these and register it here.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  // connect
  await app.register(authRoutes);
  await app.register(signupRoutes);
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await app.register(referralRoutes);
  await app.register(managementPortalRoutes);
  await app.register(resultUploadRoutes);
  await app.register(pageViewRoutes);
  await app.register(employerRoutes);
  await app.register(kitsRoutes);
  await app.register(supportRoutes);
  // payments
  await app.register(businessUsersRoutes);
  await app.register(discountRoutes);
  await app.register(checkoutRoutes);
  await app.register(businessCheckoutRoutes);
  await app.register(bnplRoutes);
  // payments and content: post-purchase upgrades
  await app.register(upgradesRoutes);
  // content
  await app.register(catalogRoutes);
  await app.register(catalogContentRoutes);
  await app.register(customizationRoutes);
  await app.register(cartRoutes);
  await app.register(visitorCartRoutes);
  // operators (404 to everyone else)
  await app.register(opsRoutes);
  // local tools
  if (outboxRouteEnabled(app)) await app.register(outboxRoutes);
}

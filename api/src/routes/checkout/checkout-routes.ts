import {
  chargeConfirmResponseSchema,
  checkoutQuoteBodySchema,
  checkoutQuoteSchema,
  checkoutStartBodySchema,
  checkoutStartResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyHeadersSchema,
  orderParamsSchema,
  orderSchema,
  placeOrderBodySchema,
  shippingCostQuerySchema,
  shippingCostResponseSchema,
} from '@shop/shared/contract/checkout';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  buyBpTapeBodySchema,
  buyBpTapeParamsSchema,
  buyBpTapeResponseSchema,
  upgradeConfirmParamsSchema,
  upgradeResultSchema,
  UPGRADE_WINDOW_MINUTES,
} from '@shop/shared/contract/upgrades';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordCheckoutStart } from '../../repositories/checkout-starts-repository';
import { buyBpTape } from '../../services/checkout/buy-bp-tape';
import { alreadyPurchased, confirmUpgradePayment } from '../../services/upgrades/purchase-upgrade';
import {
  confirmOrderPayment,
  loadOwnedOrderView,
  placeConsumerOrder,
} from '../../services/checkout/orders';
import { NOT_COMPLETED_STATUS, orderNotCompleted } from '../../services/checkout/record-payment';
import { buyerOf, ensureBuyer } from '../../services/checkout/buyer';
import { withPartnerTitles } from '../../services/checkout/partner-titles';
import { createPricingCatalogCache } from '../../services/checkout/pricing-catalog';
import type { FastifyRequest } from 'fastify';
import {
  assertKnownLookupKeys,
  priceCart,
  shippingCost,
  toQuote,
} from '../../services/checkout/pricing';

/** Checkout (payments client): shipping, the checkout-start lead, quotes, orders and the bp-tape add-on. */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = {
    db,
    provider: app.paymentProvider,
    log: app.log,
    mailQueue: app.mailQueue,
    publicOrigin: app.config.publicOrigin,
    pricingCatalog: createPricingCatalogCache(db),
    catalogPrices: app.catalogPrices,
    clock: app.clock,
    subscriptions: app.subscriptionStarts,
    jobs: app.jobs,
    refundMails: app.refundMails,
  };
  const buyer = (request: FastifyRequest) => buyerOf(request, app.config);
  const errors = {
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };
  const paymentErrors = { ...errors, 402: errorBodySchema, 422: errorBodySchema };

  app.get(
    API_PATHS.shippingCost,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Shipping cost for a set of kits',
        operationId: 'getShippingCost',
        description:
          'Shipping in cents for the kits of these lookup keys; consolidated=1 ships every kit of a subscription upfront.',
        querystring: shippingCostQuerySchema,
        response: { 200: shippingCostResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { country, lookupKeys, currency, consolidated } = request.query;
      await assertKnownLookupKeys(db, app.catalogPrices, lookupKeys);
      // One kit per key listed, as the client lists one key per kit in the cart.
      return {
        shippingCost: await shippingCost(db, {
          country,
          currency,
          kitCount: lookupKeys.length,
          consolidated,
        }),
      };
    },
  );

  app.post(
    API_PATHS.checkoutStart,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['checkout'],
        summary: 'Record that a shopper started checking out',
        operationId: 'recordCheckoutStart',
        body: checkoutStartBodySchema,
        response: { 200: checkoutStartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, country, first_name, last_name, event_name } = request.body;
      await recordCheckoutStart(db, {
        email,
        country,
        firstName: first_name,
        lastName: last_name,
        eventName: event_name,
        userId: request.user?.id ?? null,
      });
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.checkoutQuote,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Price a cart: lines, discount, shipping and total',
        operationId: 'quoteCart',
        body: checkoutQuoteBodySchema,
        response: { 200: checkoutQuoteSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The buyer cookie is set before the order, so a retried order whose answer was lost is still this buyer's.
      ensureBuyer(request, reply, app.config);
      return toQuote(
        await withPartnerTitles(
          app.customizations,
          request.body.businessKey,
          await priceCart(db, app.catalogPrices, request.body),
        ),
      );
    },
  );

  app.post(
    API_PATHS.orders,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['checkout'],
        summary: 'Place an order and pay for it',
        operationId: 'placeOrder',
        description: `Places a consumer order. Send a fresh ${IDEMPOTENCY_KEY_HEADER} per order: a repeat returns the same order, a different body with it is refused (422). A declined payment (402) frees the key: the same request again answers the same 402, another body (a new card) places the order. Prices sent by a client are ignored. The order is recorded before the charge; if it cannot be completed after the charge, the charge is refunded and the key answers 409 ORDER_NOT_COMPLETED from then on. Sets the buyer cookie that proves ownership of the order.`,
        headers: idempotencyHeadersSchema,
        body: placeOrderBodySchema,
        response: { 201: orderSchema, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const orderBuyer = ensureBuyer(request, reply, app.config);
      const outcome = await placeConsumerOrder(
        deps,
        {
          user: request.user,
          buyer: orderBuyer,
          email: body.email,
          name: body.name,
          items: body.items,
          shippingAddress: body.shippingAddress,
          discountCode: body.discountCode ?? null,
          shipUpfront: body.shipUpfront,
          paymentMethod: body.paymentMethod,
          sessionId: body.sessionId,
          marketingEnabled: body.marketingEnabled,
          subscriptionConsent: body.subscriptionConsent,
        },
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (outcome.statusCode === NOT_COMPLETED_STATUS) throw orderNotCompleted();
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply
        .code(201)
        .send(outcome.order ?? (await loadOwnedOrderView(deps, outcome.orderId, orderBuyer)));
    },
  );

  app.get(
    API_PATHS.order,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['checkout'],
        summary: 'Get an order its buyer placed',
        operationId: 'getOrder',
        description:
          'One order, for the browser (buyer cookie) or signed-in user that placed it; anyone else gets the same 404 as for an unknown id.',
        params: orderParamsSchema,
        response: { 200: orderSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      return loadOwnedOrderView(deps, request.params.id, buyer(request));
    },
  );

  app.post(
    API_PATHS.orderConfirm,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['checkout'],
        summary: 'Complete a payment the bank asked to confirm',
        operationId: 'confirmOrderPayment',
        description:
          'Completes a payment the bank asked to confirm; only for whoever placed the order.',
        params: orderParamsSchema,
        response: { 200: chargeConfirmResponseSchema, ...paymentErrors },
      },
    },
    async (request) => confirmOrderPayment(deps, request.params.id, buyer(request)),
  );

  app.post(
    API_PATHS.upgradeConfirm,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['upgrades'],
        summary: 'Complete an upgrade payment the bank asked to confirm',
        operationId: 'confirmUpgradePayment',
        description:
          "After the shopper finished the bank's step in the browser, reads the upgrade's payment from the provider and completes the upgrade if it succeeded. Only for whoever placed the order.",
        params: upgradeConfirmParamsSchema,
        response: { 200: upgradeResultSchema, ...paymentErrors },
      },
    },
    async (request) => confirmUpgradePayment(deps, request.params.id, buyer(request)),
  );

  app.post(
    API_PATHS.buyBpTape,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['checkout'],
        summary: 'Add the blood-pressure monitor and tape to an order',
        operationId: 'buyBpTape',
        description: `Buys the blood-pressure monitor and tape with the order's payment method; id is the order id or its payment id. Only for whoever placed the order, within ${UPGRADE_WINDOW_MINUTES} minutes of it (404 for anyone else); a second purchase is refused (409), like every upgrade.`,
        params: buyBpTapeParamsSchema,
        body: buyBpTapeBodySchema,
        response: { 201: buyBpTapeResponseSchema, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const { upgrade, created } = await buyBpTape(
        deps,
        request.params.id,
        request.body.quantity,
        buyer(request),
      );
      if (!created) throw alreadyPurchased('bp-tape');
      return reply.code(201).send(upgrade);
    },
  );
};

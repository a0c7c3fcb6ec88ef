import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  easyDrawUpgradeBodySchema,
  easyDrawUpgradeQuerySchema,
  easyDrawUpgradeResponseSchema,
  easyDrawUpgradeResultSchema,
  miniPanelPendingBodySchema,
  miniPanelPendingResponseSchema,
  miniPanelUpgradeBodySchema,
  miniPanelUpgradeQuerySchema,
  miniPanelUpgradeResponseSchema,
  miniPanelUpgradeResultSchema,
  upgradePurchasedQuerySchema,
  upgradePurchasedResponseSchema,
} from '@shop/shared/contract/upgrades';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buyerOf } from '../../services/checkout/buyer';
import {
  alreadyPurchased,
  purchaseUpgrade,
  recordPendingUpgrade,
} from '../../services/upgrades/purchase-upgrade';
import {
  easyDrawUpgradeOffer,
  isUpgradePurchased,
  miniPanelUpgradeOffer,
} from '../../services/upgrades/upgrade-offers';

/**
 * Post-purchase upgrades: the offers (content client, /api) and their one-click purchases on the
 * order's saved card (payments client). The bp-tape purchase shares the flow from checkout-routes.
 * Everything that names an order answers only its buyer (404 for anyone else), and purchases only
 * within UPGRADE_WINDOW_MINUTES of the order.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const upgradesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = {
    db,
    provider: app.paymentProvider,
    catalogPrices: app.catalogPrices,
    subscriptions: app.subscriptionStarts,
    jobs: app.jobs,
    refundMails: app.refundMails,
    log: app.log,
    mailQueue: app.mailQueue,
    publicOrigin: app.config.publicOrigin,
  };
  const buyer = (request: FastifyRequest) => buyerOf(request, app.config);
  const errors = {
    400: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };
  const paymentErrors = { ...errors, 402: errorBodySchema };

  app.get(
    API_PATHS.miniPanelUpgrade,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['upgrades'],
        summary: 'The mini panel offer for an order',
        operationId: 'getMiniPanelOffer',
        description:
          'The mini panel offer for an order with these lookup keys; null when there is none or the order (paymentId) already has it.',
        querystring: miniPanelUpgradeQuerySchema,
        response: {
          200: miniPanelUpgradeResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      return reply.send(
        await miniPanelUpgradeOffer(
          db,
          app.catalogPrices,
          request.query.lookupKeys,
          request.query.paymentId,
          buyer(request),
        ),
      );
    },
  );

  app.get(
    API_PATHS.easyDrawUpgrade,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['upgrades'],
        summary: 'The easy-draw device offer for an order',
        operationId: 'getEasyDrawOffer',
        description:
          'The easy-draw device for the kit lookupKey of the order id (payment id or order id); null when already bought.',
        querystring: easyDrawUpgradeQuerySchema,
        response: {
          200: easyDrawUpgradeResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      return reply.send(
        await easyDrawUpgradeOffer(
          db,
          app.catalogPrices,
          request.query.lookupKey,
          request.query.id,
          buyer(request),
        ),
      );
    },
  );

  app.get(
    API_PATHS.upgradePurchased,
    {
      config: { auth: 'optional', privateResponse: true },
      schema: {
        tags: ['upgrades'],
        summary: 'Whether an order has completed an upgrade',
        operationId: 'isUpgradePurchased',
        description:
          'Whether the order of this payment id (or order id) has completed the upgrade of this type.',
        querystring: upgradePurchasedQuerySchema,
        response: {
          200: upgradePurchasedResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      return {
        isUpgraded: await isUpgradePurchased(
          db,
          request.query.paymentId,
          request.query.type,
          buyer(request),
        ),
      };
    },
  );

  app.post(
    API_PATHS.miniPanelUpgradePending,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['upgrades'],
        summary: 'Accept the mini panel offer for an order',
        operationId: 'acceptMiniPanelOffer',
        description:
          'Accepting the mini panel offer: records it as pending for the order. 409 once it is completed.',
        body: miniPanelPendingBodySchema,
        response: {
          200: miniPanelPendingResponseSchema,
          201: miniPanelPendingResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { paymentId, upgradable, email } = request.body;
      const { upgrade, created } = await recordPendingUpgrade(deps, {
        ref: paymentId,
        buyer: buyer(request),
        type: 'mini-panel',
        email,
        upgradable,
      });
      return reply.code(created ? 201 : 200).send({ id: upgrade.id, status: 'pending' as const });
    },
  );

  app.post(
    API_PATHS.miniPanelUpgradePurchase,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['upgrades'],
        summary: "Buy the mini panel with the order's card",
        operationId: 'buyMiniPanel',
        description:
          "Buys the mini panel with the order's saved card: pending -> completed. A decline leaves it pending (402); a second purchase is refused (409).",
        body: miniPanelUpgradeBodySchema,
        response: { 201: miniPanelUpgradeResultSchema, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const { priceId, paymentId, email, quantity, product } = request.body;
      const { upgrade, created } = await purchaseUpgrade(deps, {
        ref: paymentId,
        buyer: buyer(request),
        type: 'mini-panel',
        email,
        upgradable: product,
        priceId,
        quantity,
      });
      if (!created) throw alreadyPurchased('mini-panel');
      return reply.code(201).send(upgrade);
    },
  );

  app.post(
    API_PATHS.easyDrawUpgradePurchase,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['upgrades'],
        summary: "Buy the easy-draw device with the order's card",
        operationId: 'buyEasyDraw',
        description:
          "Buys the easy-draw device for the ordered kit `product` with the order's saved card; a second purchase is refused (409).",
        body: easyDrawUpgradeBodySchema,
        response: { 201: easyDrawUpgradeResultSchema, ...paymentErrors },
      },
    },
    async (request, reply) => {
      const { priceId, paymentId, email, product } = request.body;
      const { upgrade, created } = await purchaseUpgrade(deps, {
        ref: paymentId,
        buyer: buyer(request),
        type: 'easy-draw',
        email,
        upgradable: product,
        priceId,
        quantity: 1,
      });
      if (!created) throw alreadyPurchased('easy-draw');
      return reply.code(201).send({ product, upgrade });
    },
  );
};

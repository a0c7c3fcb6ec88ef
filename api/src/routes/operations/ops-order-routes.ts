import {
  opsOrderDetailSchema,
  opsOrderParamsSchema,
  orderListQuerySchema,
  orderListSchema,
  refundBodySchema,
  refundResultSchema,
} from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { listOrdersFor, orderDetail, refundOrder } from '../../services/operations/order-support';
import { OPS_ERRORS, operatorOf } from './operator-guard';

/** Order support: the orders list and search, the money picture of one order, and refunds. */
export const opsOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, provider: app.paymentProvider, refundMails: app.refundMails };

  app.get(
    API_PATHS.opsOrders,
    {
      schema: {
        hide: true,
        tags: ['operations'],
        summary: 'List orders newest first, filtered and paged by cursor',
        operationId: 'opsListOrders',
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, ...OPS_ERRORS },
      },
    },
    async (request) => listOrdersFor(app.db, request.query),
  );

  app.get(
    API_PATHS.opsOrder,
    {
      schema: {
        hide: true,
        tags: ['operations'],
        summary: 'Show one order with its lines, charges, upgrades and refunds',
        operationId: 'opsGetOrder',
        params: opsOrderParamsSchema,
        response: { 200: opsOrderDetailSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const detail = await orderDetail(deps, request.params.id);
      if (!detail) throw notFound('Order not found');
      return detail;
    },
  );

  app.post(
    API_PATHS.opsOrderRefunds,
    {
      schema: {
        hide: true,
        tags: ['operations'],
        summary: 'Refund an order or one of its lines',
        operationId: 'opsRefundOrder',
        params: opsOrderParamsSchema,
        body: refundBodySchema,
        response: { 200: refundResultSchema, ...OPS_ERRORS },
      },
    },
    async (request) =>
      refundOrder(deps, {
        orderId: request.params.id,
        lineId: request.body.lineId,
        reason: request.body.reason,
        idempotencyKey: request.body.idempotencyKey,
        actor: operatorOf(request),
        requestId: request.id,
      }),
  );
};

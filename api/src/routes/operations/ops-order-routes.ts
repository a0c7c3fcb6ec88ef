import {
  opsOrderDetailSchema,
  opsOrderParamsSchema,
  orderSearchQuerySchema,
  orderSearchResultSchema,
  refundBodySchema,
  refundResultSchema,
} from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { findOrdersFor, orderDetail, refundOrder } from '../../services/operations/order-support';
import { OPS_ERRORS, operatorOf } from './operator-guard';

/** Order support: search, the money picture of one order, and refunds through the provider. */
export const opsOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, provider: app.paymentProvider };

  app.get(
    API_PATHS.opsOrders,
    {
      schema: {
        hide: true,
        querystring: orderSearchQuerySchema,
        response: { 200: orderSearchResultSchema, ...OPS_ERRORS },
      },
    },
    async (request) => ({ orders: await findOrdersFor(app.db, request.query.q) }),
  );

  app.get(
    API_PATHS.opsOrder,
    {
      schema: {
        hide: true,
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

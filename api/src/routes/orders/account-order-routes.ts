import {
  accountOrderDetailSchema,
  accountOrderListSchema,
  accountOrderParamsSchema,
} from '@shop/shared/contract/account-orders';
import { errorBodySchema } from '@shop/shared/contract/errors';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOrderDetail,
  accountOrderList,
  accountOrderReceiptPdf,
} from '../../services/orders/account-orders';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

// Documentation only: the PDF's bytes are sent as they are.
const receiptResponse = {
  description: "The order's receipt, as a PDF attachment",
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
};

/**
 * The signed-in customer's order history: every paid order of the account, one order with its
 * lines, totals and refunds, and its receipt to download. Another user's order id answers the
 * same 404 as an unknown one.
 */
export const accountOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { config: { auth: 'required' as const, privateResponse: true } };
  const tags = ['account'];

  app.get(
    API_PATHS.accountOrders,
    {
      ...common,
      schema: {
        tags,
        summary: "List the signed-in customer's orders, newest first",
        operationId: 'listAccountOrders',
        description:
          'Every paid order of the account: placed on the shop, on a partner storefront, or paid by a renewal.',
        response: { 200: accountOrderListSchema, ...errors },
      },
    },
    async (request) => accountOrderList(app.db, request.user!.id),
  );

  app.get(
    API_PATHS.accountOrder,
    {
      ...common,
      schema: {
        tags,
        summary: 'One of the customer’s orders: lines, totals, payment, address and refunds',
        operationId: 'getAccountOrder',
        params: accountOrderParamsSchema,
        response: { 200: accountOrderDetailSchema, ...errors },
      },
    },
    async (request) => accountOrderDetail(app.db, request.user!.id, request.params.id),
  );

  app.get(
    API_PATHS.accountOrderReceipt,
    {
      ...common,
      schema: {
        tags,
        summary: "Download an order's receipt as a PDF",
        operationId: 'downloadAccountOrderReceipt',
        params: accountOrderParamsSchema,
        response: { 200: receiptResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await accountOrderReceiptPdf(
        app.db,
        request.user!.id,
        request.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf as never);
    },
  );
};

import { errorBodySchema } from '@shop/shared/contract/errors';
import {
  FULFILMENT_PATHS,
  fulfilmentKitParamsSchema,
  kitShipmentSchema,
  markShippedBodySchema,
  shippingQueueSchema,
  shippingSlipSchema,
  type KitShipment,
} from '@shop/shared/contract/fulfilment';
import type { AddressView } from '@shop/shared/contract/common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { OPS_ERRORS, operatorOf } from '../../routes/operations/operator-guard';
import { kitBarcodeSvg, recordKitTransition } from '../kits';
import { CarrierSignatureError, CarrierUnavailableError, type Carrier } from './carrier';
import { createCarrier } from './create-carrier';
import {
  applyTrackingUpdate,
  buyLabels,
  FulfilmentError,
  listShippingQueue,
  markShipped,
  shippingSlip,
  type FulfilmentDeps,
} from './fulfilment-service';
// eslint-disable-next-line no-restricted-imports -- row types only, for the response mapping; the service should hand views (pending the module move, docs/decisions/api-module-boundaries.md)
import type { ShipmentLabelRow, ShipmentRow } from './fulfilment-tables';

const carriers = new WeakMap<object, Carrier>();

/** One carrier per app (keyed by its config, which every plugin scope shares), made on first use. */
function deps(app: FastifyInstance): FulfilmentDeps {
  let carrier = carriers.get(app.config);
  if (!carrier) {
    carrier = createCarrier(app.config.carrier);
    carriers.set(app.config, carrier);
  }
  return { db: app.db, clock: app.clock, carrier, recordKitTransition };
}

function addressView(stored: Record<string, unknown>, name: string): AddressView {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(stored.name) || name,
    line1: text(stored.line1),
    line2: text(stored.line2) || null,
    city: text(stored.city),
    state: text(stored.state),
    postal_code: text(stored.postal_code),
    country: (text(stored.country) || 'US') as AddressView['country'],
  };
}

function shipmentView(
  shipment: ShipmentRow,
  labels: ShipmentLabelRow[],
  tracking: { status: string; occurred_at: Date }[],
): KitShipment {
  return {
    carrier: shipment.carrier,
    status: shipment.status,
    trackingCode: shipment.tracking_code,
    shippedAt: shipment.shipped_at?.toISOString() ?? null,
    deliveredAt: shipment.delivered_at?.toISOString() ?? null,
    labels: labels
      .filter((label) => label.bought_at)
      .map((label) => ({
        direction: label.direction,
        trackingCode: label.tracking_code,
        labelUrl: label.label_url,
        service: label.service,
      })),
    tracking: tracking.map((event) => ({
      status: event.status,
      at: event.occurred_at.toISOString(),
    })),
  };
}

/** Service refusals in the error shape: an unknown kit is the same 404 as any unknown id. */
function asAppError(error: unknown): unknown {
  if (error instanceof FulfilmentError)
    return error.kind === 'not_found'
      ? new AppError(404, 'NOT_FOUND', error.message)
      : new AppError(409, 'CONFLICT', error.message);
  if (error instanceof CarrierUnavailableError)
    return new AppError(503, 'SERVICE_UNAVAILABLE', error.message);
  return error;
}

/**
 * The console's fulfilment routes, registered inside the operator scope (its guard answers 404 to
 * everyone else): the queue, a kit's slip, buying labels and marking a kit shipped.
 */
// eslint-disable-next-line max-lines-per-function -- one plugin registers the routes of this resource; splitting it per operation waits for the module move (docs/decisions/api-module-boundaries.md)
export const opsFulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    FULFILMENT_PATHS.queue,
    { schema: { hide: true, response: { 200: shippingQueueSchema, ...OPS_ERRORS } } },
    async () => {
      const d = deps(app);
      const rows = await listShippingQueue(d);
      return {
        carrier: d.carrier.name,
        kits: rows.map((row) => ({
          kitId: row.kitId,
          code: row.code,
          title: row.title,
          orderId: row.orderId,
          customerName: row.customerName,
          shipTo: addressView(row.shippingAddress, row.customerName),
          createdAt: row.kitCreatedAt.toISOString(),
          shipmentStatus: row.shipmentStatus as 'preparing' | 'shipped' | 'delivered' | null,
          labelsBought: row.labelsBought,
        })),
      };
    },
  );

  app.get(
    FULFILMENT_PATHS.kit,
    {
      schema: {
        hide: true,
        params: fulfilmentKitParamsSchema,
        response: { 200: shippingSlipSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const d = deps(app);
      try {
        const { kit, shipment, labels, tracking } = await shippingSlip(d, request.params.kitId);
        return {
          carrier: d.carrier.name,
          kit: {
            kitId: kit.kitId,
            code: kit.code,
            title: kit.title,
            state: kit.state,
            orderId: kit.orderId,
            customerName: kit.customerName,
            shipTo: addressView(kit.shippingAddress, kit.customerName),
          },
          shipment: shipment ? shipmentView(shipment, labels, tracking) : null,
          barcodeSvg: kitBarcodeSvg(kit.code, 'code128', app.config.publicOrigin),
        };
      } catch (error) {
        throw asAppError(error);
      }
    },
  );

  app.post(
    FULFILMENT_PATHS.labels,
    {
      schema: {
        hide: true,
        params: fulfilmentKitParamsSchema,
        response: { 200: kitShipmentSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const d = deps(app);
      try {
        await buyLabels(d, request.params.kitId);
        const { shipment, labels, tracking } = await shippingSlip(d, request.params.kitId);
        if (!shipment) throw new FulfilmentError('not_found', 'No such kit.');
        return shipmentView(shipment, labels, tracking);
      } catch (error) {
        throw asAppError(error);
      }
    },
  );

  app.post(
    FULFILMENT_PATHS.shipped,
    {
      schema: {
        hide: true,
        params: fulfilmentKitParamsSchema,
        body: markShippedBodySchema,
        response: { 200: kitShipmentSchema, ...OPS_ERRORS },
      },
    },
    async (request) => {
      const d = deps(app);
      try {
        await markShipped(d, {
          kitId: request.params.kitId,
          trackingCode: request.body.trackingCode ?? null,
          operator: operatorOf(request).name,
        });
        const { shipment, labels, tracking } = await shippingSlip(d, request.params.kitId);
        if (!shipment) throw new FulfilmentError('not_found', 'No such kit.');
        return shipmentView(shipment, labels, tracking);
      } catch (error) {
        throw asAppError(error);
      }
    },
  );
};

const webhookAnswerSchema = z.object({ received: z.literal(true) });

/**
 * EasyPost's tracking events. The signature is checked on the raw body before anything reads it,
 * so this plugin parses every body as a Buffer. With the manual carrier the route does not exist.
 */
export const carrierWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.carrier.kind !== 'easypost') return;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    FULFILMENT_PATHS.easypostWebhook,
    {
      schema: {
        tags: ['fulfilment'],
        summary: "Receive the carrier's signed tracking events",
        operationId: 'receiveCarrierWebhook',
        description:
          'Called by EasyPost (HMAC-SHA256 of the raw body with the webhook secret, in `X-Hmac-Signature`). ' +
          'An unsigned, forged or altered event answers 400 and changes nothing; each event id is applied once.',
        response: { 200: webhookAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const d = deps(app);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let update;
      try {
        update = d.carrier.readTrackingWebhook(raw, request.headers);
      } catch (error) {
        if (!(error instanceof CarrierSignatureError)) throw error;
        request.log.warn({ reason: error.message }, 'carrier webhook refused');
        throw new AppError(400, 'BAD_REQUEST', 'The event signature did not verify.');
      }
      if (update) {
        const outcome = await applyTrackingUpdate(d, update);
        if (outcome === 'unknown_tracking')
          request.log.info(
            { eventId: update.eventId },
            'tracking event for a parcel we did not ship',
          );
      }
      return { received: true as const };
    },
  );
};

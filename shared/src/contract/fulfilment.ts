import { z } from 'zod';
import { addressViewSchema, isoDateTimeSchema } from './common';
import { CONTENT_PREFIX, OPS_PREFIX } from './paths';
import { safeString } from './text';

// Fulfilment: the operator console's queue of kits to ship, their packing slips and labels, and
// the carrier's tracking webhook. The ops paths answer 404 to anyone who is not an operator.

export const FULFILMENT_PATHS = {
  queue: `${OPS_PREFIX}/fulfilment/queue`,
  kit: `${OPS_PREFIX}/fulfilment/kits/:kitId`,
  labels: `${OPS_PREFIX}/fulfilment/kits/:kitId/labels`,
  shipped: `${OPS_PREFIX}/fulfilment/kits/:kitId/shipped`,
  /** EasyPost posts tracking events here, signed with X-Hmac-Signature over the raw body. */
  easypostWebhook: `${CONTENT_PREFIX}/v1/fulfilment/easypost/events`,
} as const;

export const CARRIER_NAMES = ['manual', 'easypost'] as const;
export const SHIPMENT_STATUSES = ['preparing', 'shipped', 'delivered'] as const;

export const fulfilmentKitParamsSchema = z.object({
  kitId: z.uuid({ message: 'A kit id is a uuid' }),
});

export const queueEntrySchema = z.object({
  kitId: safeString(),
  code: safeString(),
  title: safeString(),
  orderId: safeString(),
  customerName: safeString(),
  shipTo: addressViewSchema,
  createdAt: isoDateTimeSchema,
  /** Null until labels are bought or the kit is marked; 'preparing' once labels exist. */
  shipmentStatus: z.enum(SHIPMENT_STATUSES).nullable(),
  labelsBought: z.number().int().min(0),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

export const shippingQueueSchema = z.object({
  carrier: z.enum(CARRIER_NAMES),
  kits: z.array(queueEntrySchema),
});
export type ShippingQueue = z.infer<typeof shippingQueueSchema>;

export const shippingLabelSchema = z.object({
  direction: z.enum(['outbound', 'return']),
  trackingCode: safeString().nullable(),
  labelUrl: safeString().nullable(),
  service: safeString().nullable(),
});

export const kitShipmentSchema = z.object({
  carrier: z.enum(CARRIER_NAMES),
  status: z.enum(SHIPMENT_STATUSES),
  trackingCode: safeString().nullable(),
  shippedAt: isoDateTimeSchema.nullable(),
  deliveredAt: isoDateTimeSchema.nullable(),
  labels: z.array(shippingLabelSchema),
  tracking: z.array(z.object({ status: safeString(), at: isoDateTimeSchema })),
});
export type KitShipment = z.infer<typeof kitShipmentSchema>;

/** What the packing slip and label page print. */
export const shippingSlipSchema = z.object({
  carrier: z.enum(CARRIER_NAMES),
  kit: z.object({
    kitId: safeString(),
    code: safeString(),
    title: safeString(),
    state: safeString(),
    orderId: safeString(),
    customerName: safeString(),
    shipTo: addressViewSchema,
  }),
  shipment: kitShipmentSchema.nullable(),
  /** The kit code as a Code 128 barcode (SVG drawn by the kits domain); null when it cannot draw it. */
  barcodeSvg: safeString().max(200_000).nullable(),
});
export type ShippingSlip = z.infer<typeof shippingSlipSchema>;

/** Carriers' tracking numbers are letters and digits (USPS 22, UPS 18, FedEx 12–15). */
export const trackingCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,40}$/, 'A tracking number is 6 to 40 letters and digits');

export const markShippedBodySchema = z.object({
  /** Typed for the manual carrier; left out when a label was bought (its number is used). */
  trackingCode: trackingCodeSchema.optional(),
});
export type MarkShippedBody = z.input<typeof markShippedBodySchema>;

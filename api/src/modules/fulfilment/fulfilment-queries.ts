import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { LabelDirection, TrackingUpdate } from './carrier';
import {
  fulfilmentDb,
  type CarrierName,
  type ShipmentLabelRow,
  type ShipmentRow,
} from './fulfilment-tables';

// Every read and write of the fulfilment tables. Each takes an executor, so the service decides
// what runs in one transaction.

export interface QueueRow {
  kitId: string;
  code: string;
  title: string;
  kitCreatedAt: Date;
  orderId: string;
  customerName: string;
  shippingAddress: Record<string, unknown>;
  shipmentStatus: string | null;
  labelsBought: number;
}

const QUEUE_LIMIT = 200;

/** Kits of paid orders still to ship (state created), oldest first. */
export async function listKitsToShip(executor: Executor): Promise<QueueRow[]> {
  const rows = await fulfilmentDb(executor)
    .selectFrom('kits')
    .innerJoin('orders', 'orders.id', 'kits.order_id')
    .leftJoin('shipments', 'shipments.kit_id', 'kits.id')
    .where('kits.state', '=', 'created')
    .where('orders.status', 'in', ['paid', 'fulfilled'])
    .select([
      'kits.id as kitId',
      'kits.code',
      'kits.title',
      'kits.created_at as kitCreatedAt',
      'orders.id as orderId',
      'orders.name as customerName',
      'orders.shipping_address as shippingAddress',
      'shipments.status as shipmentStatus',
    ])
    .select((eb) =>
      eb
        .selectFrom('shipment_labels')
        .whereRef('shipment_labels.shipment_id', '=', 'shipments.id')
        .where('shipment_labels.bought_at', 'is not', null)
        .select(sql<number>`count(*)::int`.as('n'))
        .as('labelsBought'),
    )
    .orderBy('kits.created_at')
    .orderBy('kits.order_id')
    .orderBy('kits.unit')
    .limit(QUEUE_LIMIT)
    .execute();
  return rows.map((row) => ({ ...row, labelsBought: Number(row.labelsBought ?? 0) }));
}

export interface KitForShipping {
  kitId: string;
  code: string;
  title: string;
  state: string;
  orderId: string;
  orderStatus: string;
  customerName: string;
  shippingAddress: Record<string, unknown>;
}

/** One kit with its order's address; null when there is no such kit. */
export async function findKitForShipping(
  executor: Executor,
  kitId: string,
): Promise<KitForShipping | null> {
  const row = await fulfilmentDb(executor)
    .selectFrom('kits')
    .innerJoin('orders', 'orders.id', 'kits.order_id')
    .where('kits.id', '=', kitId)
    .select([
      'kits.id as kitId',
      'kits.code',
      'kits.title',
      'kits.state',
      'orders.id as orderId',
      'orders.status as orderStatus',
      'orders.name as customerName',
      'orders.shipping_address as shippingAddress',
    ])
    .executeTakeFirst();
  return row ?? null;
}

/** The kit's shipment, made (preparing) if it has none yet, locked for the rest of the transaction. */
export async function lockShipmentForKit(
  executor: Executor,
  kitId: string,
  carrier: CarrierName,
  now: Date,
): Promise<ShipmentRow> {
  const db = fulfilmentDb(executor);
  await db
    .insertInto('shipments')
    .values({ kit_id: kitId, carrier, status: 'preparing', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('kit_id').doNothing())
    .execute();
  return db
    .selectFrom('shipments')
    .selectAll()
    .where('kit_id', '=', kitId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function findShipmentForKit(
  executor: Executor,
  kitId: string,
): Promise<ShipmentRow | null> {
  const row = await fulfilmentDb(executor)
    .selectFrom('shipments')
    .selectAll()
    .where('kit_id', '=', kitId)
    .executeTakeFirst();
  return row ?? null;
}

export async function listLabels(
  executor: Executor,
  shipmentId: string,
): Promise<ShipmentLabelRow[]> {
  return fulfilmentDb(executor)
    .selectFrom('shipment_labels')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('direction', 'desc')
    .execute();
}

/** Claims a label slot for a new carrier shipment; false when another try holds it already. */
export async function claimLabel(
  executor: Executor,
  shipmentId: string,
  direction: LabelDirection,
  carrierShipmentId: string,
): Promise<boolean> {
  const inserted = await fulfilmentDb(executor)
    .insertInto('shipment_labels')
    .values({ shipment_id: shipmentId, direction, carrier_shipment_id: carrierShipmentId })
    .onConflict((oc) => oc.columns(['shipment_id', 'direction']).doNothing())
    .returning('shipment_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function saveBoughtLabel(
  executor: Executor,
  shipmentId: string,
  direction: LabelDirection,
  label: { trackingCode: string; labelUrl: string; service: string },
  now: Date,
): Promise<void> {
  await fulfilmentDb(executor)
    .updateTable('shipment_labels')
    .set({
      tracking_code: label.trackingCode,
      label_url: label.labelUrl,
      service: label.service,
      bought_at: now,
    })
    .where('shipment_id', '=', shipmentId)
    .where('direction', '=', direction)
    .execute();
}

export async function updateShipment(
  executor: Executor,
  shipmentId: string,
  changes: {
    status?: ShipmentRow['status'];
    trackingCode?: string;
    shippedAt?: Date;
    shippedBy?: string;
    deliveredAt?: Date;
  },
  now: Date,
): Promise<void> {
  await fulfilmentDb(executor)
    .updateTable('shipments')
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.trackingCode ? { tracking_code: changes.trackingCode } : {}),
      ...(changes.shippedAt ? { shipped_at: changes.shippedAt } : {}),
      ...(changes.shippedBy ? { shipped_by: changes.shippedBy } : {}),
      ...(changes.deliveredAt ? { delivered_at: changes.deliveredAt } : {}),
      updated_at: now,
    })
    .where('id', '=', shipmentId)
    .execute();
}

/** Another kit's shipment already carrying this tracking number, if any. */
export async function trackingCodeTaken(
  executor: Executor,
  carrier: CarrierName,
  trackingCode: string,
  shipmentId: string,
): Promise<boolean> {
  const row = await fulfilmentDb(executor)
    .selectFrom('shipments')
    .select('id')
    .where('carrier', '=', carrier)
    .where('tracking_code', '=', trackingCode)
    .where('id', '!=', shipmentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The shipment an outbound tracking number belongs to, locked; null for a number we never shipped. */
export async function lockShipmentByTracking(
  executor: Executor,
  carrier: CarrierName,
  trackingCode: string,
): Promise<ShipmentRow | null> {
  const row = await fulfilmentDb(executor)
    .selectFrom('shipments')
    .selectAll()
    .where('carrier', '=', carrier)
    .where('tracking_code', '=', trackingCode)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** The shipment whose return label has this tracking number. */
export async function findShipmentByReturnTracking(
  executor: Executor,
  carrier: CarrierName,
  trackingCode: string,
): Promise<ShipmentRow | null> {
  const row = await fulfilmentDb(executor)
    .selectFrom('shipment_labels')
    .innerJoin('shipments', 'shipments.id', 'shipment_labels.shipment_id')
    .selectAll('shipments')
    .where('shipments.carrier', '=', carrier)
    .where('shipment_labels.direction', '=', 'return')
    .where('shipment_labels.tracking_code', '=', trackingCode)
    .executeTakeFirst();
  return row ?? null;
}

/** Keeps a tracking event; false when this carrier event was received before. */
export async function insertTrackingEvent(
  executor: Executor,
  shipmentId: string,
  carrier: CarrierName,
  update: TrackingUpdate,
  now: Date,
): Promise<boolean> {
  const inserted = await fulfilmentDb(executor)
    .insertInto('shipment_tracking_events')
    .values({
      shipment_id: shipmentId,
      carrier,
      event_id: update.eventId,
      tracking_code: update.trackingCode,
      status: update.status,
      occurred_at: update.occurredAt ?? now,
      received_at: now,
    })
    .onConflict((oc) => oc.columns(['carrier', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function listTrackingEvents(executor: Executor, shipmentId: string) {
  return fulfilmentDb(executor)
    .selectFrom('shipment_tracking_events')
    .select(['status', 'occurred_at', 'tracking_code'])
    .where('shipment_id', '=', shipmentId)
    .orderBy('id')
    .execute();
}

import type { Clock } from '../../lib/clock';
import type { Database, Executor } from '../../db/schema';
import {
  type Carrier,
  type CarrierAddress,
  type CarrierParcel,
  type LabelDirection,
  type TrackingUpdate,
} from './carrier';
import * as queries from './fulfilment-queries';
import type { ShipmentRow } from './fulfilment-tables';

/** The kits domain's one write this domain needs: a kit's change of state, kept in its timeline. */
export type RecordKitTransition = (
  executor: Executor,
  change: {
    kitId: string;
    to: 'shipped' | 'delivered';
    source: 'operator' | 'carrier';
    at: Date;
    detail: Record<string, unknown>;
  },
) => Promise<unknown>;

export interface FulfilmentDeps {
  db: Database;
  clock: Clock;
  carrier: Carrier;
  recordKitTransition: RecordKitTransition;
}

/** Refusals the routes answer as 404 or 409 in the error shape. */
export class FulfilmentError extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'FulfilmentError';
  }
}

/** Where kits leave from: the shop's dispatch desk (the return label brings samples back here). */
export const DISPATCH_ADDRESS: CarrierAddress = {
  name: 'Bloodwise Fulfilment',
  street1: '417 Montgomery Street',
  street2: 'Floor 5',
  city: 'San Francisco',
  state: 'CA',
  zip: '94104',
  country: 'US',
  phone: '4155550100',
};

/** A kit's box: a padded mailer holding the tubes, lancets and the return bag. */
export const KIT_PARCEL: CarrierParcel = { weightOz: 8, lengthIn: 9, widthIn: 6, heightIn: 2 };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The order's shipping address (as checkout stored it) in the carrier's terms. */
export function carrierAddressOf(name: string, stored: Record<string, unknown>): CarrierAddress {
  return {
    name: text(stored.name) || name,
    street1: text(stored.line1),
    street2: text(stored.line2) || null,
    city: text(stored.city),
    state: text(stored.state),
    zip: text(stored.postal_code),
    country: text(stored.country),
  };
}

export function listShippingQueue(deps: Pick<FulfilmentDeps, 'db'>) {
  return queries.listKitsToShip(deps.db);
}

/** What the packing slip and the label page print: the kit, its address and any labels bought. */
export async function shippingSlip(deps: Pick<FulfilmentDeps, 'db'>, kitId: string) {
  const kit = await queries.findKitForShipping(deps.db, kitId);
  if (!kit) throw new FulfilmentError('not_found', 'No such kit.');
  const shipment = await queries.findShipmentForKit(deps.db, kitId);
  const labels = shipment ? await queries.listLabels(deps.db, shipment.id) : [];
  const tracking = shipment ? await queries.listTrackingEvents(deps.db, shipment.id) : [];
  return { kit, shipment, labels, tracking };
}

async function kitToShip(executor: Executor, kitId: string) {
  const kit = await queries.findKitForShipping(executor, kitId);
  if (!kit) throw new FulfilmentError('not_found', 'No such kit.');
  if (kit.orderStatus !== 'paid' && kit.orderStatus !== 'fulfilled')
    throw new FulfilmentError('conflict', 'The order of this kit is not paid.');
  return kit;
}

/**
 * Buys the outbound and the return label from the carrier. Each label's carrier shipment id is
 * kept before its purchase, so a retry (a timeout, a second click) resumes it instead of buying
 * again; a label already bought is never bought twice. Carrier calls run outside a transaction.
 */
export async function buyLabels(deps: FulfilmentDeps, kitId: string): Promise<ShipmentRow> {
  if (!deps.carrier.buysLabels)
    throw new FulfilmentError(
      'conflict',
      'The manual carrier buys no labels: type the tracking number.',
    );
  const kit = await kitToShip(deps.db, kitId);
  const shipment = await deps.db
    .transaction()
    .execute((trx) => queries.lockShipmentForKit(trx, kitId, deps.carrier.name, deps.clock.now()));
  if (shipment.status !== 'preparing' || shipment.carrier !== deps.carrier.name)
    throw new FulfilmentError('conflict', 'This kit has been shipped already.');
  const to = carrierAddressOf(kit.customerName, kit.shippingAddress);
  for (const direction of ['outbound', 'return'] as LabelDirection[]) {
    const existing = (await queries.listLabels(deps.db, shipment.id)).find(
      (label) => label.direction === direction,
    );
    if (existing?.bought_at) continue;
    const bought = await deps.carrier.buyLabel(
      {
        reference: `${shipment.id}-${direction}`,
        direction,
        to,
        from: DISPATCH_ADDRESS,
        parcel: KIT_PARCEL,
      },
      existing?.carrier_shipment_id ?? null,
      async (carrierShipmentId) => {
        if (!(await queries.claimLabel(deps.db, shipment.id, direction, carrierShipmentId)))
          throw new FulfilmentError('conflict', 'These labels are being bought already.');
      },
    );
    await queries.saveBoughtLabel(deps.db, shipment.id, direction, bought, deps.clock.now());
    if (direction === 'outbound')
      await queries.updateShipment(
        deps.db,
        shipment.id,
        { trackingCode: bought.trackingCode },
        deps.clock.now(),
      );
  }
  return (await queries.findShipmentForKit(deps.db, kitId)) ?? shipment;
}

/**
 * The operator hands the kit to the carrier: the shipment records the tracking number (typed, or
 * the bought label's) and the kit moves to shipped. Marking it again with the same number changes
 * nothing; a different number, or another kit's, is refused.
 */
export async function markShipped(
  deps: FulfilmentDeps,
  input: { kitId: string; trackingCode: string | null; operator: string },
): Promise<ShipmentRow> {
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const kit = await kitToShip(trx, input.kitId);
    const shipment = await queries.lockShipmentForKit(trx, input.kitId, deps.carrier.name, now);
    const trackingCode = input.trackingCode ?? shipment.tracking_code;
    if (!trackingCode)
      throw new FulfilmentError('conflict', 'Type the tracking number, or buy the labels first.');
    if (shipment.status !== 'preparing') {
      if (shipment.tracking_code === trackingCode) return shipment;
      throw new FulfilmentError(
        'conflict',
        'This kit was shipped already with another tracking number.',
      );
    }
    if (shipment.tracking_code && shipment.tracking_code !== trackingCode)
      throw new FulfilmentError(
        'conflict',
        "The bought label's tracking number is the one to ship with.",
      );
    if (kit.state !== 'created')
      throw new FulfilmentError('conflict', 'This kit is not waiting to be shipped.');
    if (await queries.trackingCodeTaken(trx, shipment.carrier, trackingCode, shipment.id))
      throw new FulfilmentError('conflict', 'Another kit was shipped with this tracking number.');
    await queries.updateShipment(
      trx,
      shipment.id,
      { status: 'shipped', trackingCode, shippedAt: now, shippedBy: input.operator },
      now,
    );
    await deps.recordKitTransition(trx, {
      kitId: input.kitId,
      to: 'shipped',
      source: 'operator',
      at: now,
      detail: { carrier: shipment.carrier, trackingCode },
    });
    return { ...shipment, status: 'shipped', tracking_code: trackingCode, shipped_at: now };
  });
}

export type TrackingOutcome = 'applied' | 'duplicate' | 'unknown_tracking';

const MOVING = new Set(['in_transit', 'out_for_delivery', 'delivered']);

/**
 * A verified tracking update, applied once per carrier event id. The outbound parcel's first scan
 * ships a kit the operator had not marked yet; its delivery moves the kit to delivered. Updates
 * about the return label are kept for the timeline and move nothing (the lab reports receipt).
 */
export async function applyTrackingUpdate(
  deps: FulfilmentDeps,
  update: TrackingUpdate,
): Promise<TrackingOutcome> {
  const carrier = deps.carrier.name;
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const outbound = await queries.lockShipmentByTracking(trx, carrier, update.trackingCode);
    const shipment =
      outbound ?? (await queries.findShipmentByReturnTracking(trx, carrier, update.trackingCode));
    if (!shipment) return 'unknown_tracking';
    if (!(await queries.insertTrackingEvent(trx, shipment.id, carrier, update, now)))
      return 'duplicate';
    if (!outbound || !MOVING.has(update.status)) return 'applied';
    const at = update.occurredAt ?? now;
    // The customer may activate a kit before the carrier reports it: the kit then moves no further
    // back, only the shipment records the scan.
    let kitState = (await queries.findKitForShipping(trx, shipment.kit_id))?.state;
    const detail = { carrier, trackingCode: update.trackingCode, status: update.status };
    if (shipment.status === 'preparing') {
      await queries.updateShipment(trx, shipment.id, { status: 'shipped', shippedAt: at }, now);
      if (kitState === 'created') {
        await deps.recordKitTransition(trx, {
          kitId: shipment.kit_id,
          to: 'shipped',
          source: 'carrier',
          at,
          detail,
        });
        kitState = 'shipped';
      }
    }
    if (update.status === 'delivered' && shipment.status !== 'delivered') {
      await queries.updateShipment(trx, shipment.id, { status: 'delivered', deliveredAt: at }, now);
      if (kitState === 'shipped')
        await deps.recordKitTransition(trx, {
          kitId: shipment.kit_id,
          to: 'delivered',
          source: 'carrier',
          at,
          detail,
        });
    }
    return 'applied';
  });
}

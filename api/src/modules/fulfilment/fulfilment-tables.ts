import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Executor } from '../../db/schema';
import type { LabelDirection, TrackingStatus } from './carrier';

// The fulfilment domain's tables, typed here beside their queries rather than in the shared schema.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type ShipmentStatus = 'preparing' | 'shipped' | 'delivered';
export type CarrierName = 'manual' | 'easypost';

export interface ShipmentsTable {
  id: Generated<string>;
  kit_id: string;
  carrier: CarrierName;
  status: ShipmentStatus;
  /** The outbound parcel's tracking number: typed by the operator, or the bought label's. */
  tracking_code: string | null;
  shipped_at: NullableTimestamp;
  shipped_by: string | null;
  delivered_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShipmentLabelsTable {
  shipment_id: string;
  direction: LabelDirection;
  /** Kept as soon as the carrier makes its shipment, before the purchase: a retry resumes it. */
  carrier_shipment_id: string;
  tracking_code: string | null;
  label_url: string | null;
  service: string | null;
  bought_at: NullableTimestamp;
}

export interface ShipmentTrackingEventsTable {
  id: Generated<string>;
  shipment_id: string;
  carrier: CarrierName;
  event_id: string;
  tracking_code: string;
  status: TrackingStatus;
  occurred_at: Timestamp;
  received_at: Timestamp;
}

/** The columns of the kits table this domain reads for its queue and slips (never writes). */
interface KitsReadView {
  id: string;
  code: string;
  order_id: string;
  unit: number;
  title: string;
  state: string;
  created_at: Timestamp;
}

// A type, not an interface: Kysely's withTables wants an index-compatible record.
export type FulfilmentTables = {
  shipments: ShipmentsTable;
  shipment_labels: ShipmentLabelsTable;
  shipment_tracking_events: ShipmentTrackingEventsTable;
  kits: KitsReadView;
};

export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentLabelRow = Selectable<ShipmentLabelsTable>;

/** The executor (database or transaction) seen with this domain's tables. */
export function fulfilmentDb(executor: Executor) {
  return executor.withTables<FulfilmentTables>();
}

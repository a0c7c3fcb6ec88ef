import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Fulfilment: one shipment per kit (its carrier, tracking number and state), the labels bought
// for it (outbound and return, each keeping the carrier's shipment id from before the purchase so
// a retry never buys twice) and the tracking events received, unique per carrier event id so a
// webhook delivered again is applied once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table shipments (
      id uuid primary key default gen_random_uuid(),
      kit_id uuid not null unique references kits (id),
      carrier text not null check (carrier in ('manual', 'easypost')),
      status text not null check (status in ('preparing', 'shipped', 'delivered')),
      tracking_code text check (length(tracking_code) between 1 and 100),
      shipped_at timestamptz,
      shipped_by text,
      delivered_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`,
    `create unique index shipments_tracking_idx on shipments (carrier, tracking_code)
      where tracking_code is not null`,
    `create table shipment_labels (
      shipment_id uuid not null references shipments (id) on delete cascade,
      direction text not null check (direction in ('outbound', 'return')),
      carrier_shipment_id text not null,
      tracking_code text,
      label_url text,
      service text,
      bought_at timestamptz,
      primary key (shipment_id, direction)
    )`,
    `create index shipment_labels_tracking_idx on shipment_labels (tracking_code)
      where tracking_code is not null`,
    `create table shipment_tracking_events (
      id bigint generated always as identity primary key,
      shipment_id uuid not null references shipments (id) on delete cascade,
      carrier text not null,
      event_id text not null,
      tracking_code text not null,
      status text not null,
      occurred_at timestamptz not null,
      received_at timestamptz not null,
      unique (carrier, event_id)
    )`,
    `create index shipment_tracking_events_shipment_idx on shipment_tracking_events (shipment_id, id)`,
  ]);
}

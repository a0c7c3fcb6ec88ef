import type { Offer, Price } from '@shop/shared/contract/catalog';
import type { Currency } from '@shop/shared/contract/common';
import type { Executor, PriceRow, ProductRow } from '../db/schema';
import { centsFromDb } from '../lib/money';

export function toOffer(row: ProductRow): Offer {
  return {
    key: row.key,
    type: row.type,
    kitType: row.kit_type,
    title: row.title,
    quantity: row.quantity,
    price: row.price_lookup_key,
    description: row.description,
    biomarkers: row.biomarkers ?? [],
    badge: row.badge,
  };
}

export function toPrice(row: PriceRow): Price {
  return {
    id: row.id,
    lookupKey: row.lookup_key,
    productKey: row.product_key,
    unitAmount: centsFromDb(row.unit_amount_cents, `price ${row.lookup_key}`),
    currency: row.currency as Currency,
    type: row.type,
    recurring:
      row.type === 'recurring' && row.recurring_interval && row.recurring_interval_count
        ? { interval: row.recurring_interval, intervalCount: row.recurring_interval_count }
        : null,
    metadata: row.metadata ?? {},
  };
}

export async function listOffers(db: Executor, type?: string): Promise<Offer[]> {
  let query = db.selectFrom('products').selectAll().where('active', '=', true);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('sort_order', 'asc').orderBy('key', 'asc').execute();
  return rows.map(toOffer);
}

export async function listPrices(db: Executor, lookupKeys?: readonly string[]): Promise<Price[]> {
  let query = db.selectFrom('prices').selectAll().where('active', '=', true);
  if (lookupKeys) {
    if (lookupKeys.length === 0) return [];
    query = query.where('lookup_key', 'in', [...lookupKeys]);
  }
  const rows = await query.orderBy('lookup_key', 'asc').execute();
  return rows.map(toPrice);
}

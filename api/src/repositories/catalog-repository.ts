import type { Offer, Price } from '@shop/shared/contract/catalog';
import type { Currency } from '@shop/shared/contract/common';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type {
  Executor,
  PriceRow,
  PricesTable,
  ProductRow,
  ProductsTable,
  ShippingRatesTable,
} from '../db/schema';
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

export type NewProduct = Insertable<ProductsTable>;
export type NewPrice = Insertable<PricesTable>;
export type ShippingRateRow = Selectable<ShippingRatesTable>;

/** Every product, price and shipping rate, active or not: what a catalogue import compares with. */
export async function listWholeCatalog(db: Executor): Promise<{
  products: ProductRow[];
  prices: PriceRow[];
  shippingRates: ShippingRateRow[];
}> {
  return {
    products: await db.selectFrom('products').selectAll().execute(),
    prices: await db.selectFrom('prices').selectAll().execute(),
    shippingRates: await db.selectFrom('shipping_rates').selectAll().execute(),
  };
}

/**
 * Holds the catalogue's version row until the transaction ends, so two imports run one after
 * the other (each compares with what the previous one wrote).
 */
export async function lockCatalog(db: Executor): Promise<void> {
  await db.selectFrom('catalog_version').select('version').forUpdate().execute();
}

export async function insertProduct(db: Executor, product: NewProduct): Promise<void> {
  await db.insertInto('products').values(product).execute();
}

export async function updateProduct(
  db: Executor,
  key: string,
  changes: Updateable<ProductsTable>,
): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('key', '=', key)
    .execute();
}

export async function deactivateProducts(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .updateTable('products')
    .set({ active: false, updated_at: sql<Date>`now()` })
    .where('key', 'in', [...keys])
    .execute();
}

export async function insertPrice(db: Executor, price: NewPrice): Promise<void> {
  await db.insertInto('prices').values(price).execute();
}

export async function updatePrice(
  db: Executor,
  id: string,
  changes: Updateable<PricesTable>,
): Promise<void> {
  await db.updateTable('prices').set(changes).where('id', '=', id).execute();
}

/** Prices leave the catalogue by being deactivated, never deleted: orders and plans name them. */
export async function deactivatePrices(db: Executor, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('prices')
    .set({ active: false })
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The lookup keys, among these prices, that an order line or a subscription names (by id, or by
 * lookup key: an order priced by Stripe keeps Stripe's id).
 */
export async function lookupKeysInUse(
  db: Executor,
  prices: readonly { id: string; lookup_key: string }[],
): Promise<Set<string>> {
  if (prices.length === 0) return new Set();
  const ids = prices.map((price) => price.id);
  const keys = prices.map((price) => price.lookup_key);
  const lines = await db
    .selectFrom('order_lines')
    .select(['price_id', 'lookup_key'])
    .where((eb) => eb.or([eb('price_id', 'in', ids), eb('lookup_key', 'in', keys)]))
    .distinct()
    .execute();
  const plans = await db
    .selectFrom('payment_subscriptions')
    .select('price_id')
    .where('price_id', 'in', ids)
    .distinct()
    .execute();
  const usedIds = new Set([...lines.map((line) => line.price_id), ...plans.map((p) => p.price_id)]);
  const usedKeys = new Set(lines.map((line) => line.lookup_key));
  return new Set(
    prices
      .filter((price) => usedIds.has(price.id) || usedKeys.has(price.lookup_key))
      .map((price) => price.lookup_key),
  );
}

export async function upsertShippingRate(
  db: Executor,
  rate: Insertable<ShippingRatesTable>,
): Promise<void> {
  await db
    .insertInto('shipping_rates')
    .values(rate)
    .onConflict((oc) =>
      oc.columns(['country', 'currency']).doUpdateSet({
        amount_cents: rate.amount_cents,
        additional_kit_cents: rate.additional_kit_cents,
        consolidated_cents: rate.consolidated_cents,
        min_business_days: rate.min_business_days,
        max_business_days: rate.max_business_days,
      }),
    )
    .execute();
}

export async function deleteShippingRates(
  db: Executor,
  rates: readonly { country: string; currency: string }[],
): Promise<void> {
  for (const rate of rates)
    await db
      .deleteFrom('shipping_rates')
      .where('country', '=', rate.country)
      .where('currency', '=', rate.currency)
      .execute();
}

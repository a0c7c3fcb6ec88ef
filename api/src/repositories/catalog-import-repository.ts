// Writes a catalogue file into the products, prices and shipping_rates tables: the one path by
// which `shop catalog import` and the demo seed put a catalogue in. Rows are matched by their
// stable keys (product key, price lookup key, country + currency) and only rows that differ are
// written, so a second run of the same file writes nothing (and moves no catalogue version).
import { randomBytes } from 'node:crypto';
import type { Database, Executor, PriceRow, ProductRow } from '../db/schema';
import {
  deactivatePrices,
  deactivateProducts,
  deleteShippingRates,
  insertPrice,
  insertProduct,
  listWholeCatalog,
  lockCatalog,
  lookupKeysInUse,
  updatePrice,
  updateProduct,
  upsertShippingRate,
  type ShippingRateRow,
} from './catalog-repository';
import { ownPrice, type CatalogFile, type CatalogPrice, type CatalogProduct } from './catalog-file';

/**
 * `replace`: the file is the whole catalogue (what it lacks is deactivated, or for shipping rates
 * removed). `add-missing`: only rows the database lacks are added, nothing is changed (the demo
 * seed, which runs on every start and must not undo a merchant's import).
 */
export type CatalogImportMode = 'replace' | 'add-missing';

export interface CatalogRowCounts {
  added: number;
  updated: number;
  /** Products and prices deactivated; shipping rates deleted. */
  removed: number;
  unchanged: number;
}

export interface CatalogImportSummary {
  products: CatalogRowCounts;
  prices: CatalogRowCounts;
  shippingRates: CatalogRowCounts;
}

/** The file asks for what the database must not do; nothing was written. */
export class CatalogImportConflictError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'CatalogImportConflictError';
  }
}

interface Plan<Row, Values> {
  add: Values[];
  update: { row: Row; values: Values; path: string }[];
  remove: Row[];
  unchanged: number;
}

type ProductValues = Omit<ProductRow, 'created_at' | 'updated_at'>;
type PriceValues = Omit<PriceRow, 'created_at' | 'id'> & { path: string };

const MONEY_FIELDS = [
  'product_key',
  'unit_amount_cents',
  'currency',
  'type',
  'recurring_interval',
  'recurring_interval_count',
] as const;

/** Objects compared by value, whatever the order of their keys. */
function sameValue(a: unknown, b: unknown): boolean {
  const stable = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([x], [y]) => x.localeCompare(y))
            .map(([key, inner]) => [key, stable(inner)]),
        )
      : value;
  return JSON.stringify(stable(a)) === JSON.stringify(stable(b));
}

function differs<T extends object>(row: T, values: Partial<T>): boolean {
  return Object.entries(values).some(
    ([key, value]) => key !== 'path' && !sameValue(row[key as keyof T], value),
  );
}

function productValues(product: CatalogProduct): ProductValues {
  return {
    key: product.key,
    type: product.type,
    kit_type: product.kitType,
    title: product.title,
    quantity: product.quantity,
    price_lookup_key: ownPrice(product).lookupKey,
    description: product.description,
    biomarkers: product.biomarkers,
    badge: product.badge,
    sort_order: product.sortOrder,
    active: true,
  };
}

function priceValues(product: CatalogProduct, price: CatalogPrice, path: string): PriceValues {
  return {
    lookup_key: price.lookupKey,
    product_key: product.key,
    unit_amount_cents: price.amount,
    currency: price.currency,
    type: price.recurring ? 'recurring' : 'one_time',
    recurring_interval: price.recurring?.interval ?? null,
    recurring_interval_count: price.recurring?.intervalCount ?? null,
    metadata: price.partner ? { ...price.metadata, partner: price.partner } : price.metadata,
    active: true,
    path,
  };
}

function plan<Row, Values>(
  rows: readonly Row[],
  wanted: readonly Values[],
  keyOfRow: (row: Row) => string,
  keyOfValues: (values: Values) => string,
  pathOf: (values: Values, index: number) => string,
  mode: CatalogImportMode,
  stillListed: (row: Row) => boolean,
): Plan<Row, Values> {
  const byKey = new Map(rows.map((row) => [keyOfRow(row), row]));
  const result: Plan<Row, Values> = { add: [], update: [], remove: [], unchanged: 0 };
  wanted.forEach((values, index) => {
    const row = byKey.get(keyOfValues(values));
    if (!row) result.add.push(values);
    else if (mode === 'replace' && differs(row as object, values as object))
      result.update.push({ row, values, path: pathOf(values, index) });
    else result.unchanged += 1;
  });
  if (mode === 'replace') {
    const listed = new Set(wanted.map(keyOfValues));
    result.remove = rows.filter((row) => !listed.has(keyOfRow(row)) && stillListed(row));
  }
  return result;
}

function counts(p: Plan<unknown, unknown>): CatalogRowCounts {
  return {
    added: p.add.length,
    updated: p.update.length,
    removed: p.remove.length,
    unchanged: p.unchanged,
  };
}

/**
 * A price an order or a plan already names keeps its amount, currency, product and period:
 * changing them would re-price a subscriber's renewals behind their back.
 */
async function refuseRepricingUsedPrices(
  db: Executor,
  updates: Plan<PriceRow, PriceValues>['update'],
): Promise<void> {
  const repriced = updates.filter(({ row, values }) =>
    MONEY_FIELDS.some((field) => !sameValue(row[field], values[field])),
  );
  const used = await lookupKeysInUse(
    db,
    repriced.map(({ row }) => row),
  );
  const problems = repriced
    .filter(({ row }) => used.has(row.lookup_key))
    .map(
      ({ row, path }) =>
        `${path}: price "${row.lookup_key}" is already in orders or subscriptions, so its amount, ` +
        `currency, product and billing period cannot change; give the new price a new lookupKey ` +
        `(the old one is then deactivated, and its subscribers keep it)`,
    );
  if (problems.length > 0) throw new CatalogImportConflictError(problems);
}

async function writePrices(db: Executor, prices: Plan<PriceRow, PriceValues>): Promise<void> {
  const takenIds = new Set((await db.selectFrom('prices').select('id').execute()).map((r) => r.id));
  for (const { path: _path, ...values } of prices.add) {
    const id = takenIds.has(`price_${values.lookup_key}`)
      ? `price_${values.lookup_key}_${randomBytes(4).toString('hex')}`
      : `price_${values.lookup_key}`;
    await insertPrice(db, { ...values, id, metadata: JSON.stringify(values.metadata) });
  }
  for (const { row, values } of prices.update) {
    const { path: _path, ...changes } = values;
    await updatePrice(db, row.id, { ...changes, metadata: JSON.stringify(changes.metadata) });
  }
  await deactivatePrices(
    db,
    prices.remove.map((row) => row.id),
  );
}

/** Applies the catalogue inside the caller's transaction; throws before writing on a conflict. */
export async function applyCatalog(
  db: Executor,
  catalog: CatalogFile,
  mode: CatalogImportMode,
): Promise<CatalogImportSummary> {
  await lockCatalog(db);
  const current = await listWholeCatalog(db);
  const productPlan = plan(
    current.products,
    catalog.products.map(productValues),
    (row) => row.key,
    (values) => values.key,
    (_values, index) => `products[${index}]`,
    mode,
    (row) => row.active,
  );
  const pricePlan = plan(
    current.prices,
    catalog.products.flatMap((product, p) =>
      product.prices.map((price, i) => priceValues(product, price, `products[${p}].prices[${i}]`)),
    ),
    (row) => row.lookup_key,
    (values) => values.lookup_key,
    (values) => values.path,
    mode,
    (row) => row.active,
  );
  const ratePlan = plan<ShippingRateRow, ShippingRateRow>(
    current.shippingRates,
    catalog.shippingRates.map((rate) => ({
      country: rate.country,
      currency: rate.currency,
      amount_cents: rate.amount,
      additional_kit_cents: rate.additionalKit,
      consolidated_cents: rate.consolidated,
      min_business_days: rate.minBusinessDays,
      max_business_days: rate.maxBusinessDays,
    })),
    (row) => `${row.country} ${row.currency}`,
    (values) => `${values.country} ${values.currency}`,
    (_values, index) => `shippingRates[${index}]`,
    mode,
    () => true,
  );
  await refuseRepricingUsedPrices(db, pricePlan.update);

  for (const values of productPlan.add)
    await insertProduct(db, { ...values, biomarkers: JSON.stringify(values.biomarkers) });
  for (const { values } of productPlan.update)
    await updateProduct(db, values.key, {
      ...values,
      biomarkers: JSON.stringify(values.biomarkers),
    });
  await writePrices(db, pricePlan);
  await deactivateProducts(
    db,
    productPlan.remove.map((row) => row.key),
  );
  for (const values of [...ratePlan.add, ...ratePlan.update.map((update) => update.values)])
    await upsertShippingRate(db, values);
  await deleteShippingRates(db, ratePlan.remove);
  return {
    products: counts(productPlan),
    prices: counts(pricePlan),
    shippingRates: counts(ratePlan),
  };
}

/** One transaction: the whole file is written, or nothing is. */
export function importCatalog(
  db: Database,
  catalog: CatalogFile,
  mode: CatalogImportMode = 'replace',
): Promise<CatalogImportSummary> {
  return db.transaction().execute((trx) => applyCatalog(trx, catalog, mode));
}

/** Whether an import wrote anything. */
export function catalogChanged(summary: CatalogImportSummary): boolean {
  return Object.values(summary).some(
    (rows: CatalogRowCounts) => rows.added + rows.updated + rows.removed > 0,
  );
}

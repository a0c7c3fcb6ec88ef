import {
  customizationInputSchema,
  customizationSchema,
  shopKeySchema,
  type Customization,
} from '@shop/shared/contract/customization';
import { formatMoney } from '@shop/shared/format/money';
import { partnerPromises } from '@shop/shared/rules/partner-promises';
import { sql } from 'kysely';
import type { Executor } from '../db/schema';
import { centsFromDb } from '../lib/money';

export class CustomizationValidationError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      `Invalid customization: ${Object.entries(fields)
        .map(([path, message]) => `${path}: ${message}`)
        .join('; ')}`,
    );
    this.name = 'CustomizationValidationError';
  }
}

/**
 * Reads a stored customization defensively: a row written before a rule existed, or by another
 * writer, may hold a value the contract now refuses (a `javascript:` link, a CSS string as a
 * colour). Each such field falls back to its default instead of failing the whole storefront, so
 * the API never serves a value that would not pass the write path today.
 */
export function parseStoredCustomization(
  shopKey: string,
  data: unknown,
  updatedAt: Date,
): { customization: Customization; droppedFields: string[] } {
  const stored: Record<string, unknown> =
    data && typeof data === 'object' && !Array.isArray(data) ? { ...(data as object) } : {};
  const candidate: Record<string, unknown> = {
    ...stored,
    shopKey,
    updatedAt: updatedAt.toISOString(),
  };
  const first = customizationSchema.safeParse(candidate);
  if (first.success) return { customization: first.data, droppedFields: [] };
  const droppedFields = [
    ...new Set(first.error.issues.map((issue) => String(issue.path[0] ?? '(root)'))),
  ];
  for (const field of droppedFields) delete candidate[field];
  // businessName has no default: the shop key keeps the storefront nameable.
  if (droppedFields.includes('businessName')) candidate.businessName = shopKey;
  return { customization: customizationSchema.parse(candidate), droppedFields };
}

function rowToCustomization(row: {
  shop_key: string;
  data: Record<string, unknown>;
  updated_at: Date;
}): Customization {
  return parseStoredCustomization(row.shop_key, row.data, row.updated_at).customization;
}

export async function findCustomization(
  db: Executor,
  shopKey: string,
): Promise<Customization | null> {
  const row = await db
    .selectFrom('partner_customizations')
    .select(['shop_key', 'data', 'updated_at'])
    .where('shop_key', '=', shopKey)
    .executeTakeFirst();
  return row ? rowToCustomization(row) : null;
}

export async function listCustomizations(db: Executor): Promise<Customization[]> {
  const rows = await db
    .selectFrom('partner_customizations')
    .select(['shop_key', 'data', 'updated_at'])
    .orderBy('shop_key')
    .execute();
  return rows.map(rowToCustomization);
}

/** Removes a partner's customization; returns what it held, or null when there was none. */
export async function deleteCustomization(
  db: Executor,
  shopKey: string,
): Promise<Customization | null> {
  const row = await db
    .deleteFrom('partner_customizations')
    .where('shop_key', '=', shopKey)
    .returning(['shop_key', 'data', 'updated_at'])
    .executeTakeFirst();
  return row ? rowToCustomization(row) : null;
}

/**
 * The one write path for partner customizations (API, CLI and seed all use it): the input is
 * validated against the contract, so colours are colours and links are http(s) URLs.
 */
export async function upsertCustomization(
  db: Executor,
  shopKey: string,
  input: unknown,
): Promise<Customization> {
  const saved = await writeCustomization(db, shopKey, input, 'upsert');
  return saved!;
}

/**
 * Adds a partner only if the shop key is free: one atomic insert, so of two creates racing for
 * the same key exactly one wins and the other gets null (never a silent overwrite).
 */
export function createCustomization(
  db: Executor,
  shopKey: string,
  input: unknown,
): Promise<Customization | null> {
  return writeCustomization(db, shopKey, input, 'create');
}

async function writeCustomization(
  db: Executor,
  shopKey: string,
  input: unknown,
  mode: 'upsert' | 'create',
): Promise<Customization | null> {
  const key = shopKeySchema.safeParse(shopKey);
  const parsed = customizationInputSchema.safeParse(input);
  if (!key.success || !parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of key.error?.issues ?? []) fields.shopKey = issue.message;
    for (const issue of parsed.error?.issues ?? [])
      fields[issue.path.join('.') || '(root)'] = issue.message;
    throw new CustomizationValidationError(fields);
  }
  const priceProblems = {
    ...(await checkPartnerPrices(db, key.data, parsed.data.products ?? [])),
    ...(await checkPartnerPromises(db, parsed.data)),
  };
  if (Object.keys(priceProblems).length > 0) throw new CustomizationValidationError(priceProblems);
  const data = JSON.stringify(parsed.data);
  const row = await db
    .insertInto('partner_customizations')
    .values({ shop_key: key.data, data })
    .onConflict((oc) =>
      mode === 'create'
        ? oc.column('shop_key').doNothing()
        : oc.column('shop_key').doUpdateSet({
            data,
            version: sql`partner_customizations.version + 1`,
            updated_at: new Date(),
          }),
    )
    .returning(['shop_key', 'data', 'updated_at'])
    .executeTakeFirst();
  return row ? rowToCustomization(row) : null;
}

/**
 * A partner product must name an active price (by lookup key: what the cart stores and the
 * business checkout compares) that sells that product, and a partner-only price must belong to
 * this partner: otherwise the storefront would show what the checkout refuses.
 */
async function checkPartnerPrices(
  db: Executor,
  shopKey: string,
  products: readonly { key: string; price: string }[],
): Promise<Record<string, string>> {
  if (products.length === 0) return {};
  const rows = await db
    .selectFrom('prices')
    .select(['lookup_key', 'product_key', 'metadata'])
    .where('active', '=', true)
    .where(
      'lookup_key',
      'in',
      products.map((product) => product.price),
    )
    .execute();
  const problems: Record<string, string> = {};
  products.forEach((product, index) => {
    const price = rows.find((row) => row.lookup_key === product.price);
    const path = `products.${index}.price`;
    if (!price) problems[path] = `No active price with the lookup key "${product.price}"`;
    else if (price.product_key !== product.key)
      problems[path] = `Price "${product.price}" sells ${price.product_key}, not ${product.key}`;
    else if (price.metadata?.partner && price.metadata.partner !== shopKey)
      problems[path] = `Price "${product.price}" belongs to another partner`;
  });
  return problems;
}

/**
 * One kit's shipping to the US, sent alone or with the plan's kits together: the rate's first-kit
 * amounts, which the cart charges for one kit (services/checkout/pricing.ts, shippingFromRate).
 * Null without a rate: no shipping promise can then be shown true.
 */
async function shippingOfOneKit(db: Executor): Promise<number[] | null> {
  const rate = await db
    .selectFrom('shipping_rates')
    .select(['amount_cents', 'consolidated_cents'])
    .where('country', '=', 'US')
    .where('currency', '=', 'usd')
    .executeTakeFirst();
  return rate ? [centsFromDb(rate.amount_cents), centsFromDb(rate.consolidated_cents)] : null;
}

/**
 * What the partner's words promise about money must be what the cart charges: free shipping only
 * when the shipping rates charge nothing for a kit, and a dollar amount only when it is the price
 * of one of the partner's products or the shipping of a kit. Anything else is refused, naming the field.
 */
async function checkPartnerPromises(
  db: Executor,
  data: { products?: readonly { price: string }[] | null },
): Promise<Record<string, string>> {
  const promises = partnerPromises(data);
  if (promises.length === 0) return {};
  const shipping = await shippingOfOneKit(db);
  const lookupKeys = (data.products ?? []).map((product) => product.price);
  const prices =
    lookupKeys.length === 0
      ? []
      : await db
          .selectFrom('prices')
          .select('unit_amount_cents')
          .where('active', '=', true)
          .where('lookup_key', 'in', lookupKeys)
          .execute();
  const sold = new Set([
    ...prices.map((row) => centsFromDb(row.unit_amount_cents)),
    ...(shipping ?? []),
  ]);
  const problems: Record<string, string> = {};
  for (const promise of promises) {
    if (promise.kind === 'free-shipping' && !shipping?.includes(0))
      problems[promise.path] =
        `"${promise.text}" promises free shipping, but the cart charges ${shipping ? formatMoney(Math.min(...shipping), 'usd') : 'shipping'} for a kit. Remove the promise or change the shipping rates first.`;
    if (promise.kind === 'amount' && !sold.has(promise.cents))
      problems[promise.path] =
        `"${promise.text}" names ${formatMoney(promise.cents, 'usd')}, which is not the price of any of this shop's products or of its shipping.`;
  }
  return problems;
}

// The server's own pricing of a cart: lines, discount, shipping and total, in integer cents.
// Quotes, consumer orders, business orders and employer requests all go through here, so the
// figure a shopper sees is the figure they are charged, and a price sent by a client is never read.
import type { CartItem } from '@shop/shared/contract/cart';
import type { DerivedInterval } from '@shop/shared/contract/catalog';
import type { CheckoutQuote, QuoteLine } from '@shop/shared/contract/checkout';
import type { Currency } from '@shop/shared/contract/common';
import type { DiscountInvalidReason } from '@shop/shared/contract/discounts';
import { deriveRecurringInterval } from '@shop/shared/catalog/recurring-interval';
import { discountAmount } from '@shop/shared/rules/discount';
import type { QueryCreator } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { DB, DiscountRow, Executor } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  centsFromDb,
  formatCents,
  multiplyCents,
  subtractCentsFloor,
  sumCents,
} from '../../lib/money';
import { listPrices } from '../../repositories/catalog-repository';
import { findDiscount, usedByEmail } from '../../repositories/discounts-repository';
import {
  overlayProviderPrices,
  type CatalogPriceSource,
  type ProviderPriceBook,
  type SellableProviderPrice,
} from '../catalog/provider-prices';

export const SUPPORTED_COUNTRIES = ['US', 'CA'] as const;

export interface PricedLine extends QuoteLine {
  productKey: string;
  recurring: boolean;
  /** Set on partner-only prices: they sell in that partner's storefront only. */
  partner: string | null;
}

export interface PricingInput {
  items: readonly CartItem[];
  country: string;
  shipUpfront: boolean;
  discountCode?: string | null;
  email?: string | null;
  businessKey?: string | null;
  now?: Date;
}

export type PricedCart = CheckoutQuote & { lines: PricedLine[]; discountRow: DiscountRow | null };

/** Same lookup key twice becomes one line; order of first appearance is kept. */
export function mergeCartItems(items: readonly CartItem[]): CartItem[] {
  const merged = new Map<string, number>();
  for (const item of items)
    merged.set(item.lookupKey, (merged.get(item.lookupKey) ?? 0) + item.quantity);
  return [...merged].map(([lookupKey, quantity]) => ({ lookupKey, quantity }));
}

/** Refuses keys we do not sell (any active price, partner prices included, that the provider has). */
export async function assertKnownLookupKeys(
  db: Executor,
  prices: CatalogPriceSource,
  lookupKeys: readonly string[],
): Promise<void> {
  if (lookupKeys.length === 0) return;
  const rows = await listPrices(db, lookupKeys);
  const book =
    rows.length > 0 ? await prices.providerPrices(rows.map((row) => row.lookupKey)) : null;
  const known = new Set(
    rows.filter((row) => !book || book.get(row.lookupKey)).map((price) => price.lookupKey),
  );
  const unknown = [...new Set(lookupKeys.filter((key) => !known.has(key)))];
  if (unknown.length > 0) throw unknownProducts(unknown);
}

const unknownProducts = (keys: readonly string[]) =>
  new AppError(400, 'VALIDATION_ERROR', `We do not sell ${keys.join(', ')}`, {
    items: `Unknown product: ${keys.join(', ')}`,
  });

/** The active prices of these lookup keys (all of them with null), with their products' titles. */
export function activePricesQuery(
  db: Pick<QueryCreator<DB>, 'selectFrom'>,
  lookupKeys: readonly string[] | null,
) {
  const query = db
    .selectFrom('prices')
    .innerJoin('products', 'products.key', 'prices.product_key')
    .select([
      'prices.id',
      'prices.lookup_key',
      'prices.product_key',
      'prices.unit_amount_cents',
      'prices.currency',
      'prices.type',
      'prices.recurring_interval',
      'prices.recurring_interval_count',
      'prices.metadata',
      'products.title',
    ])
    .where('prices.active', '=', true);
  return lookupKeys ? query.where('prices.lookup_key', 'in', [...lookupKeys]) : query;
}

export type ActivePriceRow = Awaited<
  ReturnType<ReturnType<typeof activePricesQuery>['execute']>
>[number];

/** A row as the provider sells it: its price id, amount, currency, period and unlimited flag. */
function withProviderPrice(row: ActivePriceRow, price: SellableProviderPrice): ActivePriceRow {
  const { unlimited_upgrade: _ours, ...metadata } = row.metadata ?? {};
  return {
    ...row,
    id: price.id,
    unit_amount_cents: price.unitAmount,
    currency: price.currency,
    type: price.type,
    recurring_interval: price.type === 'recurring' ? price.recurringInterval : null,
    recurring_interval_count:
      price.type === 'recurring' ? (price.recurringIntervalCount ?? 1) : null,
    metadata: price.isUnlimitedUpgrade ? { ...metadata, unlimited_upgrade: 'true' } : metadata,
  };
}

/** The rows at the provider's prices; a key the provider does not have is left out (not sold). */
const overlayPriceRows = (rows: readonly ActivePriceRow[], book: ProviderPriceBook | null) =>
  overlayProviderPrices(rows, book, (row) => row.lookup_key, withProviderPrice);

function shippingRateQuery(
  db: Pick<QueryCreator<DB>, 'selectFrom'>,
  country: string,
  currency: Currency,
) {
  return db
    .selectFrom('shipping_rates')
    .select(['amount_cents', 'additional_kit_cents', 'consolidated_cents'])
    .where('country', '=', country)
    .where('currency', '=', currency);
}

export type ShippingRate = Awaited<
  ReturnType<ReturnType<typeof shippingRateQuery>['execute']>
>[number];

/** Prices each line from the prices table's rows. Unknown or inactive keys are refused, never skipped. */
function linesFromRows(
  merged: readonly CartItem[],
  rows: readonly ActivePriceRow[],
  businessKey: string | null,
): PricedLine[] {
  const byKey = new Map(rows.map((row) => [row.lookup_key, row]));
  const unknown = merged.filter((item) => !byKey.has(item.lookupKey)).map((item) => item.lookupKey);
  if (unknown.length > 0) throw unknownProducts(unknown);
  return merged.map((item) => {
    const row = byKey.get(item.lookupKey)!;
    const partner = row.metadata?.partner ?? null;
    if (partner && partner !== businessKey) {
      throw new AppError(400, 'VALIDATION_ERROR', `${row.title} is sold in a partner shop only`, {
        items: `Not sold here: ${item.lookupKey}`,
      });
    }
    const unitAmount = centsFromDb(row.unit_amount_cents, `price ${row.lookup_key}`);
    const interval: DerivedInterval | null =
      row.type === 'recurring' && row.recurring_interval
        ? deriveRecurringInterval(row.recurring_interval, row.recurring_interval_count ?? 1)
        : null;
    return {
      lookupKey: row.lookup_key,
      priceId: row.id,
      productKey: row.product_key,
      title: row.title,
      quantity: item.quantity,
      unitAmount,
      amount: multiplyCents(unitAmount, item.quantity),
      interval,
      recurring: row.type === 'recurring',
      partner,
    };
  });
}

export function unsupportedCountry(country: string): AppError {
  return new AppError(
    400,
    'UNSUPPORTED_COUNTRY',
    `We ship to the US and Canada only, not to "${country}".`,
    {
      country: 'We ship to the US and Canada only',
    },
  );
}

interface ShippingInput {
  country: string;
  currency?: Currency;
  kitCount: number;
  consolidated: boolean;
}

export const shippingCountry = (country: string) => country.trim().toUpperCase();

function shippingFromRate(rate: ShippingRate | undefined | null, input: ShippingInput): number {
  const country = shippingCountry(input.country);
  if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(country))
    throw unsupportedCountry(input.country);
  const currency = input.currency ?? 'usd';
  if (!rate)
    throw new AppError(
      400,
      'UNSUPPORTED_COUNTRY',
      `We have no ${currency.toUpperCase()} shipping rate for ${country}.`,
    );
  if (input.kitCount <= 0) return 0;
  const base = centsFromDb(input.consolidated ? rate.consolidated_cents : rate.amount_cents);
  return sumCents([
    base,
    multiplyCents(centsFromDb(rate.additional_kit_cents), input.kitCount - 1),
  ]);
}

/**
 * Shipping for one parcel: the country's first-kit rate plus a fee per extra kit. Shipping
 * upfront (consolidated) sends every kit of a subscription in one parcel at the consolidated rate.
 */
export async function shippingCost(db: Executor, input: ShippingInput): Promise<number> {
  const country = shippingCountry(input.country);
  if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(country))
    throw unsupportedCountry(input.country);
  const rate = await shippingRateQuery(db, country, input.currency ?? 'usd').executeTakeFirst();
  return shippingFromRate(rate, input);
}

/** The cart's prices (at the provider's amounts) and the shipping rate, read in one round trip. */
async function pricingRows(
  db: Executor,
  source: CatalogPriceSource,
  merged: readonly CartItem[],
  country: string,
) {
  if (merged.length === 0) return { prices: [], rate: undefined, readRate: true };
  const row = await db
    .selectNoFrom((eb) => [
      jsonArrayFrom(
        activePricesQuery(
          eb,
          merged.map((item) => item.lookupKey),
        ),
      ).as('prices'),
      jsonObjectFrom(shippingRateQuery(eb, shippingCountry(country), 'usd')).as('rate'),
    ])
    .executeTakeFirstOrThrow();
  const book =
    row.prices.length > 0
      ? await source.providerPrices(row.prices.map((price) => price.lookup_key))
      : null;
  return { prices: overlayPriceRows(row.prices, book), rate: row.rate, readRate: false };
}

export const kitCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

export type DiscountCheck =
  | { ok: true; eligibleLookupKeys: string[] | null }
  | { ok: false; reason: DiscountInvalidReason; message: string };

export const DISCOUNT_MESSAGES: Record<Exclude<DiscountInvalidReason, 'below_minimum'>, string> = {
  not_found: 'We could not find this discount code.',
  expired: 'This discount code has expired.',
  not_for_products: 'This discount code does not apply to the products in your cart.',
  not_for_email: 'This discount code is not available for this email address.',
  not_for_business: 'This discount code is not valid in this shop.',
  already_used: 'This discount code was already used with this email address.',
};

const fail = (reason: Exclude<DiscountInvalidReason, 'below_minimum'>): DiscountCheck => ({
  ok: false,
  reason,
  message: DISCOUNT_MESSAGES[reason],
});

/** Every rule a code must pass for this cart, in the order a shopper can act on them. */
export function checkDiscount(
  row: DiscountRow | null | undefined,
  cart: {
    email?: string | null;
    businessKey?: string | null;
    lookupKeys: readonly string[];
    subtotal: number;
    now?: Date;
    /** That email has used this one-use-per-customer code (usedByEmail). */
    usedByEmail?: boolean;
  },
): DiscountCheck {
  const now = cart.now ?? new Date();
  if (!row || !row.active || (row.starts_at && row.starts_at > now)) return fail('not_found');
  if (row.expires_at && row.expires_at <= now) return fail('expired');
  if (row.max_redemptions !== null && row.times_redeemed >= row.max_redemptions)
    return fail('expired');
  if (row.business_key && row.business_key !== (cart.businessKey ?? null))
    return fail('not_for_business');
  if (row.allowed_emails && row.allowed_emails.length > 0) {
    const email = cart.email?.trim().toLowerCase();
    if (!email || !row.allowed_emails.map((allowed) => allowed.toLowerCase()).includes(email))
      return fail('not_for_email');
  }
  if (cart.usedByEmail) return fail('already_used');
  let eligible: string[] | null = null;
  if (row.product_lookup_keys && row.product_lookup_keys.length > 0) {
    eligible = cart.lookupKeys.filter((key) => row.product_lookup_keys!.includes(key));
    if (eligible.length === 0) return fail('not_for_products');
  }
  if (row.min_subtotal_cents !== null && cart.subtotal < row.min_subtotal_cents) {
    return {
      ok: false,
      reason: 'below_minimum',
      message: `This discount code needs an order of at least ${formatCents(centsFromDb(row.min_subtotal_cents))} before shipping.`,
    };
  }
  return { ok: true, eligibleLookupKeys: eligible };
}

/** What the code takes off: computed on the eligible lines only, with the shared discount maths. */
export function discountOff(row: DiscountRow, base: number): number {
  return row.kind === 'percent'
    ? discountAmount(base, { kind: 'percent', percentOff: row.percent_off ?? 0 })
    : discountAmount(base, {
        kind: 'amount',
        amountOffCents: centsFromDb(row.amount_off_cents ?? 0),
      });
}

/** The whole cart, priced. A code that fails is reported in discountProblem and takes nothing off. */
export async function priceCart(
  db: Executor,
  prices: CatalogPriceSource,
  input: PricingInput,
): Promise<PricedCart> {
  const merged = mergeCartItems(input.items);
  const rows = await pricingRows(db, prices, merged, input.country);
  const lines = linesFromRows(merged, rows.prices, input.businessKey ?? null);
  const subtotal = sumCents(lines.map((line) => line.amount));
  let discount = 0;
  let discountRow: DiscountRow | null = null;
  let discountProblem: CheckoutQuote['discountProblem'] = null;
  const code = input.discountCode?.trim().toUpperCase() || null;
  if (code) {
    const row = await findDiscount(db, code);
    const check = checkDiscount(row, {
      email: input.email,
      businessKey: input.businessKey,
      lookupKeys: lines.map((line) => line.lookupKey),
      subtotal,
      now: input.now,
      usedByEmail: await usedByEmail(db, row, input.email),
    });
    if (check.ok && row) {
      const base = check.eligibleLookupKeys
        ? sumCents(
            lines
              .filter((line) => check.eligibleLookupKeys!.includes(line.lookupKey))
              .map((line) => line.amount),
          )
        : subtotal;
      discount = discountOff(row, base);
      discountRow = row;
    } else if (!check.ok) {
      discountProblem = { reason: check.reason, message: check.message };
    }
  }
  const shipping = {
    country: input.country,
    kitCount: kitCount(lines),
    consolidated: input.shipUpfront,
  };
  const shippingCents = rows.readRate
    ? await shippingCost(db, shipping)
    : shippingFromRate(rows.rate, shipping);
  return {
    currency: 'usd',
    lines,
    subtotal,
    discount,
    shipping: shippingCents,
    total: sumCents([subtractCentsFloor(subtotal, discount), shippingCents]),
    discountCode: discountRow ? discountRow.code : null,
    discountProblem,
    discountRow,
  };
}

/**
 * A cart without a discount code, priced exactly as priceCart prices it, from a copy of the
 * prices and shipping rates held in memory (pricing-catalog.ts) instead of a query, with the
 * provider's prices `book` (null when our table is the source). Throws the same errors priceCart throws.
 */
export function priceCartFromCatalog(
  catalog: {
    prices: ReadonlyMap<string, ActivePriceRow>;
    rates: ReadonlyMap<string, ShippingRate>;
  },
  book: ProviderPriceBook | null,
  input: PricingInput,
): PricedCart {
  if (input.discountCode?.trim()) throw new Error('A discount code is priced by priceCart');
  const merged = mergeCartItems(input.items);
  const rows = overlayPriceRows(
    merged.flatMap((item) => catalog.prices.get(item.lookupKey) ?? []),
    book,
  );
  const lines = linesFromRows(merged, rows, input.businessKey ?? null);
  const subtotal = sumCents(lines.map((line) => line.amount));
  const shipping = shippingFromRate(
    catalog.rates.get(shippingRateKey(shippingCountry(input.country), 'usd')),
    { country: input.country, kitCount: kitCount(lines), consolidated: input.shipUpfront },
  );
  return {
    currency: 'usd',
    lines,
    subtotal,
    discount: 0,
    shipping,
    total: sumCents([subtractCentsFloor(subtotal, 0), shipping]),
    discountCode: null,
    discountProblem: null,
    discountRow: null,
  };
}

/** How the catalogue copy keys its shipping rates. */
export const shippingRateKey = (country: string, currency: string) => `${country}/${currency}`;

/** The order-time refusal of a code, with the reason on the code's field. */
export const discountInvalid = (message: string, fieldMessage: string = message) =>
  new AppError(400, 'DISCOUNT_INVALID', message, { discountCode: fieldMessage });

/** For orders: a code that does not apply is an error the shopper must see, not a silent full price. */
export function assertDiscountApplies(priced: PricedCart): void {
  if (priced.discountProblem) throw discountInvalid(priced.discountProblem.message);
}

/** Prices a cart for an order: a code that does not apply stops the order. */
export async function priceOrder(
  db: Executor,
  prices: CatalogPriceSource,
  input: PricingInput,
): Promise<PricedCart> {
  const priced = await priceCart(db, prices, input);
  assertDiscountApplies(priced);
  return priced;
}

/** The public quote: the priced cart without server-only fields. */
export function toQuote(priced: PricedCart): CheckoutQuote {
  return {
    currency: priced.currency,
    lines: priced.lines.map(
      ({ lookupKey, priceId, title, quantity, unitAmount, amount, interval }) => ({
        lookupKey,
        priceId,
        title,
        quantity,
        unitAmount,
        amount,
        interval,
      }),
    ),
    subtotal: priced.subtotal,
    discount: priced.discount,
    shipping: priced.shipping,
    total: priced.total,
    discountCode: priced.discountCode,
    discountProblem: priced.discountProblem,
  };
}

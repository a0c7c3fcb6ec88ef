// Where the catalogue's prices come from. With the built-in provider our prices table is the
// source, read as before (no extra statement, no call). With Stripe, the merchant's Stripe
// Prices are: found by our lookup keys, laid over our rows (id, amount, currency, type, period,
// unlimited_upgrade from the price's metadata), so every amount we show and charge is the one
// Stripe holds. A key Stripe does not have is not sold at all, never at our table's amount.
import type { Price } from '@shop/shared/contract/catalog';
import type { Currency } from '@shop/shared/contract/common';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { listPrices } from '../../repositories/catalog-repository';
import type { PaymentProvider, ProviderPrice } from '../payments/payment-provider';

/** How long a copy of the provider's prices is used before it is read again (in the background). */
export const PROVIDER_PRICES_TTL_MS = 5 * 60 * 1000;

/** A provider price the shop can sell: a fixed amount. */
export type SellableProviderPrice = ProviderPrice & { unitAmount: number };

/**
 * Why the provider's price of a lookup key cannot be sold for our row in `currency`, naming the
 * price; null when it can. Read as it stands, it would be sold at 0 or in another currency.
 */
export function unsellablePriceReason(
  price: Pick<ProviderPrice, 'id' | 'lookupKey' | 'unitAmount' | 'currency'>,
  currency: string,
): string | null {
  const named = `Stripe price ${price.id} (lookup key ${price.lookupKey})`;
  if (price.unitAmount === null)
    return `${named} has no fixed amount (tiered, or chosen by the customer); the shop sells fixed amounts only.`;
  if (price.currency.toLowerCase() !== currency.toLowerCase())
    return `${named} is in ${price.currency.toUpperCase()}, but the shop sells it in ${currency.toUpperCase()}.`;
  return null;
}

const isSellable = (price: ProviderPrice): price is SellableProviderPrice =>
  price.unitAmount !== null;

/** The provider's prices of the catalogue's lookup keys, as last read. */
export interface ProviderPriceBook {
  /** The provider's price of a lookup key; undefined when it has none or it cannot be sold. */
  get(lookupKey: string): SellableProviderPrice | undefined;
}

export interface CatalogPriceSource {
  /**
   * The provider's prices for rows with these lookup keys, or null when our prices table is the
   * source. Throws a 503 AppError when the provider cannot be reached and no copy is held.
   */
  providerPrices(lookupKeys: readonly string[]): Promise<ProviderPriceBook | null>;
}

/** Our own table is the source: nothing to read, nothing to lay over. */
const OWN_TABLE_PRICES: CatalogPriceSource = {
  providerPrices: () => Promise.resolve(null),
};

export interface CatalogPriceSourceDeps {
  db: Executor;
  provider: PaymentProvider;
  log?: FastifyBaseLogger;
  /** The clock the copy's age is judged by. */
  now?: () => Date;
  ttlMs?: number;
}

interface Snapshot {
  /** The lookup keys this read asked the provider for. */
  asked: ReadonlySet<string>;
  prices: ReadonlyMap<string, SellableProviderPrice>;
  /** Lookup keys whose provider price cannot be sold, with why. */
  refused: ReadonlyMap<string, string>;
}

/** The provider's prices of our rows, split into those we sell and those refused (with why). */
async function readProviderPrices(deps: CatalogPriceSourceDeps): Promise<Snapshot> {
  const rows = await listPrices(deps.db);
  const currencyOf = new Map(rows.map((row) => [row.lookupKey, row.currency]));
  const prices = new Map<string, SellableProviderPrice>();
  const refused = new Map<string, string>();
  for (const price of await deps.provider.listPrices([...currencyOf.keys()])) {
    const reason = unsellablePriceReason(price, currencyOf.get(price.lookupKey) ?? price.currency);
    if (reason === null && isSellable(price)) prices.set(price.lookupKey, price);
    else if (reason !== null) refused.set(price.lookupKey, reason);
  }
  return { asked: new Set(currencyOf.keys()), prices, refused };
}

const SNAPSHOT = 'prices';

const pricesUnavailable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'Our prices cannot be loaded right now. Please try again in a few minutes.',
  );

/** The source for this provider: Stripe's prices with Stripe, our table with the built-in one. */
export function createCatalogPriceSource(deps: CatalogPriceSourceDeps): CatalogPriceSource {
  return deps.provider.name === 'stripe' ? createProviderPriceSource(deps) : OWN_TABLE_PRICES;
}

/**
 * The provider's prices of every active lookup key in our table, kept for `ttlMs` and then read
 * again in the background (the old copy serves meanwhile, and stays when that read fails). One
 * read is in flight at a time; a row added to our table since the last read is read at once.
 */
function createProviderPriceSource(deps: CatalogPriceSourceDeps): CatalogPriceSource {
  const now = deps.now ?? (() => new Date());
  const warned = new Set<string>();
  const cache = new LRUCache<string, Snapshot>({
    max: 1,
    ttl: deps.ttlMs ?? PROVIDER_PRICES_TTL_MS,
    // Age is read from the injected clock on every look, never from a cached reading.
    ttlResolution: 0,
    perf: { now: () => now().getTime() },
    allowStale: true,
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async () => {
      try {
        return await readProviderPrices(deps);
      } catch (error) {
        deps.log?.error({ err: error }, 'provider prices could not be read');
        throw error;
      }
    },
  });

  function book(snapshot: Snapshot): ProviderPriceBook {
    return {
      get(lookupKey) {
        const price = snapshot.prices.get(lookupKey);
        if (price || warned.has(lookupKey)) return price;
        warned.add(lookupKey);
        const refusal = snapshot.refused.get(lookupKey);
        if (refusal)
          deps.log?.error(
            { lookupKey },
            `${refusal} It is not sold: archive it or move the lookup key off it in the Stripe Dashboard, then run \`shop stripe sync-catalog\`.`,
          );
        else
          deps.log?.warn(
            { lookupKey },
            `The payment provider has no active price with lookup key ${lookupKey}: it is not sold until it has. Run \`shop stripe sync-catalog\`.`,
          );
        return undefined;
      },
    };
  }

  async function read(forceRefresh: boolean): Promise<Snapshot> {
    try {
      const snapshot = await cache.fetch(SNAPSHOT, { forceRefresh, allowStale: !forceRefresh });
      if (snapshot) return snapshot;
    } catch {
      // Logged by the read itself; the last copy, if any, is used below.
    }
    // A failed forced read still has the last copy, if there is one.
    const kept = cache.peek(SNAPSHOT, { allowStale: true });
    if (kept) return kept;
    throw pricesUnavailable();
  }

  return {
    async providerPrices(lookupKeys) {
      let snapshot = await read(false);
      if (lookupKeys.some((key) => !snapshot.asked.has(key))) snapshot = await read(true);
      return book(snapshot);
    },
  };
}

/** Our price with the provider's laid over it; our metadata (partner) stays, the flag is theirs. */
function mergeProviderPrice(own: Price, provider: SellableProviderPrice): Price {
  const { unlimited_upgrade: _ours, ...metadata } = own.metadata;
  return {
    ...own,
    id: provider.id,
    unitAmount: provider.unitAmount,
    currency: provider.currency as Currency,
    type: provider.type,
    recurring:
      provider.type === 'recurring' && provider.recurringInterval
        ? {
            interval: provider.recurringInterval,
            intervalCount: provider.recurringIntervalCount ?? 1,
          }
        : null,
    metadata: provider.isUnlimitedUpgrade ? { ...metadata, unlimited_upgrade: 'true' } : metadata,
  };
}

/** Rows with the provider's price laid over each; a row whose key it lacks is left out. */
export function overlayProviderPrices<Row>(
  rows: readonly Row[],
  book: ProviderPriceBook | null,
  lookupKeyOf: (row: Row) => string,
  merge: (row: Row, price: SellableProviderPrice) => Row,
): Row[] {
  if (!book) return [...rows];
  return rows.flatMap((row) => {
    const price = book.get(lookupKeyOf(row));
    return price ? [merge(row, price)] : [];
  });
}

/** The catalogue's active prices (all, or of these keys) at the amounts the provider charges. */
export async function listCatalogPrices(
  db: Executor,
  source: CatalogPriceSource,
  lookupKeys?: readonly string[],
): Promise<Price[]> {
  const rows = await listPrices(db, lookupKeys);
  if (rows.length === 0) return rows;
  const book = await source.providerPrices(rows.map((row) => row.lookupKey));
  return overlayProviderPrices(rows, book, (row) => row.lookupKey, mergeProviderPrice);
}

/** One lookup key's price as the catalogue sells it, or undefined when it is not on sale. */
export async function findCatalogPrice(
  db: Executor,
  source: CatalogPriceSource,
  lookupKey: string,
): Promise<Price | undefined> {
  return (await listCatalogPrices(db, source, [lookupKey]))[0];
}

// An in-process copy of what a consumer order is priced from: the active prices with their
// products' titles, and the shipping rates, read in one statement together with the catalogue's
// version (the catalog_version row, moved by a trigger on every write to those tables, from any
// process). The copy is only ever trusted through that version: the statement that writes the
// order writes it only while the version is still the one the cart was priced at
// (claimKeyAndInsertOrder), and a version that moved on makes the next order read the catalogue
// again. See docs/decisions/pricing-catalog-cache.md.
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Executor } from '../../db/schema';
import {
  activePricesQuery,
  shippingRateKey,
  type ActivePriceRow,
  type ShippingRate,
} from './pricing';

export interface PricingCatalog {
  version: number;
  prices: ReadonlyMap<string, ActivePriceRow>;
  rates: ReadonlyMap<string, ShippingRate>;
}

/** The prices, the shipping rates and the version they are at, from one snapshot. */
export async function loadPricingCatalog(db: Executor): Promise<PricingCatalog> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('catalog_version').select('version').as('version'),
      jsonArrayFrom(activePricesQuery(eb, null)).as('prices'),
      jsonArrayFrom(
        eb
          .selectFrom('shipping_rates')
          .select([
            'country',
            'currency',
            'amount_cents',
            'additional_kit_cents',
            'consolidated_cents',
          ]),
      ).as('rates'),
    ])
    .executeTakeFirstOrThrow();
  return {
    version: Number(row.version),
    prices: new Map(row.prices.map((price) => [price.lookup_key, price])),
    rates: new Map(
      row.rates.map(({ country, currency, ...rate }) => [shippingRateKey(country, currency), rate]),
    ),
  };
}

export interface PricingCatalogCache {
  /** The copy, read from the database when there is none yet (one read for concurrent callers). */
  current(): Promise<PricingCatalog>;
  /** The database is at `version`: a copy of an older one is dropped, and read again when next asked for. */
  seen(version: number): void;
}

export function createPricingCatalogCache(db: Executor): PricingCatalogCache {
  let copy: PricingCatalog | null = null;
  let reading: Promise<PricingCatalog> | null = null;
  // Bumped on every drop, so a read that started before a drop cannot install an older copy.
  let generation = 0;
  return {
    current() {
      if (copy) return Promise.resolve(copy);
      if (!reading) {
        const started = generation;
        reading = loadPricingCatalog(db).then(
          (loaded) => {
            if (generation === started) copy = loaded;
            reading = null;
            return loaded;
          },
          (error: unknown) => {
            reading = null;
            throw error;
          },
        );
      }
      return reading;
    },
    seen(version) {
      if (copy && copy.version >= version) return;
      copy = null;
      reading = null;
      generation += 1;
    },
  };
}

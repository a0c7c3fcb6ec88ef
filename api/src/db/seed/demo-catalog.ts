// The demo catalogue is a catalogue file like any merchant's (docs/catalog-import.md), imported by
// the demo seed through the same importer as `shop catalog import`. The flat lists below are read
// from it for tests that check what the demo shop shows.
import { ownPrice } from '../../repositories/catalog-file';
import type { CatalogFile } from '../../repositories/catalog-file';
import demoCatalogFile from './demo-shop-catalog.json';

/** The file as written; the seed checks it like any import before it writes a row. */
export const DEMO_CATALOG_FILE: unknown = demoCatalogFile;

// The JSON's own inferred type widens enums to string; the seed's check is what vouches for it.
const demoCatalog = demoCatalogFile as unknown as CatalogFile;

export interface DemoProduct {
  key: string;
  type: string;
  title: string;
  /** The lookup key of the price it is sold at. */
  price: string;
}

export interface DemoPrice {
  lookupKey: string;
  productKey: string;
  unitAmount: number;
  metadata: Record<string, string>;
}

export const DEMO_PRODUCTS: DemoProduct[] = demoCatalog.products.map((product) => ({
  key: product.key,
  type: product.type,
  title: product.title,
  price: ownPrice(product).lookupKey,
}));

export const DEMO_PRICES: DemoPrice[] = demoCatalog.products.flatMap((product) =>
  product.prices.map((price) => ({
    lookupKey: price.lookupKey,
    productKey: product.key,
    unitAmount: price.amount,
    metadata: price.partner
      ? { ...(price.metadata ?? {}), partner: price.partner }
      : (price.metadata ?? {}),
  })),
);

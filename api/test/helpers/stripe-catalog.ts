// The seeded catalogue as a merchant's Stripe account holds it after `shop stripe sync-catalog`:
// one active Price per lookup key, its product active, unlimited_upgrade in its metadata.
import type { Executor } from '../../src/db/schema';
import { listPrices } from '../../src/repositories/catalog-repository';

export interface StripePriceObject {
  id: string;
  object: 'price';
  lookup_key: string;
  unit_amount: number;
  currency: string;
  type: 'one_time' | 'recurring';
  recurring: { interval: string; interval_count: number } | null;
  active: boolean;
  metadata: Record<string, string>;
  product: { id: string; object: 'product'; active: boolean };
}

/** Stripe's copy of our prices, with Stripe's own ids (`price_stripe_<lookup key>`). */
export async function stripeCatalogue(db: Executor): Promise<StripePriceObject[]> {
  return (await listPrices(db)).map((price) => ({
    id: `price_stripe_${price.lookupKey}`,
    object: 'price',
    lookup_key: price.lookupKey,
    unit_amount: price.unitAmount,
    currency: price.currency,
    type: price.type,
    recurring: price.recurring
      ? { interval: price.recurring.interval, interval_count: price.recurring.intervalCount }
      : null,
    active: true,
    metadata: price.metadata,
    product: { id: `shop_${price.productKey}`, object: 'product', active: true },
  }));
}

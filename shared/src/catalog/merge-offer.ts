import {
  deriveRecurringInterval,
  type ProviderInterval,
  type RecurringInterval,
} from './recurring-interval';

/** A product as the catalog lists it; `price` is the provider price id or its lookup key. */
export interface ProductOffer {
  key: string;
  type: string;
  kitType: string;
  title: string;
  quantity: number;
  price: string;
}

export type ProviderPriceType = 'one_time' | 'recurring';

/** A payment-provider price as the API serves it. */
export interface ProviderPrice {
  id: string;
  lookupKey: string | null;
  /** Integer cents. */
  unitAmount: number;
  currency: string;
  type: ProviderPriceType;
  recurring: { interval: ProviderInterval; intervalCount: number } | null;
  metadata: Record<string, string>;
}

export type OfferPriceType = ProviderPriceType | 'unlimited';

export interface MergedOffer extends ProductOffer {
  /** Integer cents. */
  unitAmount: number;
  currency: string;
  priceType: OfferPriceType;
  priceRecurringInterval: RecurringInterval | null;
  priceId: string;
  lookupKey: string | null;
  isUnlimitedUpgrade: boolean;
}

export function mergeOfferWithPrice(offer: ProductOffer, price: ProviderPrice): MergedOffer {
  // The provider stores metadata as strings, so only the exact string 'true' counts.
  const isUnlimitedUpgrade = price.metadata.unlimited_upgrade === 'true';
  return {
    ...offer,
    unitAmount: price.unitAmount,
    currency: price.currency.toLowerCase(),
    priceType: isUnlimitedUpgrade ? 'unlimited' : price.type,
    priceRecurringInterval: price.recurring
      ? deriveRecurringInterval(price.recurring.interval, price.recurring.intervalCount)
      : null,
    priceId: price.id,
    lookupKey: price.lookupKey,
    isUnlimitedUpgrade,
  };
}

/**
 * Merges each offer with the price its `price` field names (by id or lookup key).
 * Offers whose price is missing are dropped: without a price they cannot be sold.
 */
export function mergeOffers(
  offers: readonly ProductOffer[],
  prices: readonly ProviderPrice[],
): MergedOffer[] {
  const byRef = new Map<string, ProviderPrice>();
  for (const price of prices) {
    byRef.set(price.id, price);
    if (price.lookupKey) byRef.set(price.lookupKey, price);
  }
  const merged: MergedOffer[] = [];
  for (const offer of offers) {
    const price = byRef.get(offer.price);
    if (price) merged.push(mergeOfferWithPrice(offer, price));
  }
  return merged;
}

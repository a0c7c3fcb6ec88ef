import type { RecurringInterval } from '@shop/shared/catalog/recurring-interval';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';

/** The plan rhythms a product page offers next to the one-time price, in this order. */
const PRODUCT_PAGE_INTERVALS: readonly RecurringInterval[] = [
  'month',
  'quarter',
  'twice-year',
  'year',
];

/**
 * The ways to buy a product: the offer itself first, then, for a one-time kit, the plans that
 * ship the same kit at the usual rhythms. Programs and add-ons have one way.
 */
export function purchaseOptions(
  offers: readonly CatalogOffer[],
  main: CatalogOffer,
): CatalogOffer[] {
  if (main.type !== 'kit') return [main];
  const plans = offers.filter(
    (offer) =>
      offer.type === 'subscription' &&
      offer.kitType === main.kitType &&
      offer.priceRecurringInterval !== null &&
      PRODUCT_PAGE_INTERVALS.includes(offer.priceRecurringInterval),
  );
  plans.sort(
    (a, b) =>
      PRODUCT_PAGE_INTERVALS.indexOf(a.priceRecurringInterval!) -
      PRODUCT_PAGE_INTERVALS.indexOf(b.priceRecurringInterval!),
  );
  return [main, ...plans];
}

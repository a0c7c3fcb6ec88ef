import { formatMoney } from '@shop/shared/format/money';
import { intervalDuration, intervalLabel } from '@shop/shared/catalog/recurring-interval';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';

export interface PriceText {
  amount: string;
  /** "per 3 months", or "one-time". */
  period: string;
  /** "Billed quarterly", "One payment", or null. */
  billing: string;
}

/** How an offer's price reads: the amount from cents, the period and the billing label from the interval rules. */
export function priceText(
  offer: Pick<CatalogOffer, 'unitAmount' | 'currency' | 'priceRecurringInterval'>,
): PriceText {
  const amount = formatMoney(offer.unitAmount, offer.currency);
  const interval = offer.priceRecurringInterval;
  if (!interval) return { amount, period: 'one-time', billing: 'One payment, no subscription' };
  return {
    amount,
    period: `per ${intervalDuration(interval)}`,
    billing: `Billed ${intervalLabel(interval)}`,
  };
}

import type { RecurringInterval } from '@shop/shared/catalog/recurring-interval';
import type { CatalogOffer } from './catalog-offer';

/** The pricing table's switch: one-time plus the three plan rhythms the shop leads with. */
export const PRICING_CHOICES = [
  { id: 'one-time', label: 'One-time', interval: null },
  { id: 'monthly', label: 'Monthly', interval: 'month' },
  { id: 'quarterly', label: 'Quarterly', interval: 'quarter' },
  { id: 'annual', label: 'Annual', interval: 'year' },
] as const satisfies readonly { id: string; label: string; interval: RecurringInterval | null }[];

export type PricingChoiceId = (typeof PRICING_CHOICES)[number]['id'];
export const DEFAULT_PRICING_CHOICE: PricingChoiceId = 'quarterly';

export function isPricingChoiceId(value: unknown): value is PricingChoiceId {
  return PRICING_CHOICES.some((choice) => choice.id === value);
}

const PLAN_TYPES = new Set(['kit', 'subscription', 'program']);

/** The kits, plans and programs sold at a choice's interval (one-time: no interval), in catalog order. */
export function offersForChoice(
  offers: readonly CatalogOffer[],
  choiceId: PricingChoiceId,
): CatalogOffer[] {
  const choice = PRICING_CHOICES.find((candidate) => candidate.id === choiceId)!;
  return offers.filter(
    (offer) =>
      PLAN_TYPES.has(offer.type) &&
      !offer.isUnlimitedUpgrade &&
      (choice.interval === null
        ? offer.priceType === 'one_time'
        : offer.priceRecurringInterval === choice.interval),
  );
}

/** Offers sold as add-ons (mini panel, devices, the unlimited upgrade). */
export function addOnOffers(offers: readonly CatalogOffer[]): CatalogOffer[] {
  return offers.filter((offer) => offer.type === 'add-on');
}

/**
 * Whole percent saved per kit by a plan against the one-time kit price, rounded down so the page
 * never overstates it; null when nothing is saved or the offer is not a plan.
 */
export function savingPercent(
  oneTimeCents: number,
  offer: Pick<CatalogOffer, 'unitAmount' | 'quantity' | 'type' | 'priceType'>,
): number | null {
  if (oneTimeCents <= 0 || offer.type !== 'subscription' || offer.priceType !== 'recurring')
    return null;
  const perKit = offer.unitAmount / Math.max(1, offer.quantity);
  const percent = Math.floor(((oneTimeCents - perKit) * 100) / oneTimeCents);
  return percent > 0 ? percent : null;
}

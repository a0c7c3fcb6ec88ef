import { ecommerceEvent, toGa4Item, type Ga4EcommerceEvent } from '@shop/shared/analytics/ga4';
import type { Track } from '@shop/shared/shell-contract/shell-props';
import type { CatalogOffer } from '../catalog-data/catalog-offer';

/** The GA4 ecommerce payload for one offer (add_to_cart, view_item). */
export function offerEcommerceEvent(
  name: 'add_to_cart' | 'view_item',
  offer: CatalogOffer,
  quantity = 1,
): Ga4EcommerceEvent {
  const item = toGa4Item({
    lookupKey: offer.lookupKey ?? offer.priceId,
    title: offer.title,
    unitAmount: offer.unitAmount,
    quantity,
    interval: offer.priceRecurringInterval,
  });
  return ecommerceEvent(name, {
    items: [item],
    currency: offer.currency,
    valueCents: offer.unitAmount * quantity,
  });
}

export function trackOfferEvent(
  track: Track,
  name: 'add_to_cart' | 'view_item',
  offer: CatalogOffer,
  quantity = 1,
): void {
  const { event, ecommerce } = offerEcommerceEvent(name, offer, quantity);
  track(event, { ecommerce });
}

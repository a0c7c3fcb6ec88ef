import { offerEcommerceEvent } from '@shop/shared/analytics/ga4';
import type { Track } from '@shop/shared/shell-contract/shell-props';
import type { FirstViewEvent } from '@shop/shared/ssr/server-render';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';

/** An offer's GA4 ecommerce event, as `track(event, params)` sends it. */
export function offerEvent(
  name: 'add_to_cart' | 'view_item',
  offer: CatalogOffer,
  quantity = 1,
): FirstViewEvent {
  const { event, ecommerce } = offerEcommerceEvent(name, offer, quantity);
  return { event, params: { ecommerce } };
}

export function trackOfferEvent(
  track: Track,
  name: 'add_to_cart' | 'view_item',
  offer: CatalogOffer,
  quantity = 1,
): void {
  const { event, params } = offerEvent(name, offer, quantity);
  track(event, params);
}

import { offerEcommerceEvent } from '@shop/shared/analytics/ga4';
import type { Track } from '@shop/shared/shell-contract/shell-props';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';

export function trackOfferEvent(
  track: Track,
  name: 'add_to_cart' | 'view_item',
  offer: CatalogOffer,
  quantity = 1,
): void {
  const { event, ecommerce } = offerEcommerceEvent(name, offer, quantity);
  track(event, { ecommerce });
}

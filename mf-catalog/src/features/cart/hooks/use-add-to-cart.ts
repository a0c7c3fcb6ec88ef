import { useCallback } from 'react';
import { useAddToCart as useAddLineToCart } from '@shop/shared/cart/use-cart';
import { useShell } from '@shop/shared/federation/remote-root';
import { trackOfferEvent } from '../../analytics/model/ecommerce';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';

/**
 * Adds an offer's price to the shared server-side cart (the shell's header badge reads the same
 * cache, so it moves at once) and tracks add_to_cart once the server has kept the line.
 * Resolves true on success; on failure the visitor is told and it resolves false.
 */
export function useAddOfferToCart() {
  const addLine = useAddLineToCart();
  const { track, notify } = useShell();
  return useCallback(
    async (offer: CatalogOffer, quantity = 1) => {
      try {
        await addLine(offer.lookupKey ?? offer.priceId, quantity);
      } catch {
        notify.error('We could not add that to your cart', 'Please try again in a moment.');
        return false;
      }
      trackOfferEvent(track, 'add_to_cart', offer, quantity);
      return true;
    },
    [addLine, track, notify],
  );
}

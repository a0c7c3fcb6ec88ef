// The storefront's ecommerce events, measured like the shop's and naming the partner: view_item
// once for each offer a visitor is shown, add_to_cart when one is added.
import { useCallback, useEffect, useRef } from 'react';
import { ecommerceParams, offerEcommerceEvent } from '@shop/shared/analytics/ga4';
import { useShell } from '@shop/shared/federation/remote-root';
import type { StorefrontOffer } from '../../offers/model/storefront-offers';

/** The event as `track` sends it; the server render lists the pricing page's view_item with it. */
export function offerTrackingEvent(
  name: 'view_item' | 'add_to_cart',
  offer: StorefrontOffer,
  businessKey: string | null,
) {
  const event = offerEcommerceEvent(name, offer);
  return { event: event.event, params: ecommerceParams(event, { businessKey }) };
}

function useTrackOffer() {
  const { track, customization } = useShell();
  const businessKey = customization?.shopKey ?? null;
  return useCallback(
    (name: 'view_item' | 'add_to_cart', offer: StorefrontOffer) => {
      const { event, params } = offerTrackingEvent(name, offer, businessKey);
      track(event, params);
    },
    [track, businessKey],
  );
}

export function useViewItem(offer: StorefrontOffer) {
  const trackOffer = useTrackOffer();
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (tracked.current === offer.key) return;
    tracked.current = offer.key;
    trackOffer('view_item', offer);
  }, [offer, trackOffer]);
}

export function useTrackAddToCart() {
  const trackOffer = useTrackOffer();
  return useCallback((offer: StorefrontOffer) => trackOffer('add_to_cart', offer), [trackOffer]);
}

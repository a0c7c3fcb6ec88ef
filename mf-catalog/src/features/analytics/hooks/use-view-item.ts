import { useEffect, useRef } from 'react';
import { useShell } from '@shop/shared/federation/remote-root';
import { noteServerOpenEvent } from '@shop/shared/ssr/server-notes';
import type { CatalogOffer } from '../../catalog-data/model/catalog-offer';
import { offerEvent, trackOfferEvent } from '../model/ecommerce';

/** Tracks view_item once for each offer the visitor is shown (not again on re-renders). */
export function useViewItem(offer: CatalogOffer | undefined) {
  const { track } = useShell();
  const lastKey = useRef<string | null>(null);
  // A server render runs no effects: it notes the event, sent when a waiting first view opens.
  if (offer) noteServerOpenEvent(() => offerEvent('view_item', offer));
  useEffect(() => {
    if (!offer || lastKey.current === offer.key) return;
    lastKey.current = offer.key;
    trackOfferEvent(track, 'view_item', offer);
  }, [offer, track]);
}

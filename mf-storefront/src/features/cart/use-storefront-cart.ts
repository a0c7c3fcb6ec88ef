import { useMemo } from 'react';
import { useAreaCart } from '@shop/shared/cart/use-cart';
import type { CartItem } from '@shop/shared/contract/cart';
import type { StorefrontOffer } from '../offers/storefront-offers';

/**
 * The cart is one per visitor across the shop; a storefront sells (and checks out) only the lines
 * it offers, so a consumer-shop item never reaches the partner's business checkout.
 */
export function useStorefrontCart(offers: readonly StorefrontOffer[] | undefined) {
  const cart = useAreaCart();
  const items = useMemo<CartItem[]>(() => {
    if (!offers) return [];
    const sold = new Set(offers.map((offer) => offer.lookupKey));
    return cart.cart.items.filter((item) => sold.has(item.lookupKey));
  }, [cart.cart.items, offers]);
  return { ...cart, items, otherItemCount: cart.cart.items.length - items.length };
}

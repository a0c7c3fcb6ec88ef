// The cart is one per visitor across the shop; a partner's pages sell (and check out) only the
// lines it offers, so a consumer-shop item never reaches the partner's business checkout.
import { useMemo } from 'react';
import { useAreaCart } from '@shop/shared/cart/use-cart';
import type { CartItem } from '@shop/shared/contract/cart';
import type { PartnerCheckout } from '@shop/shared/contract/partner-checkout';

export function usePartnerCart(partner: PartnerCheckout) {
  const cart = useAreaCart();
  const items = useMemo<CartItem[]>(() => {
    const sold = new Set(partner.offers.map((offer) => offer.lookupKey));
    return cart.cart.items.filter((item) => sold.has(item.lookupKey));
  }, [cart.cart.items, partner.offers]);
  return { ...cart, items, otherItemCount: cart.cart.items.length - items.length };
}

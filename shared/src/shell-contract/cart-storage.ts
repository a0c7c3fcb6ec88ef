// The browser-held cart snapshot the shell's badge and the checkout area share (see CART_STORAGE_KEY).
import { CART_STORAGE_KEY, type CartSnapshot } from './shell-props';

export function readStoredCart(storage: Pick<Storage, 'getItem'>): CartSnapshot {
  try {
    const parsed = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null') as CartSnapshot | null;
    if (!parsed || !Array.isArray(parsed.items)) return { items: [] };
    return { items: parsed.items.filter((item) => typeof item?.key === 'string' && Number.isInteger(item.quantity) && item.quantity > 0) };
  } catch {
    return { items: [] };
  }
}

export function writeStoredCart(storage: Pick<Storage, 'setItem'>, cart: CartSnapshot): void {
  try {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Private mode or a full quota: the cart still lives in memory for this page.
  }
}

export function addToCart(cart: CartSnapshot, key: string, quantity = 1): CartSnapshot {
  const existing = cart.items.find((item) => item.key === key);
  return {
    items: existing
      ? cart.items.map((item) => (item.key === key ? { ...item, quantity: item.quantity + quantity } : item))
      : [...cart.items, { key, quantity }],
  };
}

export function cartCount(cart: CartSnapshot | undefined): number {
  return (cart?.items ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

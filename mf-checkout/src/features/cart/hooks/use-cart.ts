// The browser-held cart, shared with the shell's badge through the CART_QUERY_KEY cache.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CART_QUERY_KEY, type CartSnapshot } from '@shop/shared/shell-contract/shell-props';
import { addToCart, readStoredCart, writeStoredCart } from '@shop/shared/shell-contract/cart-storage';

export function useCart() {
  const queryClient = useQueryClient();
  // initialData, not a fetch: an in-flight read could land after an add and undo it.
  const query = useQuery({ queryKey: CART_QUERY_KEY, queryFn: () => readStoredCart(window.localStorage), initialData: () => readStoredCart(window.localStorage), staleTime: Infinity });
  const save = useCallback(
    (cart: CartSnapshot) => {
      writeStoredCart(window.localStorage, cart);
      queryClient.setQueryData(CART_QUERY_KEY, cart);
    },
    [queryClient],
  );
  const add = useCallback((key: string) => save(addToCart(readStoredCart(window.localStorage), key)), [save]);
  const remove = useCallback(
    (key: string) => save({ items: readStoredCart(window.localStorage).items.filter((item) => item.key !== key) }),
    [save],
  );
  return { cart: query.data ?? { items: [] }, add, remove };
}

// React hooks over the cart client. `useCart(deps)` is for the shell, which holds its own API
// clients; remotes use `useAreaCart()` and `useAddToCart()`, which take them from the shell contract.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CartItem } from '../contract/cart';
import { useShell } from '../federation/shell-context';
import {
  cartCount,
  cartQueryOptions,
  EMPTY_CART,
  updateCart,
  withItemAdded,
  withQuantity,
  type CartDeps,
} from './cart-client';

export function useCart(deps: CartDeps) {
  const queryClient = useQueryClient();
  const query = useQuery(cartQueryOptions(deps));
  const change = useCallback(
    (edit: (items: CartItem[]) => CartItem[]) => updateCart(queryClient, deps, edit),
    [queryClient, deps],
  );
  const add = useCallback(
    (lookupKey: string, quantity = 1) =>
      change((items) => withItemAdded(items, lookupKey, quantity)),
    [change],
  );
  const setQuantity = useCallback(
    (lookupKey: string, quantity: number) =>
      change((items) => withQuantity(items, lookupKey, quantity)),
    [change],
  );
  const remove = useCallback(
    (lookupKey: string) => change((items) => withQuantity(items, lookupKey, 0)),
    [change],
  );
  const cart = query.data ?? EMPTY_CART;
  return {
    cart,
    count: cartCount(cart),
    isLoading: query.isPending,
    isError: query.isError,
    add,
    setQuantity,
    remove,
    clear: () => change(() => []),
  };
}

/** The cart deps a remote gets from the shell contract. */
export function useShellCartDeps(): CartDeps {
  const { api, userContext } = useShell();
  const owner = userContext.user?.email ?? null;
  return useMemo(
    () => ({ api, sessionId: userContext.sessionId, owner }),
    [api, userContext.sessionId, owner],
  );
}

export function useAreaCart() {
  return useCart(useShellCartDeps());
}

/** For add-to-cart buttons: resolves with the saved cart, rejects when the server refused the line. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  const deps = useShellCartDeps();
  return useCallback(
    (lookupKey: string, quantity = 1) =>
      updateCart(queryClient, deps, (items) => withItemAdded(items, lookupKey, quantity)),
    [queryClient, deps],
  );
}

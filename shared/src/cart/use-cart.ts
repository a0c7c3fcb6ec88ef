// React hooks over the cart client. `useCart(deps)` is for the shell, which holds its own API
// clients; remotes use `useAreaCart()` and `useAddToCart()`, which take them from the shell contract.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CartItem } from '../contract/cart';
import { useShell } from '../federation/shell-context';
import { toApiError } from '../http/api-error';
import {
  cartCount,
  cartEditsQueryOptions,
  cartQueryOptions,
  EMPTY_CART,
  updateCart,
  withEdits,
  withItemAdded,
  withQuantity,
  type CartDeps,
  type CartPricing,
} from './cart-client';

export function useCart(deps: CartDeps, pricing?: CartPricing) {
  const queryClient = useQueryClient();
  const query = useQuery(cartQueryOptions(deps));
  const { data: edits } = useQuery(cartEditsQueryOptions(queryClient, deps.owner));
  const change = useCallback(
    (edit: (items: CartItem[]) => CartItem[]) => updateCart(queryClient, deps, edit, pricing),
    [queryClient, deps, pricing],
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
  const saved = query.data ?? EMPTY_CART;
  // Changes still on their way show once the server's cart is known (a count over an unknown cart would jump).
  const cart = useMemo(
    () => (query.data ? withEdits(query.data, edits) : EMPTY_CART),
    [query.data, edits],
  );
  return {
    /** What the visitor sees: the server's cart with the changes not yet answered. */
    cart,
    /** The server's last answer, for what must match the server (a quote). */
    savedCart: saved,
    /** A change is on its way to the server. */
    saving: edits.length > 0,
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

/**
 * The cart for an area's pages. A quantity change or a removal shows at once; refused by the
 * server, it is rolled back and the visitor told why (it then resolves null). `pricing` makes each
 * change one request that also answers with the quote.
 */
export function useAreaCart(pricing?: CartPricing) {
  const { notify } = useShell();
  const cart = useCart(useShellCartDeps(), pricing);
  const { setQuantity: set, remove: drop } = cart;
  const told = useCallback(
    (change: Promise<unknown>) =>
      change.then(
        () => true,
        (error: unknown) => {
          notify.error('Your cart was not changed', toApiError(error).message);
          return false;
        },
      ),
    [notify],
  );
  const setQuantity = useCallback(
    (lookupKey: string, quantity: number) => told(set(lookupKey, quantity)),
    [told, set],
  );
  const remove = useCallback((lookupKey: string) => told(drop(lookupKey)), [told, drop]);
  return { ...cart, setQuantity, remove };
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

// The one cart client: the server-side cart (GET/PUT /api/v1/cart) keyed by the browser's
// session id, or by the user once logged in. The shell's badge, the catalog's add-to-cart
// buttons and the checkout pages all read and write the cart through this module.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Cart, CartItem } from '../contract/cart';
import { CART_QUERY_KEY, MAX_CART_LINE_QUANTITY } from '../contract/cart-keys';
import { FIRST_VIEW_PATHS } from '../contract/first-view-paths';
import type { ApiClients } from '../shell-contract/shell-props';

export interface CartDeps {
  api: Pick<ApiClients, 'content'>;
  sessionId: string;
  /** Who the cart belongs to: the user's email, or null for an anonymous visitor. Part of the cache key, so logging in refetches the merged cart. */
  owner: string | null;
}

export const EMPTY_CART: Cart = { items: [], updatedAt: null };

export const cartQueryKey = (owner: string | null) =>
  [...CART_QUERY_KEY, owner ?? 'anonymous'] as const;

export async function fetchCart({ api, sessionId }: CartDeps): Promise<Cart> {
  const response = await api.content.get<Cart>(FIRST_VIEW_PATHS.cart, { params: { sessionId } });
  return response.data;
}

export async function saveCart(
  { api, sessionId }: CartDeps,
  items: readonly CartItem[],
): Promise<Cart> {
  const response = await api.content.put<Cart>(FIRST_VIEW_PATHS.cart, { sessionId, items });
  return response.data;
}

export function cartQueryOptions(deps: CartDeps) {
  return queryOptions({
    queryKey: cartQueryKey(deps.owner),
    queryFn: () => fetchCart(deps),
    staleTime: 30_000,
  });
}

const clampQuantity = (quantity: number) =>
  Math.max(0, Math.min(MAX_CART_LINE_QUANTITY, Math.floor(quantity)));

/** Adds to a line (or appends one), capped at the per-line maximum. */
export function withItemAdded(
  items: readonly CartItem[],
  lookupKey: string,
  quantity = 1,
): CartItem[] {
  const existing = items.find((item) => item.lookupKey === lookupKey);
  if (!existing) return [...items, { lookupKey, quantity: clampQuantity(quantity) }];
  return items.map((item) =>
    item.lookupKey === lookupKey
      ? { ...item, quantity: clampQuantity(item.quantity + quantity) }
      : item,
  );
}

/** Sets a line's quantity; zero removes the line. */
export function withQuantity(
  items: readonly CartItem[],
  lookupKey: string,
  quantity: number,
): CartItem[] {
  const next = clampQuantity(quantity);
  return next === 0
    ? items.filter((item) => item.lookupKey !== lookupKey)
    : items.map((item) => (item.lookupKey === lookupKey ? { ...item, quantity: next } : item));
}

export const cartCount = (cart: Pick<Cart, 'items'> | undefined) =>
  (cart?.items ?? []).reduce((sum, item) => sum + item.quantity, 0);

// Writes go out one at a time per cache, each computed from the latest cart, so two quick adds
// (or an add racing a quantity change) can never overwrite each other on the server.
const writeQueues = new WeakMap<QueryClient, Promise<unknown>>();

export function updateCart(
  queryClient: QueryClient,
  deps: CartDeps,
  change: (items: CartItem[]) => CartItem[],
): Promise<Cart> {
  const key = cartQueryKey(deps.owner);
  const previous = writeQueues.get(queryClient) ?? Promise.resolve();
  const write = previous
    .catch(() => undefined)
    .then(async () => {
      const current =
        queryClient.getQueryData<Cart>(key) ??
        (await queryClient.fetchQuery(cartQueryOptions(deps)));
      const items = change([...current.items]);
      // Optimistic: the badge and the cart page move at once; the server's answer replaces it.
      queryClient.setQueryData<Cart>(key, { ...current, items });
      try {
        const saved = await saveCart(deps, items);
        queryClient.setQueryData<Cart>(key, saved);
        return saved;
      } catch (error) {
        // Undo the optimistic change, then ask the server what the cart really is.
        queryClient.setQueryData<Cart>(key, current);
        await queryClient.invalidateQueries({ queryKey: key });
        throw error;
      }
    });
  writeQueues.set(queryClient, write);
  return write;
}

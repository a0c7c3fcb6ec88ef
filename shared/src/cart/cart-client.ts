// The one cart client: the server-side cart (GET/PUT /api/v1/cart) keyed by the browser's
// session id, or by the user once logged in. The shell's badge, the catalog's add-to-cart
// buttons and the checkout pages all read and write the cart through this module.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Cart, CartItem } from '../contract/cart';
import { CART_QUERY_KEY, MAX_CART_LINE_QUANTITY } from '../contract/cart-keys';
import type { CheckoutQuote, PutPricedCartBody, VisitorCart } from '../contract/checkout';
import type { ShippingCountry } from '../contract/common';
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

/** A change to the cart's lines, shown at once and sent to the server in its turn. */
type CartEdit = (items: CartItem[]) => CartItem[];
const NO_EDITS: readonly CartEdit[] = [];

/**
 * The changes not yet answered by the server, kept in the cache beside the server's cart (each
 * area bundles its own copy of this module; the QueryClient is what they share). What a visitor
 * sees is the server's cart with these applied, so a tap moves the badge and the line at once.
 */
const cartEditsKey = (owner: string | null) => ['cart-edits', owner ?? 'anonymous'] as const;

export function cartEditsQueryOptions(queryClient: QueryClient, owner: string | null) {
  const queryKey = cartEditsKey(owner);
  return queryOptions({
    queryKey,
    // Never fetched: written by updateCart alone.
    queryFn: () => queryClient.getQueryData<readonly CartEdit[]>(queryKey) ?? NO_EDITS,
    initialData: NO_EDITS,
    staleTime: Infinity,
  });
}

/** The cart as the visitor should see it: the server's, with the changes still on their way. */
export function withEdits(cart: Cart, edits: readonly CartEdit[]): Cart {
  if (edits.length === 0) return cart;
  return {
    ...cart,
    items: edits.reduce<CartItem[]>((items, edit) => edit([...items]), [...cart.items]),
  };
}

/**
 * A cart page's pricing: with it, a change is saved through PUT /api/v1/cart/priced and the answer
 * carries the quote (one request), handed to `onPriced` before the saved cart is.
 */
export interface CartPricing {
  country: ShippingCountry;
  discountCode: string | null;
  email?: string;
  businessKey?: string;
  onPriced(quote: CheckoutQuote | null, cart: Cart): void;
}

async function savePricedCart(
  { api, sessionId }: CartDeps,
  items: readonly CartItem[],
  { country, discountCode, email, businessKey }: CartPricing,
): Promise<VisitorCart> {
  const body: PutPricedCartBody = {
    sessionId,
    items: [...items],
    country,
    discountCode,
    email: email || undefined,
    businessKey,
  };
  return (await api.content.put<VisitorCart>(FIRST_VIEW_PATHS.cartPriced, body)).data;
}

// Writes go out one at a time per QueryClient (shared by every area's copy of this module through a
// registered symbol), each computed from the server's latest cart, so two quick taps (or an add
// racing a quantity change) can never overwrite each other on the server.
const WRITE_QUEUE = Symbol.for('shop.cart.write-queue');
type QueuedClient = QueryClient & { [WRITE_QUEUE]?: Promise<unknown> };

/**
 * React-query's optimistic update, queued: the change shows at once (a read in flight is cancelled
 * so it cannot overwrite it), is sent in its turn, and leaves the view when the server answers,
 * replaced by the server's cart; refused, it is rolled back (later changes stay shown) and the
 * cart is read again. Rejects with the server's error, for the caller's message.
 */
export function updateCart(
  queryClient: QueryClient,
  deps: CartDeps,
  change: (items: CartItem[]) => CartItem[],
  pricing?: CartPricing,
): Promise<Cart> {
  const key = cartQueryKey(deps.owner);
  const editsKey = cartEditsKey(deps.owner);
  const edits = () => queryClient.getQueryData<readonly CartEdit[]>(editsKey) ?? NO_EDITS;
  const edit: CartEdit = (items) => change(items);
  void queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData(editsKey, [...edits(), edit]);
  const settle = () =>
    queryClient.setQueryData(
      editsKey,
      edits().filter((pending) => pending !== edit),
    );

  const queued = queryClient as QueuedClient;
  let reread: Promise<void> | undefined;
  const write = (queued[WRITE_QUEUE] ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      try {
        const server =
          queryClient.getQueryData<Cart>(key) ??
          (await queryClient.fetchQuery(cartQueryOptions(deps)));
        const items = change([...server.items]);
        let saved: Cart;
        if (pricing) {
          const answer = await savePricedCart(deps, items, pricing);
          pricing.onPriced(answer.quote, answer.cart);
          saved = answer.cart;
        } else saved = await saveCart(deps, items);
        queryClient.setQueryData<Cart>(key, saved);
        settle();
        return saved;
      } catch (error) {
        settle();
        // The next write waits for the server's cart, not the one this change assumed.
        reread = queryClient.invalidateQueries({ queryKey: key, exact: true });
        throw error;
      }
    });
  queued[WRITE_QUEUE] = write.catch(() => reread);
  return write;
}

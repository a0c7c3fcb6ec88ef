import { QueryClient } from '@tanstack/react-query';
import type { AxiosInstance } from 'axios';
import type { Cart, CartItem } from '../contract/cart';
import {
  cartCount,
  cartQueryKey,
  updateCart,
  withItemAdded,
  withQuantity,
  type CartDeps,
} from './cart-client';

/** A server cart behind a fake content client whose PUTs answer after a delay, in any order. */
function fakeServer(delays: number[]) {
  let stored: Cart = { items: [], updatedAt: null };
  const puts: CartItem[][] = [];
  const content = {
    get: async () => ({ data: stored }),
    put: async (_url: string, body: { items: CartItem[] }) => {
      puts.push(body.items);
      await new Promise((resolve) => setTimeout(resolve, delays.shift() ?? 0));
      stored = { items: body.items, updatedAt: new Date().toISOString() };
      return { data: stored };
    },
  } as unknown as AxiosInstance;
  const deps: CartDeps = { api: { content }, sessionId: 'session-1', owner: null };
  return { deps, puts, stored: () => stored };
}

describe('cart client', () => {
  it('adds to a line, appends a new one, caps quantities and removes at zero', () => {
    const items = withItemAdded(withItemAdded([], 'kit'), 'kit', 2);
    expect(items).toEqual([{ lookupKey: 'kit', quantity: 3 }]);
    expect(withItemAdded(items, 'kit', 50)).toEqual([{ lookupKey: 'kit', quantity: 20 }]);
    expect(withItemAdded(items, 'tape')).toEqual([
      { lookupKey: 'kit', quantity: 3 },
      { lookupKey: 'tape', quantity: 1 },
    ]);
    expect(withQuantity(items, 'kit', 0)).toEqual([]);
    expect(cartCount({ items: withItemAdded(items, 'tape') })).toBe(4);
  });

  it('keeps both of two quick adds even when the first save is the slower one', async () => {
    const server = fakeServer([50, 0]);
    const queryClient = new QueryClient();
    await Promise.all([
      updateCart(queryClient, server.deps, (items) => withItemAdded(items, 'kit')),
      updateCart(queryClient, server.deps, (items) => withItemAdded(items, 'tape')),
    ]);
    expect(server.stored().items).toEqual([
      { lookupKey: 'kit', quantity: 1 },
      { lookupKey: 'tape', quantity: 1 },
    ]);
    expect(queryClient.getQueryData<Cart>(cartQueryKey(null))?.items).toHaveLength(2);
    expect(server.puts).toHaveLength(2);
  });

  it('puts the server cart back in the cache when a save is refused', async () => {
    const server = fakeServer([]);
    const queryClient = new QueryClient();
    const refusing = {
      ...server.deps,
      api: {
        content: {
          ...server.deps.api.content,
          get: server.deps.api.content.get,
          put: async () => Promise.reject(new Error('400')),
        } as unknown as AxiosInstance,
      },
    };
    await expect(
      updateCart(queryClient, refusing, (items) => withItemAdded(items, 'nope')),
    ).rejects.toThrow('400');
    expect(queryClient.getQueryData<Cart>(cartQueryKey(null))?.items ?? []).toEqual([]);
  });
});

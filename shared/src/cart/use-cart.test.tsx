import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import type { ReactNode } from 'react';
import type { Cart, CartItem } from '../contract/cart';
import { cartQueryKey, type CartDeps } from './cart-client';
import { useCart } from './use-cart';

/** A server cart whose saves wait until the test answers them, with success or a status. */
function heldServer(initial: CartItem[]) {
  let stored: Cart = { items: initial, updatedAt: null };
  const waiting: ((status: number) => void)[] = [];
  const content = {
    get: async () => ({ data: stored }),
    put: (_url: string, body: { items: CartItem[] }) =>
      new Promise((resolve, reject) => {
        waiting.push((status) => {
          if (status < 400) {
            stored = { items: body.items, updatedAt: new Date().toISOString() };
            resolve({ data: stored });
          } else {
            const response = { status, data: { error: { code: 'X', message: 'No.' } } };
            reject(
              new AxiosError('refused', 'ERR_BAD_REQUEST', undefined, undefined, {
                ...response,
                statusText: String(status),
                headers: {},
                config: {} as never,
              } as AxiosResponse),
            );
          }
        });
      }),
  } as unknown as AxiosInstance;
  const deps: CartDeps = { api: { content }, sessionId: 'session-1', owner: null };
  return {
    deps,
    stored: () => stored,
    answer: async (status = 200) => {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => waiting.shift()!(status));
    },
  };
}

function renderCart(server: ReturnType<typeof heldServer>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useCart(server.deps), { wrapper });
  return { ...view, queryClient };
}

describe('useCart: optimistic changes', () => {
  it('an add counts at once, two quick adds both show before any answer, and the server settles it', async () => {
    const server = heldServer([{ lookupKey: 'kit', quantity: 1 }]);
    const { result, queryClient } = renderCart(server);
    await waitFor(() => expect(result.current.count).toBe(1));

    let first: Promise<Cart> | undefined;
    let second: Promise<Cart> | undefined;
    act(() => {
      first = result.current.add('kit');
      second = result.current.add('tape');
    });
    // No save has been answered yet.
    await waitFor(() => expect(result.current.count).toBe(3));
    expect(result.current.saving).toBe(true);
    await server.answer();
    await server.answer();
    await act(async () => {
      await Promise.all([first, second]);
    });
    await waitFor(() => expect(result.current.saving).toBe(false));
    expect(result.current.cart.items).toEqual([
      { lookupKey: 'kit', quantity: 2 },
      { lookupKey: 'tape', quantity: 1 },
    ]);
    expect(server.stored().items).toEqual(result.current.cart.items);
    queryClient.clear();
  });

  it('a refused change is rolled back, keeping a later change still on its way', async () => {
    const server = heldServer([{ lookupKey: 'kit', quantity: 2 }]);
    const { result, queryClient } = renderCart(server);
    await waitFor(() => expect(result.current.count).toBe(2));

    let refused: Promise<Cart> | undefined;
    act(() => {
      refused = result.current.setQuantity('kit', 5);
      void result.current.add('tape');
    });
    const failed = expect(refused).rejects.toBeInstanceOf(AxiosError);
    await waitFor(() => expect(result.current.count).toBe(6));
    await server.answer(409);
    await failed;
    // The refused quantity is gone, the add still shows.
    await waitFor(() => expect(result.current.count).toBe(3));
    await server.answer();
    await waitFor(() => expect(result.current.saving).toBe(false));
    expect(result.current.cart.items).toEqual([
      { lookupKey: 'kit', quantity: 2 },
      { lookupKey: 'tape', quantity: 1 },
    ]);
    expect(queryClient.getQueryData<Cart>(cartQueryKey(null))?.items).toEqual(
      server.stored().items,
    );
    queryClient.clear();
  });

  it('a failed add to an empty cart leaves the badge at zero', async () => {
    const server = heldServer([]);
    const { result, queryClient } = renderCart(server);
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    let add: Promise<Cart> | undefined;
    act(() => {
      add = result.current.add('kit');
    });
    const failed = expect(add).rejects.toBeInstanceOf(AxiosError);
    await waitFor(() => expect(result.current.count).toBe(1));
    await server.answer(503);
    await failed;
    await waitFor(() => expect(result.current.count).toBe(0));
    queryClient.clear();
  });
});

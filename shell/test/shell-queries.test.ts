import { QueryClient } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { CUSTOMIZATION_QUERY_KEY, USER_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import { prefetchShellQueries } from '../src/app/shell-queries';
import { testRegistry } from '@shop/shared/shell-contract/test-area-routes';
import { createRegistrySource } from '../src/app/registry-source';

const registry = () => createRegistrySource(async () => testRegistry());

function fakeApi() {
  const connectGet = jest.fn(async () => ({ data: { user: { email: 'ada@example.com' } } }));
  const contentGet = jest.fn(async () => ({ data: { name: 'Acme Wellness' } }));
  const api = {
    connect: { get: connectGet },
    content: { get: contentGet },
  } as unknown as ApiClients;
  return { api, connectGet, contentGet };
}

async function settled(queryClient: QueryClient) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('prefetchShellQueries', () => {
  it('asks for the visitor before the first render, under the key the shell reads', async () => {
    const { api, connectGet, contentGet } = fakeApi();
    const queryClient = new QueryClient();
    prefetchShellQueries({
      api,
      queryClient,
      store: createMemoryNavigationStore('/pricing'),
      registry: registry(),
    });
    await settled(queryClient);
    expect(connectGet).toHaveBeenCalledWith('/user/cms-info', {
      params: { includeSubscriptionInfo: true },
    });
    expect(queryClient.getQueryData([...USER_QUERY_KEY, { includeBalance: false }])).toEqual({
      email: 'ada@example.com',
    });
    expect(contentGet).not.toHaveBeenCalled();
  });

  it('asks for the balance on the cart, and for the partner on a storefront page once the registry says it is one', async () => {
    const cart = fakeApi();
    prefetchShellQueries({
      api: cart.api,
      queryClient: new QueryClient(),
      store: createMemoryNavigationStore('/shopping-cart'),
      registry: registry(),
    });
    expect(cart.connectGet).toHaveBeenCalledWith('/user/cms-info', {
      params: { includeSubscriptionInfo: true, includeBalance: true },
    });

    const storefront = fakeApi();
    const queryClient = new QueryClient();
    prefetchShellQueries({
      api: storefront.api,
      queryClient,
      store: createMemoryNavigationStore('/shop/acme-wellness'),
      registry: registry(),
    });
    await settled(queryClient);
    expect(storefront.contentGet).toHaveBeenCalledWith(expect.stringContaining('acme-wellness'), {
      params: { excludeProducts: true },
    });
    const cached = queryClient.getQueriesData({ queryKey: CUSTOMIZATION_QUERY_KEY });
    expect(cached.map(([, data]) => data)).toEqual([
      { name: 'Acme Wellness', shopKey: 'acme-wellness' },
    ]);
  });
});

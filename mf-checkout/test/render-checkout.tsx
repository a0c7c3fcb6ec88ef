import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { CartItem } from '@shop/shared/contract/cart';
import type { Order } from '@shop/shared/contract/checkout';
import { createDevShell, DevShellHarness } from '@shop/shared/shell-contract/dev-shell';
import { createMemoryNavigationStore } from '@shop/shared/shell-contract/navigation-store';
import type { CurrentUser } from '@shop/shared/shell-contract/shell-props';
import { CheckoutRoot } from '../src/app/parcel';
import type { FakeHandler } from '@shop/shared/shell-contract/fake-api';
import { createFakeShopApi } from './fake-shop-api';

const clients: QueryClient[] = [];
// Cached queries keep timers alive; clearing them lets jest exit.
afterEach(() => clients.splice(0).forEach((client) => client.clear()));

/** The checkout area under the test shell, its API answered by the fake before the first request. */
export function renderCheckout(
  path: string,
  {
    cart = [],
    user = null,
    orders = [],
    basename = '',
    areaProps = {},
    handlers = [],
    seed,
  }: {
    cart?: CartItem[];
    user?: CurrentUser | null;
    orders?: Order[];
    basename?: string;
    areaProps?: Record<string, unknown>;
    /** Answers added before the first request (a page that reads at once). */
    handlers?: FakeHandler[];
    /** What the cache holds before the page renders (as a first view's state seeds it). */
    seed?: (queryClient: QueryClient) => void;
  } = {},
) {
  const store = createMemoryNavigationStore(path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  seed?.(queryClient);
  const { props, record } = createDevShell({ store, queryClient, user });
  const api = createFakeShopApi(cart);
  api.install(props);
  for (const order of orders) api.orders.set(order.id, order);
  for (const handler of handlers) api.on(handler);
  // Area props reach a nested area merged into its shell props, as the shell's AreaOutlet passes them.
  const view = render(
    <DevShellHarness
      Root={CheckoutRoot}
      store={store}
      shell={{ ...props, ...areaProps }}
      basename={basename}
    />,
  );
  return { ...view, store, record, props, api, queryClient };
}

// The order two areas share: checkout's thank-you page reads it, the upgrades area refreshes it
// after a purchase. One key and one reader, so no area spells the other's key.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClients } from '../shell-contract/shell-props';
import { orderQueryKey } from '../contract/cart-keys';
import type { Order } from '../contract/checkout';
import { API_PATHS, buildPath } from '../contract/paths';

// The key is the contract's, next to the cart's; this module adds the one reader.
export { orderQueryKey };

/** GET …/checkout/orders/{id}: the order, for the browser or account that placed it (404 for anyone else). */
export async function fetchOrder(api: ApiClients, orderId: string): Promise<Order> {
  return (await api.payments.get<Order>(buildPath(API_PATHS.order, { id: orderId }))).data;
}

export function orderQueryOptions(api: ApiClients, orderId: string | null) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: () => fetchOrder(api, orderId!),
    enabled: Boolean(orderId),
    staleTime: 60_000,
  });
}

// GET …/checkout/orders/{id}: the thank-you page's order, through the contract's shared query (the
// upgrades area refreshes the same key after a purchase).
import { useQuery } from '@tanstack/react-query';
import { orderQueryOptions } from '@shop/shared/orders/order-query';
import { useShell } from '@shop/shared/federation/remote-root';

export function useOrder(orderId: string | null) {
  const { api } = useShell();
  return useQuery(orderQueryOptions(api, orderId));
}

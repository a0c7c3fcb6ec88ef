// GET …/checkout/orders/{id}: the thank-you page's order, through the contract's shared query (the
// upgrades area refreshes the same key after a purchase). An order whose payment is still settling
// (pay later, back from the provider's page) is read again until it is paid or failed, for a while.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@shop/shared/contract/checkout';
import { orderQueryKey, orderQueryOptions } from '@shop/shared/orders/order-query';
import { useShell } from '@shop/shared/federation/remote-root';
import { confirmOrder } from '../../checkout/api/confirm-order';

const SETTLE_POLL_MS = 2_000;
/** Reads before the page stops asking (about two minutes); the email still follows. */
const SETTLE_POLL_LIMIT = 60;

/** Paid or failed is final; otherwise the provider's webhook has yet to settle it. */
export function isSettling(order: Order): boolean {
  return order.status === 'pending' || order.status === 'requires_action';
}

export function useOrder(orderId: string | null) {
  const { api } = useShell();
  return useQuery({
    ...orderQueryOptions(api, orderId),
    refetchInterval: (query) =>
      query.state.data &&
      isSettling(query.state.data) &&
      query.state.dataUpdateCount < SETTLE_POLL_LIMIT
        ? SETTLE_POLL_MS
        : false,
  });
}

/**
 * Back from the provider's page (a pay-later redirect) the order still holds for the shopper's
 * step: our API is asked once to confirm it, and decides from the provider's own state.
 */
export function useConfirmReturnedOrder(order: Order | undefined) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (order?.status !== 'requires_action' || asked.current === order.id) return;
    asked.current = order.id;
    confirmOrder(api, order.id).then(
      (confirmed) => queryClient.setQueryData(orderQueryKey(order.id), confirmed),
      // The reads go on; the webhook settles the order whatever this answer was.
      () => undefined,
    );
  }, [order, api, queryClient]);
}

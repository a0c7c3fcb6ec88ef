// POST …/checkout/orders with an Idempotency-Key -> the order (201); a repeat with the key returns the same order.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type PlaceOrderBody,
} from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function placeOrder(
  api: ApiClients,
  body: PlaceOrderBody,
  idempotencyKey: string,
): Promise<Order> {
  return (
    await api.payments.post<Order>(API_PATHS.orders, body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).data;
}

export function placeOrderMutationOptions(api: ApiClients) {
  return mutationOptions({
    mutationKey: ['checkout', 'orders', 'place'],
    mutationFn: ({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) =>
      placeOrder(api, body, idempotencyKey),
    // A payment is sent at once and its failure shown, never held until the browser says it is online.
    networkMode: 'always',
  });
}

export function usePlaceOrderRequest() {
  const { api } = useShell();
  return useMutation(placeOrderMutationOptions(api));
}

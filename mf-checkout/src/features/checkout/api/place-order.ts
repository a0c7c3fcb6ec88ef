// POST …/checkout/orders with an Idempotency-Key -> the order (201); a repeat with the key returns the same order.
import {
  IDEMPOTENCY_KEY_HEADER,
  type Order,
  type PlaceOrderBody,
} from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
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

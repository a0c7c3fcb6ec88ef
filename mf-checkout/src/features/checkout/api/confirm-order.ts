// POST …/checkout/orders/{id}/confirm: completes a payment the bank asked the shopper to confirm.
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function confirmOrder(api: ApiClients, orderId: string): Promise<Order> {
  return (await api.payments.post<Order>(buildPath(API_PATHS.orderConfirm, { id: orderId }))).data;
}

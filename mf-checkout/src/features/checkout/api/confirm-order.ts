// POST …/checkout/orders/{id}/confirm: completes a payment the bank asked the shopper to confirm.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function confirmOrder(api: ApiClients, orderId: string): Promise<Order> {
  return (await api.payments.post<Order>(buildPath(API_PATHS.orderConfirm, { id: orderId }))).data;
}

export function confirmOrderMutationOptions(api: ApiClients) {
  return mutationOptions({
    mutationKey: ['checkout', 'orders', 'confirm'],
    mutationFn: (orderId: string) => confirmOrder(api, orderId),
    // A payment is sent at once and its failure shown, never held until the browser says it is online.
    networkMode: 'always',
  });
}

export function useConfirmOrder() {
  const { api } = useShell();
  return useMutation(confirmOrderMutationOptions(api));
}

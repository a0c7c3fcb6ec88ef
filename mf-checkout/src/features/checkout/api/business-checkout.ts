// POST …/business/checkout with an Idempotency-Key -> 202 { status: pending, order }; the payment runs after.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  type BusinessCheckoutBody,
  type BusinessCheckoutStatus,
  type Order,
} from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function startBusinessCheckout(
  api: ApiClients,
  body: BusinessCheckoutBody,
  idempotencyKey: string,
): Promise<BusinessCheckoutStatus & { order: Order }> {
  return (
    await api.payments.post(API_PATHS.businessCheckout, body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).data;
}

export function startBusinessCheckoutMutationOptions(api: ApiClients) {
  return mutationOptions({
    mutationKey: ['checkout', 'business', 'start'],
    mutationFn: ({
      body,
      idempotencyKey,
    }: {
      body: BusinessCheckoutBody;
      idempotencyKey: string;
    }) => startBusinessCheckout(api, body, idempotencyKey),
    // A payment is sent at once and its failure shown, never held until the browser says it is online.
    networkMode: 'always',
  });
}

export function useStartBusinessCheckout() {
  const { api } = useShell();
  return useMutation(startBusinessCheckoutMutationOptions(api));
}

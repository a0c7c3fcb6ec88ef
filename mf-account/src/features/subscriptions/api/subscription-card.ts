// PUT /user/management-portal/subscriptions/:id/payment-method {paymentMethodId} -> the subscription charging that saved card (a past-due renewal is tried again with it).
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail, SubscriptionCardBody } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function updateSubscriptionCard(
  api: ApiClients,
  id: string,
  body: SubscriptionCardBody,
): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'put', API_PATHS.accountSubscriptionCard, id, body);
}

export function updateSubscriptionCardMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, SubscriptionCardBody>({
    mutationKey: ['account', 'subscriptions', id, 'card'],
    mutationFn: (body) => updateSubscriptionCard(api, id, body),
  });
}

export function useUpdateSubscriptionCard(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(updateSubscriptionCardMutationOptions(api, id));
}

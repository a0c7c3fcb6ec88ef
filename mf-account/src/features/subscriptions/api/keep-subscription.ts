// POST /user/management-portal/subscriptions/:id/keep -> the subscription, no longer ending (undoes a cancel while the period runs).
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function keepSubscription(api: ApiClients, id: string): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'post', API_PATHS.accountSubscriptionKeep, id);
}

export function keepSubscriptionMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, void>({
    mutationKey: ['account', 'subscriptions', id, 'keep'],
    mutationFn: () => keepSubscription(api, id),
  });
}

export function useKeepSubscription(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(keepSubscriptionMutationOptions(api, id));
}

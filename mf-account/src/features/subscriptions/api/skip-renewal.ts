// POST /user/management-portal/subscriptions/:id/skip -> the subscription with its next renewal skipped (no kit, no charge).
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function skipRenewal(api: ApiClients, id: string): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'post', API_PATHS.accountSubscriptionSkip, id);
}

export function skipRenewalMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, void>({
    mutationKey: ['account', 'subscriptions', id, 'skip'],
    mutationFn: () => skipRenewal(api, id),
  });
}

export function useSkipRenewal(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(skipRenewalMutationOptions(api, id));
}

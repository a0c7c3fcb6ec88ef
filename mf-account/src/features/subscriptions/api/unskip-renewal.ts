// DELETE /user/management-portal/subscriptions/:id/skip -> the subscription with the skip undone.
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function unskipRenewal(api: ApiClients, id: string): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'delete', API_PATHS.accountSubscriptionSkip, id);
}

export function unskipRenewalMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, void>({
    mutationKey: ['account', 'subscriptions', id, 'unskip'],
    mutationFn: () => unskipRenewal(api, id),
  });
}

export function useUnskipRenewal(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(unskipRenewalMutationOptions(api, id));
}

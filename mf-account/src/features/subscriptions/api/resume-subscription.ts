// POST /user/management-portal/subscriptions/:id/resume -> the subscription, active again at once.
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function resumeSubscription(api: ApiClients, id: string): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'post', API_PATHS.accountSubscriptionResume, id);
}

export function resumeSubscriptionMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, void>({
    mutationKey: ['account', 'subscriptions', id, 'resume'],
    mutationFn: () => resumeSubscription(api, id),
  });
}

export function useResumeSubscription(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(resumeSubscriptionMutationOptions(api, id));
}

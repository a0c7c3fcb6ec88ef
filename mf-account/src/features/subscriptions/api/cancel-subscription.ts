// POST /user/management-portal/subscriptions/:id/cancel {reason?, immediately?} -> the subscription, ending at its period's end (or now, when nothing is paid ahead).
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type {
  SubscriptionDetail,
  CancelSubscriptionBody,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function cancelSubscription(
  api: ApiClients,
  id: string,
  body: CancelSubscriptionBody,
): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'post', API_PATHS.accountSubscriptionCancel, id, body);
}

export function cancelSubscriptionMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, CancelSubscriptionBody>({
    mutationKey: ['account', 'subscriptions', id, 'cancel'],
    mutationFn: (body) => cancelSubscription(api, id, body),
  });
}

export function useCancelSubscription(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(cancelSubscriptionMutationOptions(api, id));
}

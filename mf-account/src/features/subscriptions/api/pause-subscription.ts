// POST /user/management-portal/subscriptions/:id/pause {until} -> the subscription, paused until that day (at least tomorrow, at most a year).
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type {
  SubscriptionDetail,
  PauseSubscriptionBody,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function pauseSubscription(
  api: ApiClients,
  id: string,
  body: PauseSubscriptionBody,
): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'post', API_PATHS.accountSubscriptionPause, id, body);
}

export function pauseSubscriptionMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, PauseSubscriptionBody>({
    mutationKey: ['account', 'subscriptions', id, 'pause'],
    mutationFn: (body) => pauseSubscription(api, id, body),
  });
}

export function usePauseSubscription(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(pauseSubscriptionMutationOptions(api, id));
}

// POST /user/management-portal/subscriptions/:id/interval {lookupKey, expectedNextRenewalAmount} -> the subscription on its new interval from the next renewal; 409 when the price moved since the preview.
import { mutationOptions } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { SubscriptionDetail, IntervalChangeBody } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { sendSubscriptionChange, useSubscriptionChange } from './subscription-change';

export function changeInterval(
  api: ApiClients,
  id: string,
  body: IntervalChangeBody,
): Promise<SubscriptionDetail> {
  return sendSubscriptionChange(api, 'post', API_PATHS.accountSubscriptionInterval, id, body);
}

export function changeIntervalMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<SubscriptionDetail, ApiError, IntervalChangeBody>({
    mutationKey: ['account', 'subscriptions', id, 'interval'],
    mutationFn: (body) => changeInterval(api, id, body),
  });
}

export function useChangeInterval(id: string) {
  const { api } = useShell();
  return useSubscriptionChange(changeIntervalMutationOptions(api, id));
}

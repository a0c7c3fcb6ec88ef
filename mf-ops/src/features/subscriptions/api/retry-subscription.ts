// POST /api/v1/ops/subscriptions/:id/retry {reason?} -> the subscription, its renewal queued now.
import { mutationOptions } from '@tanstack/react-query';
import { opsSubscriptionDetailSchema, type OpsSubscriptionDetail } from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { opsCall } from '../../shared/api/ops-call';
import { useSubscriptionAction } from './subscription';

export interface RetryRequest {
  id: string;
  reason?: string;
}

export function retrySubscription(
  api: ApiClients,
  { id, reason }: RetryRequest,
): Promise<OpsSubscriptionDetail> {
  return opsCall(
    () =>
      api.content.post(buildPath(API_PATHS.opsSubscriptionRetry, { id }), reason ? { reason } : {}),
    opsSubscriptionDetailSchema,
  );
}

export function retryMutationOptions(api: ApiClients) {
  return mutationOptions<OpsSubscriptionDetail, ApiError, RetryRequest>({
    mutationKey: ['ops', 'subscriptions', 'retry'],
    mutationFn: (request) => retrySubscription(api, request),
  });
}

export const useRetrySubscription = () => useSubscriptionAction(retryMutationOptions);

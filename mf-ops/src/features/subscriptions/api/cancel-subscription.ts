// POST /api/v1/ops/subscriptions/:id/cancel {when, reason} -> the subscription as it now is.
import { mutationOptions } from '@tanstack/react-query';
import {
  opsSubscriptionDetailSchema,
  type OpsSubscriptionCancelBody,
  type OpsSubscriptionDetail,
} from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { opsCall } from '../../shared/api/ops-call';
import { useSubscriptionAction } from './subscription';

export interface CancelRequest {
  id: string;
  body: OpsSubscriptionCancelBody;
}

export function cancelSubscription(
  api: ApiClients,
  { id, body }: CancelRequest,
): Promise<OpsSubscriptionDetail> {
  return opsCall(
    () => api.content.post(buildPath(API_PATHS.opsSubscriptionCancel, { id }), body),
    opsSubscriptionDetailSchema,
  );
}

export function cancelMutationOptions(api: ApiClients) {
  return mutationOptions<OpsSubscriptionDetail, ApiError, CancelRequest>({
    mutationKey: ['ops', 'subscriptions', 'cancel'],
    mutationFn: (request) => cancelSubscription(api, request),
  });
}

export const useCancelSubscription = () => useSubscriptionAction(cancelMutationOptions);

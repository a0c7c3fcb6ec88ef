// POST /api/v1/ops/subscriptions/:id/pause {until, reason?} -> the subscription as it now is.
import { mutationOptions } from '@tanstack/react-query';
import {
  opsSubscriptionDetailSchema,
  type OpsSubscriptionDetail,
  type OpsSubscriptionPauseBody,
} from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { opsCall } from '../../shared/api/ops-call';
import { useSubscriptionAction } from './subscription';

export interface PauseRequest {
  id: string;
  body: OpsSubscriptionPauseBody;
}

export function pauseSubscription(
  api: ApiClients,
  { id, body }: PauseRequest,
): Promise<OpsSubscriptionDetail> {
  return opsCall(
    () => api.content.post(buildPath(API_PATHS.opsSubscriptionPause, { id }), body),
    opsSubscriptionDetailSchema,
  );
}

export function pauseMutationOptions(api: ApiClients) {
  return mutationOptions<OpsSubscriptionDetail, ApiError, PauseRequest>({
    mutationKey: ['ops', 'subscriptions', 'pause'],
    mutationFn: (request) => pauseSubscription(api, request),
  });
}

export const usePauseSubscription = () => useSubscriptionAction(pauseMutationOptions);

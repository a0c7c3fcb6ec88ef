// GET /api/v1/ops/subscriptions/:id -> the subscription, its renewal ledger and its change log.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { opsSubscriptionDetailSchema, type OpsSubscriptionDetail } from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { SUBSCRIPTION_LISTS_KEY } from './subscription-list';

export const opsSubscriptionQueryKey = (id: string) =>
  ['ops', 'subscriptions', 'detail', id] as const;

export function fetchSubscription(
  api: ApiClients,
  id: string,
  signal?: AbortSignal,
): Promise<OpsSubscriptionDetail> {
  return opsCall(
    () => api.content.get(buildPath(API_PATHS.opsSubscription, { id }), { signal }),
    opsSubscriptionDetailSchema,
  );
}

export function subscriptionQueryOptions(api: ApiClients, id: string) {
  return queryOptions<OpsSubscriptionDetail, ApiError>({
    queryKey: opsSubscriptionQueryKey(id),
    queryFn: ({ signal }) => fetchSubscription(api, id, signal),
    staleTime: 0,
  });
}

/** How often a subscription whose renewal is being retried is read again. */
const WATCH_MS = 1_500;

/** The subscription; `watch` reads it again every moment (a retry runs in the background). */
export function useOpsSubscription(id: string, watch = false) {
  const { api } = useShell();
  return useQuery({
    ...subscriptionQueryOptions(api, id),
    refetchInterval: watch ? WATCH_MS : false,
  });
}

/**
 * An operator's action on a subscription: every one answers the subscription as it now is, which
 * replaces the shown detail; the lists ask again (status, next renewal).
 */
export function useSubscriptionAction<V>(
  options: (api: ApiClients) => UseMutationOptions<OpsSubscriptionDetail, ApiError, V>,
) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...options(api),
    onSuccess: (detail) => {
      queryClient.setQueryData(opsSubscriptionQueryKey(detail.subscription.id), detail);
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_LISTS_KEY });
    },
  });
}

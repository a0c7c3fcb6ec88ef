// GET /user/management-portal/subscriptions/:id -> one of the subscriber's subscriptions (404 for
// anyone else's), with the actions it allows now.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import {
  subscriptionDetailSchema,
  type SubscriptionDetail,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { SUBSCRIPTIONS_QUERY_KEY } from './subscriptions';

export const subscriptionQueryKey = (id: string) => [...SUBSCRIPTIONS_QUERY_KEY, id] as const;

export async function fetchSubscription(
  api: ApiClients,
  id: string,
  signal?: AbortSignal,
): Promise<SubscriptionDetail> {
  const data = await callApi(() =>
    api.connect.get<unknown>(buildPath(API_PATHS.accountSubscription, { id }), { signal }),
  );
  return subscriptionDetailSchema.parse(data);
}

export function subscriptionQueryOptions(api: ApiClients, id: string) {
  return queryOptions<SubscriptionDetail, ApiError>({
    queryKey: subscriptionQueryKey(id),
    queryFn: ({ signal }) => fetchSubscription(api, id, signal),
    retry: false,
    staleTime: 0,
  });
}

export function useSubscription(id: string) {
  const { api } = useShell();
  return useQuery(subscriptionQueryOptions(api, id));
}

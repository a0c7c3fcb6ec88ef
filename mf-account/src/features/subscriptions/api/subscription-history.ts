// GET /user/management-portal/subscriptions/:id/history -> its orders, renewals, refunds and changes, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import {
  subscriptionHistorySchema,
  type SubscriptionHistory,
} from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { subscriptionQueryKey } from './subscription';

export const subscriptionHistoryQueryKey = (id: string) =>
  [...subscriptionQueryKey(id), 'history'] as const;

export async function fetchSubscriptionHistory(
  api: ApiClients,
  id: string,
  signal?: AbortSignal,
): Promise<SubscriptionHistory> {
  const data = await callApi(() =>
    api.connect.get<unknown>(buildPath(API_PATHS.accountSubscriptionHistory, { id }), { signal }),
  );
  return subscriptionHistorySchema.parse(data);
}

export function subscriptionHistoryQueryOptions(api: ApiClients, id: string) {
  return queryOptions<SubscriptionHistory, ApiError>({
    queryKey: subscriptionHistoryQueryKey(id),
    queryFn: ({ signal }) => fetchSubscriptionHistory(api, id, signal),
    retry: false,
    staleTime: 0,
  });
}

export function useSubscriptionHistory(id: string) {
  const { api } = useShell();
  return useQuery(subscriptionHistoryQueryOptions(api, id));
}

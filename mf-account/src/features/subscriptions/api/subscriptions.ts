// GET /user/management-portal/subscriptions -> the logged-in subscriber's subscriptions, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import { subscriptionListSchema, type SubscriptionList } from '@shop/shared/contract/subscriptions';
import type { ApiError } from '@shop/shared/http/api-error';
import { USER_QUERY_KEY, type ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

/** Under the shell's user key: the answer is the logged-in subscriber's, and log-out clears it. */
export const SUBSCRIPTIONS_QUERY_KEY = [...USER_QUERY_KEY, 'subscriptions'] as const;

export async function fetchSubscriptions(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<SubscriptionList> {
  const data = await callApi(() =>
    api.connect.get<unknown>(API_PATHS.accountSubscriptions, { signal }),
  );
  return subscriptionListSchema.parse(data);
}

export function subscriptionsQueryOptions(api: ApiClients) {
  return queryOptions<SubscriptionList, ApiError>({
    queryKey: SUBSCRIPTIONS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSubscriptions(api, signal),
    // A 401 is the answer for a logged-out visitor: the page sends them to log in.
    retry: false,
    staleTime: 0,
  });
}

export function useSubscriptions() {
  const { api } = useShell();
  return useQuery(subscriptionsQueryOptions(api));
}

// GET /user/cms-info: the signed-in user or nobody, cached 5 minutes; balance only on cart and checkout.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClients, CurrentUser } from '@shop/shared/shell-contract/shell-props';
import { USER_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';

export const USER_STALE_TIME_MS = 5 * 60_000;

export function toUser(data: unknown): CurrentUser | null {
  if (!data || typeof data !== 'object') return null;
  const candidate = 'user' in data ? (data as { user: unknown }).user : data;
  if (
    !candidate ||
    typeof candidate !== 'object' ||
    typeof (candidate as CurrentUser).email !== 'string'
  )
    return null;
  return candidate as CurrentUser;
}

export async function fetchCurrentUser(
  api: ApiClients,
  includeBalance: boolean,
): Promise<CurrentUser | null> {
  const params: Record<string, boolean> = { includeSubscriptionInfo: true };
  if (includeBalance) params.includeBalance = true;
  try {
    const response = await api.connect.get('/user/cms-info', { params });
    return toUser(response.data);
  } catch (error) {
    // An anonymous visitor is an answer, not a failure.
    if ((error as { response?: { status?: number } }).response?.status === 401) return null;
    throw error;
  }
}

export const userQueryKey = (includeBalance: boolean) =>
  [...USER_QUERY_KEY, { includeBalance }] as const;

export function userQueryOptions(api: ApiClients, includeBalance: boolean) {
  return queryOptions({
    queryKey: userQueryKey(includeBalance),
    queryFn: () => fetchCurrentUser(api, includeBalance),
    staleTime: USER_STALE_TIME_MS,
    retry: 1,
  });
}

export function useCurrentUser(api: ApiClients, includeBalance: boolean) {
  return useQuery(userQueryOptions(api, includeBalance));
}

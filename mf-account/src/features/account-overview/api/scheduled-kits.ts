// GET /kits/products/has-scheduled?ids=a,b -> { hasScheduled: { a: true, b: false } } for the logged-in shopper.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import { hasScheduledResponseSchema } from '@shop/shared/contract/checkout';
import type { ApiError } from '@shop/shared/http/api-error';
import { USER_QUERY_KEY, type ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export async function fetchScheduledKits(
  api: ApiClients,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, boolean>> {
  const data = await callApi(() =>
    api.connect.get<unknown>(API_PATHS.kitsHasScheduled, {
      params: { ids: ids.join(',') },
      signal,
    }),
  );
  return hasScheduledResponseSchema.parse(data).hasScheduled;
}

export function scheduledKitsQueryOptions(api: ApiClients, ids: readonly string[]) {
  return queryOptions<Record<string, boolean>, ApiError>({
    // Under the user key: the answer is the logged-in shopper's, and log-out clears it.
    queryKey: [...USER_QUERY_KEY, 'scheduled-kits', [...ids].sort()],
    queryFn: ({ signal }) => fetchScheduledKits(api, ids, signal),
    enabled: ids.length > 0,
    retry: false,
  });
}

/** Which of these products (lookup keys) already have a kit on its way on a schedule. */
export function useScheduledKits(ids: readonly string[]) {
  const { api } = useShell();
  return useQuery(scheduledKitsQueryOptions(api, ids));
}

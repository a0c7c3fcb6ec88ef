// GET /kits -> the signed-in customer's kits (state, timeline, next step) and a code from sign-up.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { kitListSchema, type KitList } from '@shop/shared/contract/kits';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import { USER_QUERY_KEY, type ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

/** Under the shell's user key: the answer is the signed-in customer's, and log-out clears it. */
export const KITS_QUERY_KEY = [...USER_QUERY_KEY, 'kits'] as const;

export async function fetchKits(api: ApiClients, signal?: AbortSignal): Promise<KitList> {
  const data = await callApi(() => api.connect.get<unknown>(API_PATHS.kits, { signal }));
  return kitListSchema.parse(data);
}

export function kitsQueryOptions(api: ApiClients) {
  return queryOptions<KitList, ApiError>({
    queryKey: KITS_QUERY_KEY,
    queryFn: ({ signal }) => fetchKits(api, signal),
    retry: false,
    staleTime: 0,
  });
}

export function useKits() {
  const { api } = useShell();
  return useQuery(kitsQueryOptions(api));
}

// GET /auth2/old-store?email= -> { legacy }: whether the account lives on the old store (no password here yet).
import { useCallback } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { oldStoreResponseSchema } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';

export async function fetchIsLegacyAccount(
  api: ApiClients,
  email: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const response = await api.connect.get(API_PATHS.oldStore, { params: { email }, signal });
  return oldStoreResponseSchema.parse(response.data).legacy;
}

export function oldStoreQueryOptions(api: ApiClients, email: string) {
  const normalised = email.trim().toLowerCase();
  return queryOptions({
    queryKey: ['auth2', 'old-store', normalised],
    queryFn: ({ signal }) => fetchIsLegacyAccount(api, normalised, signal),
    // Asked right after a failed log-in; a reset may have changed the answer since the last time.
    staleTime: 0,
    retry: false,
  });
}

/** Asks on demand (after a failed log-in), not on render. */
export function useIsLegacyAccount() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useCallback(
    (email: string) => queryClient.fetchQuery(oldStoreQueryOptions(api, email)),
    [api, queryClient],
  );
}

// GET /user/cms-info?includeSubscriptionInfo=true -> the user with subscriptions, or null. The balance
// belongs to the cart and checkout pages, so this page never asks for it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import { cmsInfoResponseSchema, type CmsInfoResponse } from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import { USER_QUERY_KEY, type ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

/** Under the shell's user key, so the shell's refresh and log-out reach it too. */
export const ACCOUNT_DETAILS_QUERY_KEY = [...USER_QUERY_KEY, 'account-details'] as const;

export async function fetchAccountDetails(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<CmsInfoResponse> {
  const data = await callApi(() =>
    api.connect.get<unknown>(API_PATHS.cmsInfo, {
      params: { includeSubscriptionInfo: true },
      signal,
    }),
  );
  return cmsInfoResponseSchema.parse(data);
}

export function accountDetailsQueryOptions(api: ApiClients) {
  return queryOptions<CmsInfoResponse, ApiError>({
    queryKey: ACCOUNT_DETAILS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAccountDetails(api, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAccountDetails() {
  const { api } = useShell();
  return useQuery(accountDetailsQueryOptions(api));
}

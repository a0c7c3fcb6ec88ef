// GET /api/v1/account/orders -> the signed-in customer's paid orders, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  accountOrderListSchema,
  type AccountOrderList,
} from '@shop/shared/contract/account-orders';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import { USER_QUERY_KEY, type ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

/** Under the shell's user key: the answer is the signed-in customer's, and log-out clears it. */
export const ACCOUNT_ORDERS_QUERY_KEY = [...USER_QUERY_KEY, 'orders'] as const;

export async function fetchAccountOrders(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<AccountOrderList> {
  const data = await callApi(() => api.content.get<unknown>(API_PATHS.accountOrders, { signal }));
  return accountOrderListSchema.parse(data);
}

export function accountOrdersQueryOptions(api: ApiClients) {
  return queryOptions<AccountOrderList, ApiError>({
    queryKey: ACCOUNT_ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAccountOrders(api, signal),
    // A 401 is the answer for a logged-out visitor: the page sends them to log in.
    retry: false,
    staleTime: 0,
  });
}

export function useAccountOrders() {
  const { api } = useShell();
  return useQuery(accountOrdersQueryOptions(api));
}

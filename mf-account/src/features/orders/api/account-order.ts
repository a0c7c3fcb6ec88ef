// GET /api/v1/account/orders/:id -> one of the customer's orders: lines, totals, payment, address, refunds.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  accountOrderDetailSchema,
  type AccountOrderDetail,
} from '@shop/shared/contract/account-orders';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { ACCOUNT_ORDERS_QUERY_KEY } from './account-orders';

export const accountOrderQueryKey = (id: string) => [...ACCOUNT_ORDERS_QUERY_KEY, id] as const;

export async function fetchAccountOrder(
  api: ApiClients,
  id: string,
  signal?: AbortSignal,
): Promise<AccountOrderDetail> {
  const data = await callApi(() =>
    api.content.get<unknown>(buildPath(API_PATHS.accountOrder, { id }), { signal }),
  );
  return accountOrderDetailSchema.parse(data);
}

export function accountOrderQueryOptions(api: ApiClients, id: string) {
  return queryOptions<AccountOrderDetail, ApiError>({
    queryKey: accountOrderQueryKey(id),
    queryFn: ({ signal }) => fetchAccountOrder(api, id, signal),
    retry: false,
    staleTime: 0,
  });
}

export function useAccountOrder(id: string) {
  const { api } = useShell();
  return useQuery(accountOrderQueryOptions(api, id));
}

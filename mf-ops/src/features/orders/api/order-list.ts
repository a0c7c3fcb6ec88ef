// GET /api/v1/ops/orders?q&status&kind&partner&from&to&cursor -> { orders, nextCursor }: newest
// first, one page per cursor.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { orderListSchema, type OrderList } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export type OrderSummary = OrderList['orders'][number];

/** How many orders a page holds. */
export const ORDER_PAGE_SIZE = 25;

export function fetchOrderPage(
  api: ApiClients,
  query: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<OrderList> {
  const params = { ...query, limit: String(ORDER_PAGE_SIZE), ...(cursor ? { cursor } : {}) };
  return opsCall(() => api.content.get(API_PATHS.opsOrders, { params, signal }), orderListSchema);
}

export function orderListQueryOptions(api: ApiClients, query: Record<string, string>) {
  return infiniteQueryOptions<
    OrderList,
    ApiError,
    { pages: OrderList[] },
    readonly unknown[],
    string | null
  >({
    queryKey: ['ops', 'orders', 'list', query],
    queryFn: ({ pageParam, signal }) => fetchOrderPage(api, query, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

/** The list for these API filters; the rows already shown stay while another filter loads. */
export function useOrderList(query: Record<string, string>) {
  const { api } = useShell();
  return useInfiniteQuery({
    ...orderListQueryOptions(api, query),
    placeholderData: keepPreviousData,
  });
}

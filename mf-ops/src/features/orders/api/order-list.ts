// GET /api/v1/ops/orders?q&status&kind&partner&from&to&cursor -> { orders, nextCursor }: newest
// first, one page per cursor.
import { queryOptions } from '@tanstack/react-query';
import { orderListSchema, type OrderList } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { useCursorPages } from '../../shared/api/use-cursor-pages';

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

export function orderPageQueryOptions(
  api: ApiClients,
  query: Record<string, string>,
  cursor: string | null,
) {
  return queryOptions<OrderList, ApiError>({
    queryKey: ['ops', 'orders', 'list', query, cursor],
    queryFn: ({ signal }) => fetchOrderPage(api, query, cursor, signal),
    staleTime: 0,
  });
}

/** The orders for these API filters, newest first, older pages on request. */
export function useOrderList(query: Record<string, string>) {
  const { api } = useShell();
  const list = useCursorPages(
    query,
    (cursor) => orderPageQueryOptions(api, query, cursor),
    (page) => page.orders,
  );
  return { ...list, orders: list.rows };
}

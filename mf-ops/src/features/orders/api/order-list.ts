// GET /api/v1/ops/orders?q&status&kind&partner&from&to&cursor -> { orders, nextCursor }: newest
// first, one page per cursor.
import { useState } from 'react';
import { keepPreviousData, queryOptions, useQueries } from '@tanstack/react-query';
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

/**
 * The list for these API filters: the first page, then each older page asked for, one query per
 * cursor (the shell's shared query library carries no infinite queries). The first page's rows
 * stay on screen while another filter loads.
 */
export function useOrderList(query: Record<string, string>) {
  const { api } = useShell();
  const [more, setMore] = useState<{ query: Record<string, string>; cursors: string[] }>({
    query,
    cursors: [],
  });
  // Other filters start again from the first page.
  const cursors = more.query === query ? more.cursors : [];
  const pages = useQueries({
    queries: [null, ...cursors].map((cursor, index) => ({
      ...orderPageQueryOptions(api, query, cursor),
      placeholderData: index === 0 ? keepPreviousData : undefined,
    })),
  });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.nextCursor ?? null;
  const loaded = pages.filter((page) => page.data !== undefined);
  return {
    first,
    orders: loaded.flatMap((page) => page.data!.orders),
    /** Updating after a filter changed (the rows shown are the previous filter's). */
    reloading: first.isFetching && (first.isPlaceholderData || pages.length === 1),
    olderLoading: pages.length > 1 && last.isPending,
    olderError: pages.length > 1 && last.isError ? last.error : null,
    retryOlder: () => void last.refetch(),
    hasOlder: !last.isPlaceholderData && nextCursor !== null,
    showOlder: () => {
      if (nextCursor) setMore({ query, cursors: [...cursors, nextCursor] });
    },
  };
}

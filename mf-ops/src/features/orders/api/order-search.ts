// GET /api/v1/ops/orders?q= -> { orders }: by order id or the customer's e-mail.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderSearchResultSchema } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

type SearchResult = ReturnType<typeof orderSearchResultSchema.parse>;
export type OrderSummary = SearchResult['orders'][number];

export function searchOrders(
  api: ApiClients,
  q: string,
  signal?: AbortSignal,
): Promise<SearchResult> {
  return opsCall(
    () => api.content.get(API_PATHS.opsOrders, { params: { q }, signal }),
    orderSearchResultSchema,
  );
}

export function orderSearchQueryOptions(api: ApiClients, q: string) {
  return queryOptions<SearchResult, ApiError>({
    queryKey: ['ops', 'orders', 'search', q],
    queryFn: ({ signal }) => searchOrders(api, q, signal),
    staleTime: 0,
  });
}

/** Searches once a query was submitted (null: nothing asked yet). */
export function useOrderSearch(q: string | null) {
  const { api } = useShell();
  return useQuery({ ...orderSearchQueryOptions(api, q ?? ''), enabled: q !== null });
}

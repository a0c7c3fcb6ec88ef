// GET /api/v1/ops/orders/:id -> the order with its lines, charges, upgrades and refunds.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsOrderDetailSchema, type OpsOrderDetail } from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export const opsOrderQueryKey = (id: string) => ['ops', 'orders', 'detail', id] as const;

export function fetchOrder(
  api: ApiClients,
  id: string,
  signal?: AbortSignal,
): Promise<OpsOrderDetail> {
  return opsCall(
    () => api.content.get(buildPath(API_PATHS.opsOrder, { id }), { signal }),
    opsOrderDetailSchema,
  );
}

export function orderQueryOptions(api: ApiClients, id: string) {
  return queryOptions<OpsOrderDetail, ApiError>({
    queryKey: opsOrderQueryKey(id),
    queryFn: ({ signal }) => fetchOrder(api, id, signal),
    staleTime: 0,
  });
}

export function useOpsOrder(id: string) {
  const { api } = useShell();
  return useQuery(orderQueryOptions(api, id));
}

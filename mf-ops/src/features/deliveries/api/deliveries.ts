// GET /api/v1/ops/deliveries -> each remote's live version, stored versions (flagged) and the history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveriesSchema, type Deliveries } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export const DELIVERIES_QUERY_KEY = ['ops', 'deliveries'] as const;

export function fetchDeliveries(api: ApiClients, signal?: AbortSignal): Promise<Deliveries> {
  return opsCall(() => api.content.get(API_PATHS.opsDeliveries, { signal }), deliveriesSchema);
}

export function deliveriesQueryOptions(api: ApiClients) {
  return queryOptions<Deliveries, ApiError>({
    queryKey: DELIVERIES_QUERY_KEY,
    queryFn: ({ signal }) => fetchDeliveries(api, signal),
    // The CLI may change deliveries at any time: always show the registry as it is now.
    staleTime: 0,
  });
}

export function useDeliveries() {
  const { api } = useShell();
  return useQuery(deliveriesQueryOptions(api));
}

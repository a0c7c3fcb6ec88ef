// GET /api/v1/ops/web-vitals -> the 75th percentile of shoppers' LCP, INP and CLS per area and
// route, over the last day and the last week.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { opsWebVitalsSchema, type OpsWebVitals } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export function fetchWebVitals(api: ApiClients, signal?: AbortSignal): Promise<OpsWebVitals> {
  return opsCall(() => api.content.get(API_PATHS.opsWebVitals, { signal }), opsWebVitalsSchema);
}

export function webVitalsQueryOptions(api: ApiClients) {
  return queryOptions<OpsWebVitals, ApiError>({
    queryKey: ['ops', 'web-vitals'],
    queryFn: ({ signal }) => fetchWebVitals(api, signal),
    staleTime: 0,
  });
}

export function useWebVitals() {
  const { api } = useShell();
  return useQuery(webVitalsQueryOptions(api));
}

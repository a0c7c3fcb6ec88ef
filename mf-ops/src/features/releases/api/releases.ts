// GET /api/v1/ops/deliveries (the releases) -> each remote's live version, stored versions (flagged) and the history.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { releaseOverviewSchema, type ReleaseOverview } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export const RELEASES_QUERY_KEY = ['ops', 'releases'] as const;

export function fetchReleases(api: ApiClients, signal?: AbortSignal): Promise<ReleaseOverview> {
  return opsCall(() => api.content.get(API_PATHS.opsReleases, { signal }), releaseOverviewSchema);
}

export function releasesQueryOptions(api: ApiClients) {
  return queryOptions<ReleaseOverview, ApiError>({
    queryKey: RELEASES_QUERY_KEY,
    queryFn: ({ signal }) => fetchReleases(api, signal),
    // The CLI may deploy or roll back at any time: always show the registry as it is now.
    staleTime: 0,
  });
}

export function useReleases() {
  const { api } = useShell();
  return useQuery(releasesQueryOptions(api));
}

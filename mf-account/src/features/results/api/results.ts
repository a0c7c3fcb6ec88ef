// GET /user/results -> the signed-in customer's biomarkers, sources, pending uploads and retest date.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  RESULTS_QUERY_KEY,
  resultsPageSchema,
  type ResultsPage,
} from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export async function fetchResults(api: ApiClients, signal?: AbortSignal): Promise<ResultsPage> {
  const data = await callApi(() => api.connect.get<unknown>(API_PATHS.results, { signal }));
  return resultsPageSchema.parse(data);
}

export function resultsQueryOptions(api: ApiClients) {
  return queryOptions<ResultsPage, ApiError>({
    queryKey: RESULTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchResults(api, signal),
    retry: false,
    // Health data belongs to whoever is logged in now: never a cached page from an earlier visit.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useResults() {
  const { api } = useShell();
  return useQuery(resultsQueryOptions(api));
}

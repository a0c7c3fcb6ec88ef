// GET /api/v1/catalog/biomarker-guide -> plain-words explanations of the shop's biomarkers
// (catalog content an operator can edit) and the disclaimer shown with them. Public and shared.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  BIOMARKER_GUIDE_QUERY_KEY,
  biomarkerGuideSchema,
  type BiomarkerGuide,
} from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export async function fetchBiomarkerGuide(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<BiomarkerGuide> {
  const data = await callApi(() => api.content.get<unknown>(API_PATHS.biomarkerGuide, { signal }));
  return biomarkerGuideSchema.parse(data);
}

export function biomarkerGuideQueryOptions(api: ApiClients) {
  return queryOptions<BiomarkerGuide, ApiError>({
    queryKey: BIOMARKER_GUIDE_QUERY_KEY,
    queryFn: ({ signal }) => fetchBiomarkerGuide(api, signal),
    retry: false,
    // Content changes rarely; one fetch per visit is enough.
    staleTime: 10 * 60_000,
  });
}

export function useBiomarkerGuide() {
  const { api } = useShell();
  return useQuery(biomarkerGuideQueryOptions(api));
}

// GET /user/result-uploads -> { uploads }: the signed-in customer's lab reports, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  RESULT_UPLOADS_QUERY_KEY,
  type ResultUploadList,
} from '@shop/shared/contract/result-uploads';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function fetchResultUploads(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<ResultUploadList> {
  return callApi(() => api.connect.get<ResultUploadList>(API_PATHS.resultUploads, { signal }));
}

export function resultUploadsQueryOptions(api: ApiClients) {
  return queryOptions<ResultUploadList, ApiError>({
    queryKey: RESULT_UPLOADS_QUERY_KEY,
    queryFn: ({ signal }) => fetchResultUploads(api, signal),
    retry: false,
    // Health records belong to whoever is logged in now: never a cached list from an earlier visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** `enabled` waits for the page to know someone is logged in, so a visitor gets one 401, not two. */
export function useResultUploads(enabled = true) {
  const { api } = useShell();
  return useQuery({ ...resultUploadsQueryOptions(api), enabled });
}

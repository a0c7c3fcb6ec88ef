// GET /user/result-uploads/:id -> the upload, what still needs the customer (a CSV's columns, a
// PDF's or photo's values) and its readings; 404 for anyone else's. Asked again every second
// while a job reads the file, so the page shows its progress and the step that follows.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { resultUploadQueryKey } from '@shop/shared/contract/result-uploads';
import { resultUploadDetailSchema, type ResultUploadDetail } from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export const READING_POLL_MS = 1000;

export async function fetchResultUpload(
  api: ApiClients,
  id: string,
  signal?: AbortSignal,
): Promise<ResultUploadDetail> {
  const data = await callApi(() =>
    api.connect.get<unknown>(buildPath(API_PATHS.resultUpload, { id }), { signal }),
  );
  return resultUploadDetailSchema.parse(data);
}

export function resultUploadQueryOptions(api: ApiClients, id: string) {
  return queryOptions<ResultUploadDetail, ApiError>({
    queryKey: resultUploadQueryKey(id),
    queryFn: ({ signal }) => fetchResultUpload(api, id, signal),
    retry: false,
    // Health records belong to whoever is logged in now: never a cached copy from an earlier visit.
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      query.state.data?.upload.status === 'reading' ? READING_POLL_MS : false,
  });
}

export function useResultUpload(id: string) {
  const { api } = useShell();
  return useQuery(resultUploadQueryOptions(api, id));
}

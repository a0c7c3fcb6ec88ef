// POST /user/result-uploads (multipart, one part "file") -> the stored upload.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  RESULT_UPLOADS_QUERY_KEY,
  type ResultUpload,
  type ResultUploadList,
} from '@shop/shared/contract/result-uploads';
import { RESULTS_QUERY_KEY } from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export interface UploadResultInput {
  file: File;
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
}

export function uploadResult(
  api: ApiClients,
  { file, onProgress }: UploadResultInput,
): Promise<ResultUpload> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApi(() =>
    api.connect.post<ResultUpload>(API_PATHS.resultUploads, form, {
      // Not the client's JSON default: axios leaves the form as it is and the browser writes the
      // multipart header with its boundary.
      headers: { 'Content-Type': 'multipart/form-data' },
      // Up to 10 MB on a slow connection: longer than the clients' default for JSON calls.
      timeout: 5 * 60 * 1000,
      onUploadProgress: (event) => {
        if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
      },
    }),
  );
}

export function uploadResultMutationOptions(api: ApiClients) {
  return mutationOptions<ResultUpload, ApiError, UploadResultInput>({
    mutationKey: ['account', 'result-uploads', 'upload'],
    mutationFn: (input) => uploadResult(api, input),
  });
}

export function useUploadResult() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadResultMutationOptions(api),
    onSuccess: (upload) => {
      queryClient.setQueryData<ResultUploadList>(RESULT_UPLOADS_QUERY_KEY, (current) => ({
        uploads: [upload, ...(current?.uploads ?? []).filter((item) => item.id !== upload.id)],
      }));
      // A FHIR file is read at once, and any upload is listed as pending: the results page changed.
      void queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY });
    },
  });
}

// POST /user/result-uploads/:id/readings -> the upload with the values the customer confirmed or
// typed from a PDF or photo: only these count, never the suggestions alone.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { resultUploadQueryKey } from '@shop/shared/contract/result-uploads';
import {
  resultUploadDetailSchema,
  type ConfirmReadingsBody,
  type ResultUploadDetail,
} from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { storeReadUpload } from './store-read-upload';

export async function confirmReadings(
  api: ApiClients,
  id: string,
  body: ConfirmReadingsBody,
): Promise<ResultUploadDetail> {
  const data = await callApi(() =>
    api.connect.post<unknown>(buildPath(API_PATHS.resultUploadReadings, { id }), body),
  );
  return resultUploadDetailSchema.parse(data);
}

export function confirmReadingsMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<ResultUploadDetail, ApiError, ConfirmReadingsBody>({
    mutationKey: [...resultUploadQueryKey(id), 'readings'],
    mutationFn: (body) => confirmReadings(api, id, body),
  });
}

export function useConfirmReadings(id: string) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmReadingsMutationOptions(api, id),
    onSuccess: (detail) => storeReadUpload(queryClient, detail),
  });
}

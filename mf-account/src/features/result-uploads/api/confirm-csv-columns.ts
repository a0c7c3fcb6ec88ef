// POST /user/result-uploads/:id/columns -> the upload read with the confirmed columns, and the rows
// that could not be read (422 when none could).
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { resultUploadQueryKey } from '@shop/shared/contract/result-uploads';
import {
  confirmCsvColumnsResultSchema,
  type ConfirmCsvColumnsBody,
  type ConfirmCsvColumnsResult,
} from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { storeReadUpload } from './store-read-upload';

export async function confirmCsvColumns(
  api: ApiClients,
  id: string,
  body: ConfirmCsvColumnsBody,
): Promise<ConfirmCsvColumnsResult> {
  const data = await callApi(() =>
    api.connect.post<unknown>(buildPath(API_PATHS.resultUploadColumns, { id }), body),
  );
  return confirmCsvColumnsResultSchema.parse(data);
}

export function confirmCsvColumnsMutationOptions(api: ApiClients, id: string) {
  return mutationOptions<ConfirmCsvColumnsResult, ApiError, ConfirmCsvColumnsBody>({
    mutationKey: [...resultUploadQueryKey(id), 'columns'],
    mutationFn: (body) => confirmCsvColumns(api, id, body),
  });
}

export function useConfirmCsvColumns(id: string) {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...confirmCsvColumnsMutationOptions(api, id),
    onSuccess: (detail) => storeReadUpload(queryClient, detail),
  });
}

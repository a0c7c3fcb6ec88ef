// DELETE /user/result-uploads/:id -> the fresh list.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import {
  RESULT_UPLOADS_QUERY_KEY,
  type ResultUploadList,
} from '@shop/shared/contract/result-uploads';
import { RESULTS_QUERY_KEY } from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function deleteResultUpload(api: ApiClients, id: string): Promise<ResultUploadList> {
  return callApi(() =>
    api.connect.delete<ResultUploadList>(buildPath(API_PATHS.resultUpload, { id })),
  );
}

export function deleteResultUploadMutationOptions(api: ApiClients) {
  return mutationOptions<ResultUploadList, ApiError, string>({
    mutationKey: ['account', 'result-uploads', 'delete'],
    mutationFn: (id) => deleteResultUpload(api, id),
  });
}

export function useDeleteResultUpload() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteResultUploadMutationOptions(api),
    onSuccess: (list) => {
      queryClient.setQueryData(RESULT_UPLOADS_QUERY_KEY, list);
      // Its readings went with it.
      void queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY });
    },
  });
}

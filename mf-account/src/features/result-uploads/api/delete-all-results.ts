// DELETE /user/results -> every upload (rows and files) and every reading of the customer, gone.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  RESULT_UPLOADS_QUERY_KEY,
  type ResultUploadList,
} from '@shop/shared/contract/result-uploads';
import { RESULTS_QUERY_KEY } from '@shop/shared/contract/results';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export async function deleteAllResults(api: ApiClients): Promise<void> {
  await callApi(() => api.connect.delete<unknown>(API_PATHS.results));
}

export function deleteAllResultsMutationOptions(api: ApiClients) {
  return mutationOptions<void, ApiError, void>({
    mutationKey: ['account', 'results', 'delete-all'],
    mutationFn: () => deleteAllResults(api),
  });
}

export function useDeleteAllResults() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteAllResultsMutationOptions(api),
    onSuccess: () => {
      queryClient.setQueryData<ResultUploadList>(RESULT_UPLOADS_QUERY_KEY, { uploads: [] });
      // The results page and each upload's detail (keys below the list's) are out of date too.
      void queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY });
      queryClient.removeQueries({
        predicate: ({ queryKey }) =>
          queryKey.length > RESULT_UPLOADS_QUERY_KEY.length &&
          RESULT_UPLOADS_QUERY_KEY.every((part, index) => queryKey[index] === part),
      });
    },
  });
}

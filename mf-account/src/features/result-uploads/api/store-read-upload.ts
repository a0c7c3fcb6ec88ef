// What a confirmed step changes in the cache: the upload's detail is the answer, and the list and
// the results page are read again (they now hold its readings).
import type { QueryClient } from '@tanstack/react-query';
import {
  RESULT_UPLOADS_QUERY_KEY,
  resultUploadQueryKey,
} from '@shop/shared/contract/result-uploads';
import { RESULTS_QUERY_KEY, type ResultUploadDetail } from '@shop/shared/contract/results';

export function storeReadUpload(queryClient: QueryClient, detail: ResultUploadDetail): void {
  const { upload, draft, readings } = detail;
  queryClient.setQueryData(resultUploadQueryKey(upload.id), { upload, draft, readings });
  void queryClient.invalidateQueries({ queryKey: RESULT_UPLOADS_QUERY_KEY, exact: true });
  void queryClient.invalidateQueries({ queryKey: RESULTS_QUERY_KEY });
}

// GET /api/v1/ops/jobs?state=dead|failing -> { jobs }; POST /api/v1/ops/jobs/:id/retry -> { job }.
import {
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { opsJobListSchema, opsJobRetriedSchema, type OpsJob } from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export type JobTrouble = 'dead' | 'failing';

export function jobsQueryOptions(api: ApiClients, state: JobTrouble) {
  return queryOptions<OpsJob[], ApiError>({
    queryKey: ['ops', 'jobs', state],
    queryFn: async ({ signal }) =>
      (
        await opsCall(
          () => api.content.get(API_PATHS.opsJobs, { params: { state }, signal }),
          opsJobListSchema,
        )
      ).jobs,
    staleTime: 0,
  });
}

export function useJobs(state: JobTrouble) {
  const { api } = useShell();
  return useQuery(jobsQueryOptions(api, state));
}

export function retryJobMutationOptions(api: ApiClients) {
  return mutationOptions<OpsJob, ApiError, number>({
    mutationKey: ['ops', 'jobs', 'retry'],
    mutationFn: async (id) =>
      (
        await opsCall(
          () => api.content.post(buildPath(API_PATHS.opsJobRetry, { id: String(id) }), {}),
          opsJobRetriedSchema,
        )
      ).job,
  });
}

/** Retries one job; both lists are read again, since the job leaves the one it was in. */
export function useRetryJob() {
  const { api } = useShell();
  const client = useQueryClient();
  return useMutation({
    ...retryJobMutationOptions(api),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'jobs'] }),
  });
}

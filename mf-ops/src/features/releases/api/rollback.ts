// POST /api/v1/ops/deliveries/:remote/rollback {version?} -> the change; the same rules and lock as `shop rollback`.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  releaseChangeSchema,
  type ReleaseChange,
  type RollbackBody,
} from '@shop/shared/contract/ops';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { RELEASES_QUERY_KEY } from './releases';

export interface RollbackRequest {
  remote: string;
  /** Left out: the version live before the current one. */
  version?: string;
}

export function rollback(
  api: ApiClients,
  { remote, version }: RollbackRequest,
): Promise<ReleaseChange> {
  const body: RollbackBody = version ? { version } : {};
  return opsCall(
    () => api.content.post(buildPath(API_PATHS.opsReleaseRollback, { remote }), body),
    releaseChangeSchema,
  );
}

export function rollbackMutationOptions(api: ApiClients) {
  return mutationOptions<ReleaseChange, ApiError, RollbackRequest>({
    mutationKey: ['ops', 'releases', 'rollback'],
    mutationFn: (request) => rollback(api, request),
  });
}

export function useRollback() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...rollbackMutationOptions(api),
    // Success or refusal, the registry may have moved (the CLI too): show it as it is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: RELEASES_QUERY_KEY }),
  });
}

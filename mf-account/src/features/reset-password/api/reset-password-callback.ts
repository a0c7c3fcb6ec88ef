// POST /auth2/reset-password/callback {linkId, password} -> { ok }; the link works once.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ResetPasswordCallbackBody } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function setPasswordFromLink(
  api: ApiClients,
  body: ResetPasswordCallbackBody,
): Promise<unknown> {
  return callApi(() => api.connect.post(API_PATHS.resetPasswordCallback, body));
}

export function resetPasswordCallbackMutationOptions(api: ApiClients) {
  return mutationOptions<unknown, ApiError, ResetPasswordCallbackBody>({
    mutationKey: ['auth2', 'reset-password', 'callback'],
    mutationFn: (body) => setPasswordFromLink(api, body),
  });
}

export function useResetPasswordCallback() {
  const { api } = useShell();
  return useMutation(resetPasswordCallbackMutationOptions(api));
}

// POST /auth2/reset-password {email} -> { ok }: the same answer whether or not the account exists.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function requestPasswordReset(api: ApiClients, body: ResetPasswordBody): Promise<unknown> {
  return callApi(() => api.connect.post(API_PATHS.resetPassword, body));
}

export function passwordResetMutationOptions(api: ApiClients) {
  return mutationOptions<unknown, ApiError, ResetPasswordBody>({
    mutationKey: ['auth2', 'reset-password'],
    mutationFn: (body) => requestPasswordReset(api, body),
  });
}

export function useRequestPasswordReset() {
  const { api } = useShell();
  return useMutation(passwordResetMutationOptions(api));
}

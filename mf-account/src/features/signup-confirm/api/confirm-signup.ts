// POST /auth2/signup/confirm {token} -> { user, redirect }: makes the account from the emailed
// link, logs the shopper in (session cookie) and says where the sign-up meant to go next.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignupConfirmBody, SignupConfirmResponse } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function confirmSignup(
  api: ApiClients,
  body: SignupConfirmBody,
): Promise<SignupConfirmResponse> {
  return callApi(() => api.connect.post<SignupConfirmResponse>(API_PATHS.signupConfirm, body));
}

export function confirmSignupMutationOptions(api: ApiClients) {
  return mutationOptions<SignupConfirmResponse, ApiError, SignupConfirmBody>({
    mutationKey: ['auth2', 'signup', 'confirm'],
    mutationFn: (body) => confirmSignup(api, body),
  });
}

export function useConfirmSignup() {
  const { api } = useShell();
  return useMutation(confirmSignupMutationOptions(api));
}

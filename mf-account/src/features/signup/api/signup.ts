// POST /auth2/signup {email, name, kitID, password, sessionId} -> 201 { user }; logs the shopper in.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthUserResponse, SignupBody } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function signup(api: ApiClients, body: SignupBody): Promise<AuthUserResponse> {
  return callApi(() => api.connect.post<AuthUserResponse>(API_PATHS.signup, body));
}

export function signupMutationOptions(api: ApiClients) {
  return mutationOptions<AuthUserResponse, ApiError, SignupBody>({
    mutationKey: ['auth2', 'signup'],
    mutationFn: (body) => signup(api, body),
  });
}

export function useSignup() {
  const { api } = useShell();
  return useMutation(signupMutationOptions(api));
}

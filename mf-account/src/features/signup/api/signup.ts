// POST /auth2/signup {email, name, kitID, password, sessionId, redirect} -> 202 { email }: a link
// to finish goes to the email (the same answer whether or not it already has an account).
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { SignupBody, SignupResponse } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function signup(api: ApiClients, body: SignupBody): Promise<SignupResponse> {
  return callApi(() => api.connect.post<SignupResponse>(API_PATHS.signup, body));
}

export function signupMutationOptions(api: ApiClients) {
  return mutationOptions<SignupResponse, ApiError, SignupBody>({
    mutationKey: ['auth2', 'signup'],
    mutationFn: (body) => signup(api, body),
  });
}

export function useSignup() {
  const { api } = useShell();
  return useMutation(signupMutationOptions(api));
}

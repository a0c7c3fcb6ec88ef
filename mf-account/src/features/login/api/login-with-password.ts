// POST /auth2/login/password {username, password} -> { user }; sets the session cookie.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthUserResponse, LoginBody } from '@shop/shared/contract/auth';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export function loginWithPassword(api: ApiClients, body: LoginBody): Promise<AuthUserResponse> {
  return callApi(() => api.connect.post<AuthUserResponse>(API_PATHS.login, body));
}

export function loginMutationOptions(api: ApiClients) {
  return mutationOptions<AuthUserResponse, ApiError, LoginBody>({
    mutationKey: ['auth2', 'login'],
    mutationFn: (body) => loginWithPassword(api, body),
  });
}

export function useLoginWithPassword() {
  const { api } = useShell();
  return useMutation(loginMutationOptions(api));
}

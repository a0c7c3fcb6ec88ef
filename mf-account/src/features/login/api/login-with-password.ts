// POST /auth2/login/password {username, password}
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { USER_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';

export interface LoginBody {
  username: string;
  password: string;
}

export async function loginWithPassword(api: ApiClients, body: LoginBody): Promise<void> {
  await api.connect.post('/auth2/login/password', body);
}

export function loginMutationOptions(api: ApiClients) {
  return mutationOptions({ mutationKey: ['auth2', 'login'], mutationFn: (body: LoginBody) => loginWithPassword(api, body) });
}

export function useLoginWithPassword() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...loginMutationOptions(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

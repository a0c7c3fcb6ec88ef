// POST /auth2/signup {email, name, kitID, password, sessionId}
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { USER_QUERY_KEY } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';

export interface SignupBody {
  email: string;
  name: string;
  kitID: string | null;
  password: string;
  sessionId: string;
}

export async function signup(api: ApiClients, body: SignupBody): Promise<void> {
  await api.connect.post('/auth2/signup', body);
}

export function signupMutationOptions(api: ApiClients) {
  return mutationOptions({ mutationKey: ['auth2', 'signup'], mutationFn: (body: SignupBody) => signup(api, body) });
}

export function useSignup() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({ ...signupMutationOptions(api), onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }) });
}

// POST /auth2/reset-password {email}
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';

export async function requestPasswordReset(api: ApiClients, email: string): Promise<void> {
  await api.connect.post('/auth2/reset-password', { email });
}

export function passwordResetMutationOptions(api: ApiClients) {
  return mutationOptions({ mutationKey: ['auth2', 'reset-password'], mutationFn: (email: string) => requestPasswordReset(api, email) });
}

export function useRequestPasswordReset() {
  const { api } = useShell();
  return useMutation(passwordResetMutationOptions(api));
}

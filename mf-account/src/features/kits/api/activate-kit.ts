// POST /kits/activate {code, sampleTaker, name, dateOfBirth, sexAtBirth, consents, sampleTakenOn} -> { kit }.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activateKitResultSchema,
  type ActivateKitBody,
  type ActivateKitResult,
} from '@shop/shared/contract/kits';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { KITS_QUERY_KEY } from './kits';

export async function activateKit(
  api: ApiClients,
  body: ActivateKitBody,
): Promise<ActivateKitResult> {
  const data = await callApi(() => api.connect.post<unknown>(API_PATHS.kitActivate, body));
  return activateKitResultSchema.parse(data);
}

export function activateKitMutationOptions(api: ApiClients) {
  return mutationOptions<ActivateKitResult, ApiError, ActivateKitBody>({
    mutationKey: ['account', 'kits', 'activate'],
    mutationFn: (body) => activateKit(api, body),
  });
}

/** Activates a kit; the account's kit list is read again afterwards. */
export function useActivateKit() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...activateKitMutationOptions(api),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KITS_QUERY_KEY }),
  });
}

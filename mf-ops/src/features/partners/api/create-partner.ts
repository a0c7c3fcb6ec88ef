// POST /api/v1/ops/partners {shopKey, ...fields} -> 201 the new partner; 409 when the key is taken.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { customizationSchema, type Customization } from '@shop/shared/contract/customization';
import type { PartnerCreateBody } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { partnerQueryKey } from './partner';
import { PARTNERS_QUERY_KEY } from './partners';

export function createPartner(api: ApiClients, body: PartnerCreateBody): Promise<Customization> {
  return opsCall(() => api.content.post(API_PATHS.opsPartners, body), customizationSchema);
}

export function createPartnerMutationOptions(api: ApiClients) {
  return mutationOptions<Customization, ApiError, PartnerCreateBody>({
    mutationKey: ['ops', 'partners', 'create'],
    mutationFn: (body) => createPartner(api, body),
  });
}

export function useCreatePartner() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...createPartnerMutationOptions(api),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerQueryKey(saved.shopKey), saved);
      void queryClient.invalidateQueries({ queryKey: PARTNERS_QUERY_KEY, exact: true });
    },
  });
}

// PUT /api/v1/ops/partners/:shopKey {...fields} -> the saved partner, published to every API instance.
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customizationSchema,
  type Customization,
  type CustomizationInput,
} from '@shop/shared/contract/customization';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { partnerQueryKey } from './partner';
import { PARTNERS_QUERY_KEY } from './partners';

export interface PartnerUpdate {
  shopKey: string;
  fields: CustomizationInput;
}

export function updatePartner(
  api: ApiClients,
  { shopKey, fields }: PartnerUpdate,
): Promise<Customization> {
  return opsCall(
    () => api.content.put(buildPath(API_PATHS.opsPartner, { shopKey }), fields),
    customizationSchema,
  );
}

export function updatePartnerMutationOptions(api: ApiClients) {
  return mutationOptions<Customization, ApiError, PartnerUpdate>({
    mutationKey: ['ops', 'partners', 'update'],
    mutationFn: (update) => updatePartner(api, update),
  });
}

export function useUpdatePartner() {
  const { api } = useShell();
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePartnerMutationOptions(api),
    onSuccess: (saved) => {
      queryClient.setQueryData(partnerQueryKey(saved.shopKey), saved);
      void queryClient.invalidateQueries({ queryKey: PARTNERS_QUERY_KEY, exact: true });
    },
  });
}

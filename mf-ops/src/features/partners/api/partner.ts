// GET /api/v1/ops/partners/:shopKey -> the partner's customization, defaults filled in.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { customizationSchema, type Customization } from '@shop/shared/contract/customization';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';
import { PARTNERS_QUERY_KEY } from './partners';

export const partnerQueryKey = (shopKey: string) => [...PARTNERS_QUERY_KEY, shopKey] as const;

export function fetchPartner(
  api: ApiClients,
  shopKey: string,
  signal?: AbortSignal,
): Promise<Customization> {
  return opsCall(
    () => api.content.get(buildPath(API_PATHS.opsPartner, { shopKey }), { signal }),
    customizationSchema,
  );
}

export function partnerQueryOptions(api: ApiClients, shopKey: string) {
  return queryOptions<Customization, ApiError>({
    queryKey: partnerQueryKey(shopKey),
    queryFn: ({ signal }) => fetchPartner(api, shopKey, signal),
    staleTime: 0,
    // The form is filled once from this answer: a refetch must not overwrite what is being typed.
    refetchOnWindowFocus: false,
  });
}

export function usePartner(shopKey: string | null) {
  const { api } = useShell();
  return useQuery({ ...partnerQueryOptions(api, shopKey ?? ''), enabled: shopKey !== null });
}

// GET /api/v1/ops/partners -> { partners }: every partner's customization.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerListSchema } from '@shop/shared/contract/ops';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { Customization } from '@shop/shared/contract/customization';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { opsCall } from '../../shared/api/ops-call';

export const PARTNERS_QUERY_KEY = ['ops', 'partners'] as const;

export async function fetchPartners(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<Customization[]> {
  const { partners } = await opsCall(
    () => api.content.get(API_PATHS.opsPartners, { signal }),
    partnerListSchema,
  );
  return partners;
}

export function partnersQueryOptions(api: ApiClients) {
  return queryOptions<Customization[], ApiError>({
    queryKey: PARTNERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchPartners(api, signal),
    staleTime: 0,
  });
}

export function usePartners() {
  const { api } = useShell();
  return useQuery(partnersQueryOptions(api));
}

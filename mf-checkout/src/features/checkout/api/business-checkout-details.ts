// GET …/business/checkout/{id}/details -> the whole order of a partner checkout (its buyer only).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function fetchBusinessCheckoutDetails(api: ApiClients, id: string): Promise<Order> {
  return (await api.payments.get<Order>(buildPath(API_PATHS.businessCheckoutDetails, { id }))).data;
}

export function businessCheckoutDetailsQueryOptions(api: ApiClients, id: string | null) {
  return queryOptions({
    queryKey: ['business-checkout', id],
    queryFn: () => fetchBusinessCheckoutDetails(api, id!),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

export function useBusinessCheckoutDetails(id: string | null) {
  const { api } = useShell();
  return useQuery(businessCheckoutDetailsQueryOptions(api, id));
}

// GET /user/management-portal/payment-methods -> the signed-in shopper's cards and shipping address.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function fetchSavedCards(api: ApiClients): Promise<PaymentMethodsResponse> {
  return (await api.connect.get<PaymentMethodsResponse>(API_PATHS.paymentMethods)).data;
}

export function savedCardsQueryOptions(api: ApiClients, email: string | undefined) {
  return queryOptions({
    queryKey: ['saved-cards', email],
    queryFn: () => fetchSavedCards(api),
    enabled: Boolean(email),
    staleTime: 60_000,
  });
}

/** Only asked for a signed-in shopper (the call answers 401 otherwise). */
export function useSavedCards() {
  const { api, userContext } = useShell();
  return useQuery(savedCardsQueryOptions(api, userContext.user?.email));
}

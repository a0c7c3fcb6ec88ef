// GET /user/management-portal/payment-methods -> { paymentMethodsAndAddresses: { paymentMethods, shippingAddress }, email }
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';

export const PAYMENT_METHODS_QUERY_KEY = ['account', 'payment-methods'] as const;

export function fetchPaymentMethods(
  api: ApiClients,
  signal?: AbortSignal,
): Promise<PaymentMethodsResponse> {
  return callApi(() =>
    api.connect.get<PaymentMethodsResponse>(API_PATHS.paymentMethods, { signal }),
  );
}

export function paymentMethodsQueryOptions(api: ApiClients) {
  return queryOptions<PaymentMethodsResponse, ApiError>({
    queryKey: PAYMENT_METHODS_QUERY_KEY,
    queryFn: ({ signal }) => fetchPaymentMethods(api, signal),
    // A 401 is the answer for a logged-out visitor: the page sends them to log in.
    retry: false,
    // Cards belong to whoever is logged in now: never show a cached list from an earlier visit.
    staleTime: 0,
    gcTime: 0,
  });
}

export function usePaymentMethods() {
  const { api } = useShell();
  return useQuery(paymentMethodsQueryOptions(api));
}

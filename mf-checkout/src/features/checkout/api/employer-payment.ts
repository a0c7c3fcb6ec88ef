// GET /employer-form-submit/{token} -> what the emailed link pays for: the employee and the order.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployerPaymentView } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import { useShell } from '@shop/shared/federation/remote-root';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function fetchEmployerPayment(
  api: ApiClients,
  token: string,
): Promise<EmployerPaymentView> {
  return (
    await api.connect.get<EmployerPaymentView>(buildPath(API_PATHS.employerPayment, { token }))
  ).data;
}

export function employerPaymentQueryOptions(api: ApiClients, token: string) {
  return queryOptions({
    queryKey: ['employer-payment', token],
    queryFn: () => fetchEmployerPayment(api, token),
    retry: false,
  });
}

export function useEmployerPayment(token: string) {
  const { api } = useShell();
  return useQuery(employerPaymentQueryOptions(api, token));
}

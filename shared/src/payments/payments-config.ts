// GET <payments prefix>/config -> which provider's element the browser loads (Stripe's publishable
// key, or the built-in provider's element page). One query for every area that takes a payment.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '../contract/paths';
import { paymentsBrowserConfigSchema, type PaymentsBrowserConfig } from '../contract/payment';
import { useShell } from '../federation/shell-context';
import type { ApiClients } from '../shell-contract/shell-props';

export async function fetchPaymentsConfig(api: ApiClients): Promise<PaymentsBrowserConfig> {
  const { data } = await api.payments.get(API_PATHS.paymentsConfig);
  return paymentsBrowserConfigSchema.parse(data);
}

export function paymentsConfigQueryOptions(api: ApiClients) {
  return queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: () => fetchPaymentsConfig(api),
    // The provider changes only with a deploy.
    staleTime: 30 * 60_000,
  });
}

export function usePaymentsConfig() {
  const { api } = useShell();
  return useQuery(paymentsConfigQueryOptions(api));
}

// GET /user/management-portal/payment-methods -> { paymentMethodsAndAddresses: { paymentMethods, shippingAddress }, email }
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';

export interface PaymentMethodSummary {
  id: string;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
}

export interface ShippingAddress {
  line1?: string;
  line2?: string | null;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
}

export interface PaymentMethodsResponse {
  paymentMethodsAndAddresses: { paymentMethods: PaymentMethodSummary[]; shippingAddress: ShippingAddress | null };
  email: string;
}

export async function fetchPaymentMethods(api: ApiClients): Promise<PaymentMethodsResponse> {
  const response = await api.connect.get<PaymentMethodsResponse>('/user/management-portal/payment-methods');
  return response.data;
}

export function paymentMethodsQueryOptions(api: ApiClients) {
  return queryOptions({ queryKey: ['user', 'payment-methods'], queryFn: () => fetchPaymentMethods(api), retry: false });
}

export function usePaymentMethods(enabled: boolean) {
  const { api } = useShell();
  return useQuery({ ...paymentMethodsQueryOptions(api), enabled });
}

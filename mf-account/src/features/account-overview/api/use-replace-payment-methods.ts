import { useQueryClient } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import { PAYMENT_METHODS_QUERY_KEY } from './payment-methods';

/** Every management-portal write answers with the whole fresh list: it replaces the cached one. */
export function useReplacePaymentMethods() {
  const queryClient = useQueryClient();
  return (data: PaymentMethodsResponse) =>
    queryClient.setQueryData(PAYMENT_METHODS_QUERY_KEY, data);
}

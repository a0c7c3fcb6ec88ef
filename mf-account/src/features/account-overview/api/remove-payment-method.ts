// DELETE /user/management-portal/payment-methods/:id -> the fresh list.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { useReplacePaymentMethods } from './use-replace-payment-methods';

export function removePaymentMethod(api: ApiClients, id: string): Promise<PaymentMethodsResponse> {
  return callApi(() =>
    api.connect.delete<PaymentMethodsResponse>(buildPath(API_PATHS.paymentMethod, { id })),
  );
}

export function removePaymentMethodMutationOptions(api: ApiClients) {
  return mutationOptions<PaymentMethodsResponse, ApiError, string>({
    mutationKey: ['account', 'payment-methods', 'remove'],
    mutationFn: (id) => removePaymentMethod(api, id),
  });
}

export function useRemovePaymentMethod() {
  const { api } = useShell();
  const replace = useReplacePaymentMethods();
  return useMutation({ ...removePaymentMethodMutationOptions(api), onSuccess: replace });
}

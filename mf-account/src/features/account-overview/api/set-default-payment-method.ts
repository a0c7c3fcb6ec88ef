// POST /user/management-portal/payment-methods/:id/default -> the fresh list.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { PaymentMethodsResponse } from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { useReplacePaymentMethods } from './use-replace-payment-methods';

export function setDefaultPaymentMethod(
  api: ApiClients,
  id: string,
): Promise<PaymentMethodsResponse> {
  return callApi(() =>
    api.connect.post<PaymentMethodsResponse>(buildPath(API_PATHS.paymentMethodDefault, { id })),
  );
}

export function setDefaultPaymentMethodMutationOptions(api: ApiClients) {
  return mutationOptions<PaymentMethodsResponse, ApiError, string>({
    mutationKey: ['account', 'payment-methods', 'set-default'],
    mutationFn: (id) => setDefaultPaymentMethod(api, id),
  });
}

export function useSetDefaultPaymentMethod() {
  const { api } = useShell();
  const replace = useReplacePaymentMethods();
  return useMutation({ ...setDefaultPaymentMethodMutationOptions(api), onSuccess: replace });
}

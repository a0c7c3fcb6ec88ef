// POST /user/management-portal/payment-methods {token, makeDefault} -> 201 the fresh list, or 202
//   { status: 'requires_confirmation', confirmationId, clientSecret, message }; 402 when declined.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type {
  AddPaymentMethodBody,
  PaymentMethodConfirmation,
  PaymentMethodsResponse,
} from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { useReplacePaymentMethods } from './use-replace-payment-methods';

export type AddPaymentMethodResult = PaymentMethodsResponse | PaymentMethodConfirmation;

export function needsConfirmation(
  result: AddPaymentMethodResult,
): result is PaymentMethodConfirmation {
  return 'status' in result && result.status === 'requires_confirmation';
}

export function addPaymentMethod(
  api: ApiClients,
  body: AddPaymentMethodBody,
): Promise<AddPaymentMethodResult> {
  return callApi(() => api.connect.post<AddPaymentMethodResult>(API_PATHS.paymentMethods, body));
}

export function addPaymentMethodMutationOptions(api: ApiClients) {
  return mutationOptions<AddPaymentMethodResult, ApiError, AddPaymentMethodBody>({
    mutationKey: ['account', 'payment-methods', 'add'],
    mutationFn: (body) => addPaymentMethod(api, body),
  });
}

export function useAddPaymentMethod() {
  const { api } = useShell();
  const replace = useReplacePaymentMethods();
  return useMutation({
    ...addPaymentMethodMutationOptions(api),
    onSuccess: (result) => {
      if (!needsConfirmation(result)) replace(result);
    },
  });
}

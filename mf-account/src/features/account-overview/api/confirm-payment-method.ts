// POST /user/management-portal/payment-methods/confirmations/:id -> 201 the fresh list with the confirmed card.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ConfirmPaymentMethodBody, PaymentMethodsResponse } from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { useReplacePaymentMethods } from './use-replace-payment-methods';

export interface PaymentMethodConfirmationInput {
  confirmationId: string;
  makeDefault: boolean;
}

export function confirmPaymentMethod(
  api: ApiClients,
  { confirmationId, makeDefault }: PaymentMethodConfirmationInput,
): Promise<PaymentMethodsResponse> {
  return callApi(() =>
    api.connect.post<PaymentMethodsResponse>(
      buildPath(API_PATHS.paymentMethodConfirmation, { id: confirmationId }),
      { makeDefault } satisfies ConfirmPaymentMethodBody,
    ),
  );
}

export function confirmPaymentMethodMutationOptions(api: ApiClients) {
  return mutationOptions<PaymentMethodsResponse, ApiError, PaymentMethodConfirmationInput>({
    mutationKey: ['account', 'payment-methods', 'confirm'],
    mutationFn: (input) => confirmPaymentMethod(api, input),
  });
}

export function useConfirmPaymentMethod() {
  const { api } = useShell();
  const replace = useReplacePaymentMethods();
  return useMutation({ ...confirmPaymentMethodMutationOptions(api), onSuccess: replace });
}

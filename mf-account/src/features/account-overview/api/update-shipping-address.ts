// PUT /user/management-portal/shipping-address {name, line1, line2, city, state, postal_code, country} -> the fresh list.
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { PaymentMethodsResponse, UpdateShippingAddressBody } from '@shop/shared/contract/user';
import type { ApiError } from '@shop/shared/http/api-error';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';
import { useShell } from '@shop/shared/federation/remote-root';
import { callApi } from '../../shared/api/call-api';
import { useReplacePaymentMethods } from './use-replace-payment-methods';

export function updateShippingAddress(
  api: ApiClients,
  body: UpdateShippingAddressBody,
): Promise<PaymentMethodsResponse> {
  return callApi(() => api.connect.put<PaymentMethodsResponse>(API_PATHS.shippingAddress, body));
}

export function updateShippingAddressMutationOptions(api: ApiClients) {
  return mutationOptions<PaymentMethodsResponse, ApiError, UpdateShippingAddressBody>({
    mutationKey: ['account', 'shipping-address', 'update'],
    mutationFn: (body) => updateShippingAddress(api, body),
  });
}

export function useUpdateShippingAddress() {
  const { api } = useShell();
  const replace = useReplacePaymentMethods();
  return useMutation({ ...updateShippingAddressMutationOptions(api), onSuccess: replace });
}

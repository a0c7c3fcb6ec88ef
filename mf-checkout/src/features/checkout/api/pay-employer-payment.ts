// POST /employer-form-submit/{token}/pay with an Idempotency-Key: the employer pays the order with
// the token the provider's element made; the bank may then ask for its step and a confirmation.
import {
  IDEMPOTENCY_KEY_HEADER,
  type EmployerPaymentBody,
  type EmployerPaymentView,
} from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function payEmployerPayment(
  api: ApiClients,
  token: string,
  body: EmployerPaymentBody,
  idempotencyKey: string,
): Promise<EmployerPaymentView> {
  return (
    await api.connect.post<EmployerPaymentView>(
      buildPath(API_PATHS.employerPaymentPay, { token }),
      body,
      { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
    )
  ).data;
}

/**
 * POST /employer-form-submit/{token}/confirm, after the bank's step: the API asks the provider
 * whether the payment went through and answers with the page's view.
 */
export async function confirmEmployerPayment(
  api: ApiClients,
  token: string,
): Promise<EmployerPaymentView> {
  return (
    await api.connect.post<EmployerPaymentView>(
      buildPath(API_PATHS.employerPaymentConfirm, { token }),
    )
  ).data;
}

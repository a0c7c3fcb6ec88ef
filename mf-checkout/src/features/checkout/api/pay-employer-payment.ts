// POST /employer-form-submit/{token}/pay with an Idempotency-Key: the employer pays the order by card.
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

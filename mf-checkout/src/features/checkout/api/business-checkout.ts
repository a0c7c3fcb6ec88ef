// POST …/business/checkout with an Idempotency-Key -> 202 { status: pending, order }; the payment runs after.
import {
  IDEMPOTENCY_KEY_HEADER,
  type BusinessCheckoutBody,
  type BusinessCheckoutStatus,
  type Order,
} from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function startBusinessCheckout(
  api: ApiClients,
  body: BusinessCheckoutBody,
  idempotencyKey: string,
): Promise<BusinessCheckoutStatus & { order: Order }> {
  return (
    await api.payments.post(API_PATHS.businessCheckout, body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    })
  ).data;
}

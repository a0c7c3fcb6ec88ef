// GET …/business/checkout/{id}/status -> { status, final, failureMessage }, polled until final.
import type { BusinessCheckoutStatus } from '@shop/shared/contract/checkout';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function fetchBusinessCheckoutStatus(
  api: ApiClients,
  id: string,
): Promise<BusinessCheckoutStatus> {
  return (
    await api.payments.get<BusinessCheckoutStatus>(
      buildPath(API_PATHS.businessCheckoutStatus, { id }),
    )
  ).data;
}

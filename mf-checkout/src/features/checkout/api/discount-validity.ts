// GET …/discounts/{code}/is-valid?email&sum&priceIds -> whether the code applies to this cart, and by how much.
import type { DiscountValidity } from '@shop/shared/contract/discounts';
import { API_PATHS, buildPath } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function checkDiscountValidity(
  api: ApiClients,
  code: string,
  query: { email?: string; sum: number; priceIds: readonly string[]; businessKey?: string },
): Promise<DiscountValidity> {
  const response = await api.payments.get<DiscountValidity>(
    buildPath(API_PATHS.discountIsValid, { code }),
    {
      params: {
        email: query.email || undefined,
        sum: query.sum,
        priceIds: query.priceIds.join(','),
        businessKey: query.businessKey,
      },
    },
  );
  return response.data;
}

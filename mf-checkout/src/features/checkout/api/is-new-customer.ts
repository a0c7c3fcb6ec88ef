// GET /user/is-new-customer?email -> { isNewCustomer }: false once the email has a paid order.
import type { IsNewCustomerResponse } from '@shop/shared/contract/user';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function isNewCustomer(api: ApiClients, email: string): Promise<boolean> {
  return (
    await api.connect.get<IsNewCustomerResponse>(API_PATHS.isNewCustomer, { params: { email } })
  ).data.isNewCustomer;
}

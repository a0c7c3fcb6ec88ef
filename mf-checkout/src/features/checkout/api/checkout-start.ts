// POST …/checkout/start {email, country, first_name, last_name, event_name}: the lead, once contact details are in.
import type { CheckoutStartBody } from '@shop/shared/contract/checkout';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { ApiClients } from '@shop/shared/shell-contract/shell-props';

export async function startCheckout(api: ApiClients, body: CheckoutStartBody): Promise<void> {
  await api.payments.post(API_PATHS.checkoutStart, body);
}

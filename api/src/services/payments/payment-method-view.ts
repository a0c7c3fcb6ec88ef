import type { PaymentMethodView } from '@shop/shared/contract/payment';
import type { ProviderPaymentMethod } from './payment-provider';

/** A saved card as the account shows it: never more than the provider's brand, last 4 and expiry. */
export function paymentMethodView(method: ProviderPaymentMethod): PaymentMethodView {
  return {
    id: method.id,
    brand: method.brand,
    last4: method.last4,
    expMonth: method.expMonth,
    expYear: method.expYear,
    isDefault: method.isDefault,
  };
}

// A subscriber of the built-in provider: a customer with a saved card 4242 and a plan that starts
// at the provider's clock's now.
import { TEST_CARDS } from '../../src/services/payments/test-card-rules';
import type { TestPaymentProvider } from '../../src/services/payments/test-payment-provider';

export async function subscribeWithCard(
  provider: TestPaymentProvider,
  input: { email: string; priceId: string; key: string; name?: string },
) {
  const customer = await provider.ensureCustomer({
    userId: null,
    email: input.email,
    name: input.name ?? null,
  });
  const token = await provider.createCardToken({
    number: TEST_CARDS.succeeds,
    expMonth: 12,
    expYear: 2040,
    cvc: '123',
  });
  const setup = await provider.createSetup({
    customerId: customer.id,
    token: token.id,
    returnUrl: '/account',
    idempotencyKey: `${input.key}:setup`,
  });
  return provider.createSubscription({
    customerId: customer.id,
    priceId: input.priceId,
    paymentMethodId: setup.paymentMethodId!,
    idempotencyKey: `${input.key}:subscription`,
  });
}

// An order as the API answers it, for the thank-you pages' tests.
import type { Order } from '@shop/shared/contract/checkout';

export function anOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '9f0c1d2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f',
    kind: 'consumer',
    status: 'paid',
    email: 'mary@example.com',
    currency: 'usd',
    lines: [
      {
        lookupKey: 'bloodwise_quarterly',
        priceId: 'price_bloodwise_quarterly',
        title: 'Bloodwise Quarterly',
        quantity: 1,
        unitAmount: 12_900,
        amount: 12_900,
        interval: 'quarter',
      },
    ],
    subtotal: 12_900,
    discount: 0,
    shipping: 595,
    total: 13_495,
    discountCode: null,
    shipUpfront: false,
    bnpl: false,
    businessKey: null,
    shippingAddress: {
      name: 'Mary Ann Lee',
      line1: '10 Elm St',
      line2: null,
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      country: 'US',
    },
    payment: {
      id: 'pi_123',
      status: 'succeeded',
      amount: 13_495,
      currency: 'usd',
      failureCode: null,
      failureMessage: null,
      nextAction: null,
      createdAt: '2025-11-21T15:00:00.000Z',
    },
    paymentLabel: 'Visa •••• 4242',
    createdAt: '2025-11-21T15:00:00.000Z',
    ...overrides,
  };
}

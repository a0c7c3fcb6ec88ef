// Request bodies for checkout tests: a valid order paid with a test provider token (see
// fixture-tokens.ts: the test app swaps each placeholder for a fresh token as it sends).
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '@shop/shared/contract/paths';
import type {
  BusinessCheckoutBody,
  PlaceOrderBody,
  SubscriptionConsent,
} from '@shop/shared/contract/checkout';
import { RENEWAL_TERMS_VERSION } from '@shop/shared/subscriptions/renewal-terms';
import type { TestApp } from './build-test-app';
import { BNPL_TOKEN, cardToken } from './fixture-tokens';

export { BNPL_TOKEN, cardToken };

export const US_ADDRESS = {
  name: 'Ada Shopper',
  line1: '10 Elm St',
  line2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US' as const,
};
export const CA_ADDRESS = {
  name: 'Ada Shopper',
  line1: '1 Rue Main',
  line2: null,
  city: 'Ottawa',
  state: 'ON',
  postal_code: 'K1A 0B1',
  country: 'CA' as const,
};

/** The shopper ticked the automatic-renewal box: what an order with a recurring line needs. */
export const RENEWAL_CONSENT: SubscriptionConsent = {
  termsVersion: RENEWAL_TERMS_VERSION,
  accepted: true,
};

export function orderBody(overrides: Partial<PlaceOrderBody> = {}): PlaceOrderBody {
  return {
    email: 'ada@example.com',
    name: 'Ada Shopper',
    items: [{ lookupKey: 'bloodwise_kit_one_time', quantity: 1 }],
    shippingAddress: US_ADDRESS,
    paymentMethod: cardToken(),
    sessionId: randomUUID(),
    ...overrides,
  };
}

export function placeOrder(
  t: TestApp,
  body: unknown,
  key: string = randomUUID(),
  headers: Record<string, string> = {},
) {
  return t.inject({
    method: 'POST',
    url: API_PATHS.orders,
    payload: body as object,
    headers: { 'idempotency-key': key, ...headers },
  });
}

/** A partner storefront's business checkout: acme-wellness, its one-time kit, card 4242. */
export function businessBody(overrides: Partial<BusinessCheckoutBody> = {}): BusinessCheckoutBody {
  return {
    email: 'employee@acme.example',
    name: 'Alex Employee',
    products: [{ lookupKey: 'acme_kit_one_time', quantity: 1 }],
    shipping: US_ADDRESS,
    sessionId: randomUUID(),
    discount: 'ACME15',
    shipUpfront: false,
    shippingCost: 1,
    businessKey: 'acme-wellness',
    paymentMethod: cardToken(),
    bnpl: false,
    marketingEnabled: true,
    ...overrides,
  };
}

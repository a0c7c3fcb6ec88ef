// Saved cards and a subscriber's subscription as the API answers them, for the account area's tests.
import type { SubscriptionDetail } from '@shop/shared/contract/subscriptions';

export const nextYear = new Date().getUTCFullYear() + 1;
export const visa = {
  id: 'pm_visa',
  brand: 'visa' as const,
  last4: '4242',
  expMonth: 12,
  expYear: nextYear,
  isDefault: true,
};
export const mastercard = {
  id: 'pm_mc',
  brand: 'mastercard' as const,
  last4: '4444',
  expMonth: 3,
  expYear: nextYear,
  isDefault: false,
};
/** GET /user/management-portal/payment-methods's answer. */
export const cardList = (paymentMethods: unknown[], shippingAddress: unknown = null) => ({
  paymentMethodsAndAddresses: { paymentMethods, shippingAddress },
  email: 'ada@example.com',
});

/** No action allowed: tests list the ones their subscription allows. */
export const NONE = {
  cancel: false,
  keep: false,
  pause: false,
  resume: false,
  skip: false,
  unskip: false,
  changeInterval: false,
  updateCard: false,
};

export function subscription(overrides: Partial<SubscriptionDetail> = {}): SubscriptionDetail {
  return {
    id: 'sub_1',
    status: 'active',
    lookupKey: 'bloodwise_monthly',
    title: 'Bloodwise Monthly',
    quantity: 1,
    unitAmount: 4900,
    currency: 'usd',
    interval: 'month',
    intervalCount: 1,
    currentPeriodStart: '2030-02-15T12:00:00.000Z',
    currentPeriodEnd: '2030-03-15T12:00:00.000Z',
    createdAt: '2030-01-15T12:00:00.000Z',
    nextRenewal: { at: '2030-03-15T12:00:00.000Z', amount: 4900, currency: 'usd', cycle: 2 },
    cancelAtPeriodEnd: false,
    canceledAt: null,
    pausedUntil: null,
    skippedRenewalAt: null,
    paymentMethod: visa,
    recovery: null,
    intervalOptions: [
      {
        lookupKey: 'bloodwise_monthly',
        interval: 'month',
        intervalCount: 1,
        unitAmount: 4900,
        currency: 'usd',
        current: true,
      },
      {
        lookupKey: 'bloodwise_quarterly',
        interval: 'month',
        intervalCount: 3,
        unitAmount: 12900,
        currency: 'usd',
        current: false,
      },
    ],
    actions: {
      ...NONE,
      cancel: true,
      pause: true,
      skip: true,
      changeInterval: true,
      updateCard: true,
    },
    ...overrides,
  };
}

// Stripe objects as the API returns them, cut to the fields the adapter reads.

export const CREATED = 1_800_000_000;

export function paymentIntent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    amount: 4_900,
    currency: 'usd',
    status: 'requires_payment_method',
    customer: 'cus_1',
    payment_method: null,
    latest_charge: null,
    last_payment_error: null,
    next_action: null,
    client_secret: 'pi_1_secret_abc',
    metadata: { orderId: 'ord_1' },
    created: CREATED,
    ...overrides,
  };
}

export function cardMethod(overrides: Record<string, unknown> = {}) {
  return {
    id: 'pm_1',
    object: 'payment_method',
    type: 'card',
    customer: 'cus_1',
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
    created: CREATED,
    ...overrides,
  };
}

export function charge(overrides: Record<string, unknown> = {}) {
  return {
    id: 'ch_1',
    object: 'charge',
    amount: 4_900,
    amount_refunded: 0,
    currency: 'usd',
    status: 'succeeded',
    customer: 'cus_1',
    payment_intent: 'pi_1',
    payment_method: 'pm_1',
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    failure_code: null,
    failure_message: null,
    metadata: { orderId: 'ord_1' },
    created: CREATED,
    ...overrides,
  };
}

export function setupIntent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'seti_1',
    object: 'setup_intent',
    status: 'succeeded',
    customer: 'cus_1',
    payment_method: 'pm_1',
    client_secret: 'seti_1_secret_abc',
    next_action: null,
    last_setup_error: null,
    ...overrides,
  };
}

export function price(overrides: Record<string, unknown> = {}) {
  return {
    id: 'price_1',
    object: 'price',
    lookup_key: 'bloodwise_kit_one_time',
    unit_amount: 14_900,
    currency: 'usd',
    type: 'one_time',
    recurring: null,
    active: true,
    metadata: {},
    product: { id: 'prod_1', object: 'product', active: true },
    ...overrides,
  };
}

export const list = (data: object[]) => ({ object: 'list', data, has_more: false, url: '/v1/x' });

export function customer(defaultPaymentMethod: string | null) {
  return {
    id: 'cus_1',
    object: 'customer',
    invoice_settings: { default_payment_method: defaultPaymentMethod },
  };
}

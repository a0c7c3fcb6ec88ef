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

/** A Stripe subscription as its events carry it (the period on its item). */
export function stripeSubscription(overrides: Record<string, unknown> = {}) {
  const {
    start = CREATED,
    end = CREATED + 30 * 86_400,
    ...rest
  } = overrides as {
    start?: number;
    end?: number;
  } & Record<string, unknown>;
  return {
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    default_payment_method: 'pm_1',
    start_date: CREATED,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    pause_collection: null,
    trial_end: null,
    schedule: null,
    latest_invoice: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          price: { id: 'price_monthly' },
          quantity: 1,
          current_period_start: start,
          current_period_end: end,
        },
      ],
    },
    ...rest,
  };
}

/** A subscription's invoice for the period `start`..`end` (its subscription line's). */
export function stripeInvoice(overrides: Record<string, unknown> = {}) {
  const {
    start = CREATED,
    end = CREATED + 30 * 86_400,
    subscription = 'sub_1',
    shopSubscriptionId = null,
    priceId = 'price_monthly',
    ...rest
  } = overrides as {
    start?: number;
    end?: number;
    subscription?: string;
    shopSubscriptionId?: string | null;
    priceId?: string;
  } & Record<string, unknown>;
  return {
    id: 'in_1',
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_paid: 4_900,
    amount_due: 4_900,
    currency: 'usd',
    attempt_count: 1,
    next_payment_attempt: null,
    period_start: start - 30 * 86_400,
    period_end: start,
    status: 'paid',
    parent: {
      type: 'subscription_details',
      subscription_details: {
        subscription,
        metadata: shopSubscriptionId ? { shopSubscriptionId } : {},
      },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount: 4_900,
          quantity: 1,
          period: { start, end },
          pricing: { type: 'price_details', price_details: { price: priceId, product: 'prod_1' } },
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription, subscription_item: 'si_1' },
          },
        },
      ],
    },
    ...rest,
  };
}

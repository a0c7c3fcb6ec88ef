// Stripe's objects in the provider interface's shapes. Pure: the webhook path maps event
// payloads with it too, without another call to Stripe.
import type Stripe from 'stripe';
import type {
  CardBrand,
  ChargeStatus,
  PaymentMethodSummary,
  ProviderCharge,
  ProviderInvoice,
  ProviderNextAction,
  ProviderPaymentMethod,
  ProviderPrice,
  ProviderRefund,
  ProviderSetup,
  ProviderSubscription,
  ProviderSubscriptionState,
  SetupStatus,
} from '../payment-provider';

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];

/** Pay-later methods the Payment Element offers; everything else the shop shows as a card. */
const BNPL_TYPES = new Set(['klarna', 'affirm', 'afterpay_clearpay', 'zip', 'sunbit', 'scalapay']);

export function cardBrand(brand: string | null | undefined): CardBrand {
  return BRANDS.find((known) => known === brand) ?? 'unknown';
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function date(seconds: number): Date {
  return new Date(seconds * 1000);
}

function methodSummary(method: Stripe.PaymentMethod): PaymentMethodSummary {
  return {
    id: method.id,
    type: BNPL_TYPES.has(method.type) ? 'bnpl' : 'card',
    brand: cardBrand(method.card?.brand),
    last4: method.card?.last4 ?? null,
  };
}

function nextAction(
  clientSecret: string | null,
  action: Stripe.PaymentIntent.NextAction | Stripe.SetupIntent.NextAction | null,
): ProviderNextAction | null {
  if (!clientSecret) return null;
  return {
    clientSecret,
    message:
      action?.type === 'redirect_to_url'
        ? 'Continue with the pay-later provider to finish.'
        : 'Your bank asks you to confirm this payment.',
  };
}

function chargeStatus(intent: Stripe.PaymentIntent): ChargeStatus {
  switch (intent.status) {
    case 'requires_payment_method':
      // Back to needing a method after a confirm: the bank or Stripe declined it.
      return intent.last_payment_error ? 'failed' : 'requires_confirmation';
    case 'requires_confirmation':
      return 'requires_confirmation';
    case 'requires_action':
      return 'requires_action';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    default:
      // processing and requires_capture (never asked for: capture is automatic) settle later.
      return 'processing';
  }
}

/**
 * A PaymentIntent as a charge. `amountRefunded` and the method's card details are known when
 * the call expanded `latest_charge` and `payment_method`; an event's payload carries only ids.
 */
export function toCharge(intent: Stripe.PaymentIntent): ProviderCharge {
  const status = chargeStatus(intent);
  const error = status === 'failed' ? intent.last_payment_error : null;
  const latest = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    currency: intent.currency,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    method: method ? methodSummary(method) : null,
    failureCode: error ? (error.decline_code ?? error.code ?? 'payment_failed') : null,
    failureMessage: error ? (error.message ?? 'The payment was declined.') : null,
    nextAction:
      status === 'requires_action' ? nextAction(intent.client_secret, intent.next_action) : null,
    metadata: { ...intent.metadata },
    amountRefunded: latest?.amount_refunded ?? 0,
    createdAt: date(intent.created),
  };
}

/** A refunded Charge (the `charge.refunded` event) as its PaymentIntent's charge. */
export function chargeFromStripeCharge(charge: Stripe.Charge): ProviderCharge {
  const card = charge.payment_method_details?.card;
  const type = charge.payment_method_details?.type ?? 'card';
  return {
    id: idOf(charge.payment_intent) ?? charge.id,
    status:
      charge.status === 'succeeded'
        ? 'succeeded'
        : charge.status === 'pending'
          ? 'processing'
          : 'failed',
    amount: charge.amount,
    currency: charge.currency,
    customerId: idOf(charge.customer),
    paymentMethodId: charge.payment_method,
    method: charge.payment_method
      ? {
          id: charge.payment_method,
          type: BNPL_TYPES.has(type) ? 'bnpl' : 'card',
          brand: cardBrand(card?.brand),
          last4: card?.last4 ?? null,
        }
      : null,
    failureCode: charge.failure_code,
    failureMessage: charge.failure_message,
    nextAction: null,
    metadata: { ...charge.metadata },
    amountRefunded: charge.amount_refunded,
    createdAt: date(charge.created),
  };
}

function setupStatus(intent: Stripe.SetupIntent): SetupStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'canceled';
    case 'requires_payment_method':
      return 'failed';
    default:
      // requires_action, requires_confirmation, processing: the shopper or the bank still acts.
      return 'requires_action';
  }
}

export function toSetup(intent: Stripe.SetupIntent): ProviderSetup {
  const status = setupStatus(intent);
  const error = status === 'failed' ? intent.last_setup_error : null;
  return {
    id: intent.id,
    status,
    customerId: idOf(intent.customer) ?? '',
    paymentMethodId: status === 'succeeded' ? idOf(intent.payment_method) : null,
    nextAction:
      status === 'requires_action' ? nextAction(intent.client_secret, intent.next_action) : null,
    failureCode:
      status === 'failed' ? (error?.decline_code ?? error?.code ?? 'setup_failed') : null,
    failureMessage: status === 'failed' ? (error?.message ?? 'The card could not be saved.') : null,
  };
}

export function toPaymentMethod(
  method: Stripe.PaymentMethod,
  defaultId: string | null,
): ProviderPaymentMethod {
  return {
    id: method.id,
    customerId: idOf(method.customer),
    brand: cardBrand(method.card?.brand),
    last4: method.card?.last4 ?? '0000',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    isDefault: method.id === defaultId,
    createdAt: date(method.created),
  };
}

export function toRefund(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    chargeId: idOf(refund.payment_intent) ?? idOf(refund.charge) ?? '',
    amount: refund.amount,
    currency: refund.currency,
    // Our own words are kept in metadata; Stripe's reason is one of three codes.
    reason: refund.metadata?.reason ?? refund.reason ?? null,
    createdAt: date(refund.created),
  };
}

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export function toPrice(price: Stripe.Price): ProviderPrice | null {
  if (!price.lookup_key) return null;
  return {
    id: price.id,
    lookupKey: price.lookup_key,
    unitAmount: price.unit_amount,
    currency: price.currency,
    type: price.type === 'recurring' ? 'recurring' : 'one_time',
    recurringInterval: INTERVALS.find((known) => known === price.recurring?.interval) ?? null,
    recurringIntervalCount: price.recurring?.interval_count ?? null,
    isUnlimitedUpgrade: price.metadata.unlimited_upgrade === 'true',
  };
}

function subscriptionStatus(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due' || status === 'unpaid') return 'past_due';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  return 'incomplete';
}

export function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  // The billing period lives on the items since API version 2025-03-31.
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    priceId: item?.price.id ?? '',
    paymentMethodId: idOf(subscription.default_payment_method),
    quantity: item?.quantity ?? 1,
    status: subscriptionStatus(subscription.status),
    currentPeriodStart: date(item?.current_period_start ?? subscription.start_date),
    currentPeriodEnd: date(item?.current_period_end ?? subscription.start_date),
  };
}

const INVOICE_REASONS: Record<string, ProviderInvoice['reason']> = {
  subscription_create: 'start',
  subscription_cycle: 'renewal',
};

/**
 * A subscription's invoice, from the event payload alone. The period is the subscription line's
 * (the one it bills); the invoice's own period_start/period_end are the usage period before it.
 * Null for an invoice of no subscription.
 */
export function toInvoice(invoice: Stripe.Invoice): ProviderInvoice | null {
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription);
  if (!details || !subscriptionId) return null;
  const line =
    invoice.lines.data.find((candidate) => candidate.parent?.subscription_item_details) ??
    invoice.lines.data[0];
  const paid = invoice.payments?.data.find((payment) => payment.status === 'paid');
  return {
    id: invoice.id ?? '',
    subscriptionId,
    shopSubscriptionId: details.metadata?.shopSubscriptionId ?? null,
    reason: INVOICE_REASONS[invoice.billing_reason ?? ''] ?? 'other',
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    currency: invoice.currency,
    priceId: idOf(line?.pricing?.price_details?.price ?? null),
    quantity: line?.quantity ?? 1,
    periodStart: date(line?.period.start ?? invoice.period_start),
    periodEnd: date(line?.period.end ?? invoice.period_end),
    paymentIntentId: idOf(paid?.payment.payment_intent ?? null),
    attemptCount: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt ? date(invoice.next_payment_attempt) : null,
  };
}

export function toSubscriptionState(subscription: Stripe.Subscription): ProviderSubscriptionState {
  const mapped = toSubscription(subscription);
  const pause = subscription.pause_collection;
  return {
    id: subscription.id,
    shopSubscriptionId: subscription.metadata?.shopSubscriptionId ?? null,
    status: mapped.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: mapped.currentPeriodStart,
    currentPeriodEnd: mapped.currentPeriodEnd,
    collectionPaused: Boolean(pause),
    collectionPausedUntil: pause?.resumes_at ? date(pause.resumes_at) : null,
    canceledAt:
      subscription.ended_at || subscription.canceled_at
        ? date((subscription.ended_at ?? subscription.canceled_at)!)
        : null,
  };
}

// The test provider's objects as Stripe writes them into events, and back: its webhooks carry
// the same JSON a Stripe account would send, so the shop's webhook route meets one shape.
import type { PaymentChargeRow, PaymentMethodRow, PaymentSetupRow } from './db/schema';
import type {
  CardBrand,
  ChargeStatus,
  PaymentMethodSummary,
  ProviderCharge,
  ProviderEvent,
  ProviderSetup,
  SetupStatus,
} from '@shop/shared/payments/provider-contract';
import { BNPL_ACTION_MESSAGE, REQUIRES_ACTION_MESSAGE } from './test-card-rules';

type StripeJson = Record<string, unknown>;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The Charge a PaymentIntent made; Stripe gives it its own `ch_` id. */
export const chargeIdForIntent = (intentId: string) => intentId.replace(/^pi_/, 'ch_');

function paymentMethodObject(method: PaymentMethodRow): StripeJson {
  return {
    id: method.id,
    object: 'payment_method',
    type: method.type,
    customer: method.customer_id,
    card:
      method.type === 'card'
        ? {
            brand: method.brand,
            last4: method.last4,
            exp_month: method.exp_month,
            exp_year: method.exp_year,
          }
        : null,
  };
}

function stripeIntentStatus(row: PaymentChargeRow): string {
  if (row.status === 'failed' || row.status === 'requires_confirmation')
    return 'requires_payment_method';
  return row.status;
}

function nextActionObject(row: PaymentChargeRow): StripeJson | null {
  if (row.status !== 'requires_action') return null;
  if (row.next_action === 'redirect')
    return {
      type: 'redirect_to_url',
      redirect_to_url: { url: '/test-provider/bnpl', return_url: row.return_url },
    };
  return { type: 'use_stripe_sdk', use_stripe_sdk: {} };
}

/**
 * A PaymentIntent as Stripe shows it, with its payment method expanded (as `expand[]` would),
 * so the event alone tells which card paid.
 */
export function paymentIntentObject(
  row: PaymentChargeRow,
  method: PaymentMethodRow | null,
): StripeJson {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount_cents,
    amount_received: row.status === 'succeeded' ? row.amount_cents : 0,
    currency: row.currency,
    customer: row.customer_id,
    description: row.description,
    metadata: row.metadata ?? {},
    status: stripeIntentStatus(row),
    client_secret: row.client_secret,
    payment_method: method ? paymentMethodObject(method) : row.payment_method_id,
    latest_charge: row.payment_method_id ? chargeIdForIntent(row.id) : null,
    last_payment_error:
      row.status === 'failed' && row.failure_code
        ? { type: 'card_error', code: row.failure_code, message: row.failure_message }
        : null,
    next_action: nextActionObject(row),
    created: seconds(row.created_at),
    livemode: false,
  };
}

/** The Charge object of a refund event: amounts refunded so far, and the intent it belongs to. */
export function chargeObject(row: PaymentChargeRow, method: PaymentMethodRow | null): StripeJson {
  return {
    id: chargeIdForIntent(row.id),
    object: 'charge',
    amount: row.amount_cents,
    amount_refunded: row.amount_refunded_cents,
    refunded: row.amount_refunded_cents >= row.amount_cents,
    currency: row.currency,
    customer: row.customer_id,
    metadata: row.metadata ?? {},
    payment_intent: row.id,
    payment_method: row.payment_method_id,
    payment_method_details: method
      ? {
          type: method.type,
          card: method.type === 'card' ? { brand: method.brand, last4: method.last4 } : null,
        }
      : null,
    status: 'succeeded',
    created: seconds(row.created_at),
    livemode: false,
  };
}

export function setupIntentObject(row: PaymentSetupRow): StripeJson {
  return {
    id: row.id,
    object: 'setup_intent',
    customer: row.customer_id,
    payment_method: row.payment_method_id,
    status: row.status === 'failed' ? 'requires_payment_method' : row.status,
    client_secret: row.client_secret,
    last_setup_error: row.failure_code
      ? { type: 'card_error', code: row.failure_code, message: row.failure_message }
      : null,
    next_action: row.status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
    created: seconds(row.created_at),
    livemode: false,
  };
}

export function disputeObject(
  row: PaymentChargeRow,
  dispute: { id: string; amount: number; reason: string; createdAt: Date },
): StripeJson {
  return {
    id: dispute.id,
    object: 'dispute',
    amount: dispute.amount,
    currency: row.currency,
    charge: chargeIdForIntent(row.id),
    payment_intent: row.id,
    reason: dispute.reason,
    status: 'needs_response',
    created: seconds(dispute.createdAt),
    livemode: false,
  };
}

// Reading events back. The fields are Stripe's; anything missing reads as absent.

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const count = (value: unknown): number => (typeof value === 'number' ? value : 0);
const record = (value: unknown): StripeJson | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as StripeJson) : null;
const stringRecord = (value: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(record(value) ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
const brand = (value: unknown): CardBrand =>
  (['visa', 'mastercard', 'amex', 'discover'] as const).find((known) => known === value) ??
  'unknown';

function methodSummary(id: string, type: unknown, card: unknown): PaymentMethodSummary {
  const details = record(card);
  return type === 'card'
    ? { id, type: 'card', brand: brand(details?.brand), last4: text(details?.last4) }
    : { id, type: 'bnpl', brand: 'unknown', last4: null };
}

function intentStatus(intent: StripeJson): ChargeStatus {
  const status = text(intent.status);
  switch (status) {
    case 'requires_action':
    case 'processing':
    case 'succeeded':
    case 'canceled':
      return status;
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'requires_confirmation';
    default:
      return 'requires_confirmation';
  }
}

function intentToCharge(intent: StripeJson): ProviderCharge {
  const status = intentStatus(intent);
  const method = record(intent.payment_method);
  const methodId = method ? text(method.id) : text(intent.payment_method);
  const error = record(intent.last_payment_error);
  const clientSecret = text(intent.client_secret);
  const nextAction = record(intent.next_action);
  return {
    id: String(intent.id),
    status,
    amount: count(intent.amount),
    currency: text(intent.currency) ?? 'usd',
    customerId: text(intent.customer),
    paymentMethodId: methodId,
    method: method && methodId ? methodSummary(methodId, method.type, method.card) : null,
    failureCode: status === 'failed' ? text(error?.code) : null,
    failureMessage: status === 'failed' ? text(error?.message) : null,
    nextAction:
      status === 'requires_action' && clientSecret
        ? {
            clientSecret,
            message:
              nextAction?.type === 'redirect_to_url'
                ? BNPL_ACTION_MESSAGE
                : REQUIRES_ACTION_MESSAGE,
          }
        : null,
    metadata: stringRecord(intent.metadata),
    amountRefunded: 0,
    createdAt: new Date(count(intent.created) * 1000),
  };
}

function chargeToCharge(charge: StripeJson): ProviderCharge {
  const details = record(charge.payment_method_details);
  const methodId = text(charge.payment_method);
  return {
    id: String(charge.payment_intent),
    status: 'succeeded',
    amount: count(charge.amount),
    currency: text(charge.currency) ?? 'usd',
    customerId: text(charge.customer),
    paymentMethodId: methodId,
    method: methodId && details ? methodSummary(methodId, details.type, details.card) : null,
    failureCode: null,
    failureMessage: null,
    nextAction: null,
    metadata: stringRecord(charge.metadata),
    amountRefunded: count(charge.amount_refunded),
    createdAt: new Date(count(charge.created) * 1000),
  };
}

function setupToSetup(setup: StripeJson): ProviderSetup {
  const error = record(setup.last_setup_error);
  const stripeStatus = text(setup.status);
  const status: SetupStatus =
    stripeStatus === 'succeeded' ||
    stripeStatus === 'requires_action' ||
    stripeStatus === 'canceled'
      ? stripeStatus
      : 'failed';
  const clientSecret = text(setup.client_secret);
  return {
    id: String(setup.id),
    status,
    customerId: text(setup.customer) ?? '',
    paymentMethodId: status === 'succeeded' ? text(setup.payment_method) : null,
    nextAction:
      status === 'requires_action' && clientSecret
        ? { clientSecret, message: REQUIRES_ACTION_MESSAGE }
        : null,
    failureCode: text(error?.code),
    failureMessage: text(error?.message),
  };
}

const INTENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
] as const;

/** A verified Stripe event reduced to what the shop acts on. */
export function toProviderEvent(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): ProviderEvent {
  const object = record(event.data.object) ?? {};
  const intentType = INTENT_EVENTS.find((type) => type === event.type);
  if (intentType) return { id: event.id, type: intentType, charge: intentToCharge(object) };
  switch (event.type) {
    case 'charge.refunded':
      return { id: event.id, type: 'charge.refunded', charge: chargeToCharge(object) };
    case 'charge.dispute.created':
      return {
        id: event.id,
        type: 'charge.dispute.created',
        chargeId: text(object.payment_intent) ?? '',
        disputeId: String(object.id),
        amount: count(object.amount),
        reason: text(object.reason) ?? 'general',
      };
    case 'setup_intent.succeeded':
      return { id: event.id, type: 'setup_intent.succeeded', setup: setupToSetup(object) };
    default:
      return { id: event.id, type: 'ignored', providerType: event.type };
  }
}

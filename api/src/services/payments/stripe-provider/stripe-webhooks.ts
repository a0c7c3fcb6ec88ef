import type Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEvent } from '../payment-provider';
import {
  chargeFromStripeCharge,
  idOf,
  toCharge,
  toInvoice,
  toSetup,
  toSubscriptionState,
} from './stripe-mapping';

/** Stripe's own default: an event signed longer ago than this is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const INTENT_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.processing',
  'payment_intent.requires_action',
] as const;

function isIntentEvent(type: string): type is (typeof INTENT_EVENTS)[number] {
  return (INTENT_EVENTS as readonly string[]).includes(type);
}

/** A verified event reduced to what the shop acts on; other types are acknowledged only. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const { id } = event;
  if (isIntentEvent(event.type))
    return { id, type: event.type, charge: toCharge(event.data.object as Stripe.PaymentIntent) };
  if (event.type === 'charge.refunded')
    return { id, type: event.type, charge: chargeFromStripeCharge(event.data.object) };
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    return {
      id,
      type: event.type,
      chargeId: idOf(dispute.payment_intent) ?? idOf(dispute.charge) ?? '',
      disputeId: dispute.id,
      amount: dispute.amount,
      reason: dispute.reason,
    };
  }
  if (event.type === 'setup_intent.succeeded')
    return { id, type: event.type, setup: toSetup(event.data.object) };
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    const invoice = toInvoice(event.data.object);
    // A one-off invoice of no subscription is not the shop's.
    if (invoice) return { id, type: event.type, invoice };
  }
  if (
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
  )
    return { id, type: event.type, subscription: toSubscriptionState(event.data.object) };
  return { id, type: 'ignored', providerType: event.type };
}

/**
 * Verifies the signature on the exact bytes Stripe sent, then maps the event. Anything that does
 * not verify (no header, another secret, a changed body, a timestamp past the tolerance) is a
 * WebhookSignatureError, whose message never contains the secret.
 */
export function parseStripeWebhook(
  stripe: Stripe,
  {
    rawBody,
    signature,
    secret,
    now,
  }: {
    rawBody: Buffer;
    signature: string | undefined;
    secret: string;
    now: () => Date;
  },
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      now().getTime(),
    );
  } catch (error) {
    throw new WebhookSignatureError(
      `The webhook did not verify: ${error instanceof Error ? error.message : 'unknown error'}`,
    );
  }
  return toProviderEvent(event);
}

// Signing and verifying the test provider's webhooks with the Stripe SDK's own helpers, so the
// shop's webhook route checks the same `stripe-signature` header Stripe sends.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEvent } from '@shop/shared/payments/provider-contract';
import { toProviderEvent } from './stripe-objects';

/** Stripe's default: a signature older than five minutes is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export function createWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The `stripe-signature` header (`t=…,v1=…`) for `body`, signed now. */
export function signWebhook(body: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}

export function parseSignedWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('The webhook has no stripe-signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(
      error instanceof Error ? error.message : 'The webhook signature did not verify',
    );
  }
  return toProviderEvent(event);
}

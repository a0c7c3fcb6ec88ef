import type Stripe from 'stripe';
import {
  IdempotencyConflictError,
  PaymentDeclinedError,
  PaymentObjectNotFoundError,
  ProviderUnavailableError,
} from '../payment-provider';

type StripeError = InstanceType<typeof Stripe.errors.StripeError>;

/** Checked by the error's `type`, which holds across copies of the SDK, unlike `instanceof`. */
export function isStripeError(error: unknown, type: string): error is StripeError {
  return error instanceof Error && (error as { type?: unknown }).type === type;
}

/** Stripe's answer for an id it does not know (or one of another account or mode). */
export function isMissingObject(error: unknown): boolean {
  return (
    isStripeError(error, 'StripeInvalidRequestError') &&
    (error.code === 'resource_missing' || error.statusCode === 404)
  );
}

/**
 * Stripe's errors in the provider interface's words. Rate limits, connection errors and
 * Stripe's own failures leave the outcome unknown: the caller keeps its record pending and
 * reconciliation asks again with the same keys.
 */
export function translateStripeError(error: unknown, idempotencyKey?: string): unknown {
  if (isStripeError(error, 'StripeIdempotencyError'))
    return new IdempotencyConflictError(idempotencyKey ?? '(generated)');
  if (isStripeError(error, 'StripeRateLimitError'))
    return new ProviderUnavailableError(`Stripe is limiting requests: ${error.message}`, true);
  if (isStripeError(error, 'StripeConnectionError'))
    return new ProviderUnavailableError(
      `Stripe could not be reached, so whether it acted is unknown: ${error.message}`,
      true,
    );
  if (isStripeError(error, 'StripeAPIError'))
    return new ProviderUnavailableError(
      `Stripe failed (${error.statusCode ?? 'no status'}), so whether it acted is unknown: ${error.message}`,
      true,
    );
  if (isMissingObject(error))
    return new PaymentObjectNotFoundError((error as StripeError).param ?? 'Stripe object');
  if (isStripeError(error, 'StripeCardError'))
    return new PaymentDeclinedError(
      error.decline_code || error.code || 'card_declined',
      error.message || 'The card was declined.',
    );
  return error;
}

/** Runs one SDK call and throws its failure translated. */
export async function stripeCall<T>(work: () => Promise<T>, idempotencyKey?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw translateStripeError(error, idempotencyKey);
  }
}

/** Null for an object Stripe does not know, as the interface's getters answer. */
export async function stripeFind<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw translateStripeError(error);
  }
}

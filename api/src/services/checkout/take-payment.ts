// Charges one of our records through the provider: our record exists first, then the intent is
// created under a key derived from the record and its id written on the record, then the intent
// is confirmed with what the provider's element collected, a saved card or pay-later. Whatever
// happens after that, our record knows the intent, and the provider's state decides.
import { checkoutCardFutureUsage } from '@shop/shared/payments/card-future-usage';
import type { z } from 'zod';
import type { paymentMethodInputSchema } from '@shop/shared/contract/payment';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound, unauthorized } from '../../lib/app-error';
import { findBnplConsent } from '../../repositories/bnpl-consents-repository';
import { owns, type Buyer } from './buyer';
import {
  PaymentDeclinedError,
  type ChargeSource,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderPaymentMethod,
} from '../payments/payment-provider';

export type PaymentMethodChoice = z.output<typeof paymentMethodInputSchema>;

export interface PaymentRequest {
  user: UserRow | null;
  /** Who is paying; a pay-later consent must be theirs. */
  buyer: Buyer;
  email: string;
  name: string;
  amount: number;
  currency: string;
  method: PaymentMethodChoice;
  description: string;
  /** Names our record (orderId, upgradeId…): webhooks and reconciliation find it by this. */
  metadata: Record<string, string>;
  /** Our record's key (`order:<id>`): the intent is `<key>:intent`, a confirmation `<key>:confirm:<n>`. */
  recordKey: string;
  /** The confirmation's number: a retry of the same one moves no money twice. */
  attempt: number;
  /** Where a redirect-based step (3-D Secure page, pay-later approval) returns the shopper. */
  returnUrl: string;
  /**
   * Keep a new card for later charges of this record (the order's upgrades): on the shopper's own
   * customer when they asked to save it, otherwise on a customer of this order alone.
   */
  keepCard: boolean;
  /**
   * The record renews (a recurring line): its intent always belongs to a customer, so renewals
   * have one to charge, pay-later included (its renewals then ask for a card).
   */
  recurring?: boolean;
  /**
   * The intent to confirm when it is not the record's one intent (`<recordKey>:intent`): the one
   * the record holds now, or a new one under this key (the record's intent was cancelled).
   */
  intent?: { current: ProviderCharge } | { key: string };
  /** Writes the intent's id on our record (or throws); runs before the intent is confirmed. */
  recordIntent(intentId: string): Promise<unknown>;
}

const BRAND_NAMES: Record<ProviderPaymentMethod['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export const cardLabel = (method: Pick<ProviderPaymentMethod, 'brand' | 'last4'>) =>
  `${BRAND_NAMES[method.brand]} •••• ${method.last4}`;
export const PAY_LATER_LABEL = 'Pay later';

export function declined(message: string | null): AppError {
  const text = message ?? 'Your card was declined.';
  return new AppError(402, 'CARD_DECLINED', text, { card: text });
}

/** The consent must exist, be this buyer's and for this email, and not have paid for another order yet. */
export async function usableBnplConsent(
  db: Database,
  consentId: string,
  email: string,
  buyer: Buyer,
) {
  const stored = await findBnplConsent(db, consentId);
  const consent = stored && owns(buyer, stored) ? stored.consent : null;
  if (!consent || consent.email !== email) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Please accept the pay-later terms again.', {
      bnpl: 'Consent not found for this email',
    });
  }
  if (consent.orderId)
    throw new AppError(
      409,
      'CONFLICT',
      'This pay-later consent was already used for another order.',
    );
  return consent;
}

/** The shopper's own customer when they asked to keep the card, otherwise one for this record. */
function orderCustomer(provider: PaymentProvider, request: PaymentRequest) {
  const { user, method } = request;
  const toAccount = user !== null && method.type === 'token' && method.save;
  return provider.ensureCustomer(
    toAccount
      ? { userId: user.id, email: user.email, name: user.name }
      : { userId: null, email: request.email, name: request.name },
  );
}

/** The intent's metadata key saying its record has a recurring line. */
export const RECURRING_METADATA = 'recurring';

/** A record paid once per request (a new order each time) confirms its intent once: number 1. */
export const FIRST_ATTEMPT = 1;

/** What confirms the intent, and the provider customer the intent belongs to. */
async function chargeSource(
  db: Database,
  provider: PaymentProvider,
  request: PaymentRequest,
): Promise<{ source: ChargeSource; customerId: string | null }> {
  const { method, user } = request;
  if (method.type === 'saved') {
    if (!user) throw unauthorized('Please log in to pay with a saved card');
    const customer = await provider.findCustomerByUserId(user.id);
    const saved = customer
      ? await provider.getPaymentMethod(customer.id, method.paymentMethodId)
      : null;
    if (!customer || !saved) throw notFound('Payment method not found');
    return {
      source: { type: 'saved', paymentMethodId: saved.id, offSession: false },
      customerId: customer.id,
    };
  }
  if (method.type === 'bnpl') {
    // Our record of the shopper's consent comes first; the provider runs the pay-later method.
    await usableBnplConsent(db, method.consentId, request.email, request.buyer);
    return {
      source: { type: 'token', token: method.token, futureUsage: null },
      customerId: request.recurring ? (await orderCustomer(provider, request)).id : null,
    };
  }
  if (!request.keepCard && !request.recurring)
    return {
      source: { type: 'token', token: method.token, futureUsage: null },
      customerId: null,
    };
  const customer = await orderCustomer(provider, request);
  // A consumer's card as the checkout's element was made (one rule for both sides).
  const futureUsage = request.keepCard
    ? checkoutCardFutureUsage({ recurring: request.recurring ?? false })
    : 'off_session';
  return {
    source: { type: 'token', token: method.token, futureUsage },
    customerId: customer.id,
  };
}

/** An intent that may (still or again) be confirmed; any other is returned as it is. */
const CONFIRMABLE: readonly ProviderCharge['status'][] = ['requires_confirmation', 'failed'];

/**
 * Creates the record's intent (once per record, or per attempt after a cancelled one), writes it
 * on the record, and confirms it. The
 * result is the provider's state: a decline is status `failed`, not an exception; a provider
 * that cannot be reached throws ProviderUnavailableError with the outcome unknown.
 */
export async function takePayment(
  db: Database,
  provider: PaymentProvider,
  request: PaymentRequest,
): Promise<ProviderCharge> {
  const { source, customerId } = await chargeSource(db, provider, request);
  const intent =
    request.intent && 'current' in request.intent
      ? request.intent.current
      : await provider.createCharge({
          amount: request.amount,
          currency: request.currency,
          customerId,
          description: request.description,
          // Marks the intent of a record that renews: paying it starts a subscription.
          metadata: request.recurring
            ? { ...request.metadata, [RECURRING_METADATA]: 'true' }
            : request.metadata,
          idempotencyKey: request.intent?.key ?? `${request.recordKey}:intent`,
        });
  await request.recordIntent(intent.id);
  if (!CONFIRMABLE.includes(intent.status)) return intent;
  return provider.confirmCharge(intent.id, {
    source,
    returnUrl: request.returnUrl,
    idempotencyKey: `${request.recordKey}:confirm:${request.attempt}`,
  });
}

/** The shopper-facing reason of a refused payment, or null for any other failure. */
export function declinedMessage(error: unknown): string | null {
  if (error instanceof PaymentDeclinedError) return error.message;
  if (
    error instanceof AppError &&
    (error.statusCode === 402 || error.statusCode === 400 || error.statusCode === 404)
  )
    return error.message;
  return null;
}

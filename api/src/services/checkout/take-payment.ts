// Takes the money for an order through the payment provider: a new card, a saved card, or pay-later.
// A decline throws (402) before any order is written, so a declined card leaves no order behind.
import type { z } from 'zod';
import type { paymentMethodInputSchema } from '@shop/shared/contract/payment';
import type { Database, UserRow } from '../../db/schema';
import { AppError, notFound, unauthorized } from '../../lib/app-error';
import { findBnplConsent } from '../../repositories/bnpl-consents-repository';
import { owns, type Buyer } from './buyer';
import {
  PaymentDeclinedError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderPaymentMethod,
} from '../payments/payment-provider';

/** What a client may send, plus a card already tokenised by an earlier step (business checkout). */
export type PaymentMethodChoice =
  z.output<typeof paymentMethodInputSchema> | { type: 'token'; method: ProviderPaymentMethod };

export interface PaymentRequest {
  user: UserRow | null;
  /** Who is paying; a pay-later consent must be theirs. */
  buyer: Buyer;
  email: string;
  name: string;
  amount: number;
  currency: string;
  method: PaymentMethodChoice;
  /** The order's idempotency key: the provider sees one charge per key and card. */
  idempotencyKey: string;
  description: string;
  /** The order this pays for, recorded on the charge so a charge can always be traced to its order. */
  orderId: string;
}

export interface PaymentResult {
  charge: ProviderCharge | null;
  paymentMethodId: string | null;
  label: string;
  bnpl: boolean;
  bnplConsentId: string | null;
  /** The pay-later authorisation to release if no order ends up capturing it. */
  bnplAuthorisationId: string | null;
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

async function chargeMethod(
  provider: PaymentProvider,
  request: PaymentRequest,
  method: ProviderPaymentMethod,
  customerId: string | null,
) {
  const charge = await provider.createCharge({
    amount: request.amount,
    currency: request.currency,
    paymentMethodId: method.id,
    customerId,
    description: request.description,
    metadata: chargeMetadata(request),
    idempotencyKey: `${request.idempotencyKey}:${method.id}`,
  });
  return chargeResult(charge, method);
}

const chargeMetadata = (request: PaymentRequest) => ({
  idempotencyKey: request.idempotencyKey,
  orderId: request.orderId,
});

/** A declined charge throws; any other is the payment. */
function chargeResult(charge: ProviderCharge, method: ProviderPaymentMethod): PaymentResult {
  if (charge.status === 'failed' || charge.status === 'canceled')
    throw declined(charge.failureMessage);
  return {
    charge,
    paymentMethodId: method.id,
    label: cardLabel(method),
    bnpl: false,
    bnplConsentId: null,
    bnplAuthorisationId: null,
  };
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

export async function takePayment(
  db: Database,
  provider: PaymentProvider,
  request: PaymentRequest,
): Promise<PaymentResult> {
  const { method } = request;
  if (method.type === 'token') return chargeMethod(provider, request, method.method, null);
  if (method.type === 'card') {
    // A card that is not saved is tokenised and charged in one call when the provider can.
    if (provider.chargeNewCard && !(request.user && method.save)) {
      const { method: created, charge } = await provider.chargeNewCard({
        card: method.card,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        metadata: chargeMetadata(request),
        idempotencyKeyPrefix: request.idempotencyKey,
      });
      return chargeResult(charge, created);
    }
    const created = await provider.createPaymentMethod(method.card);
    let customerId: string | null = null;
    if (request.user && method.save) {
      // Attaching verifies the card first, like Stripe: a bad card fails here with its reason.
      const customer = await provider.ensureCustomer({
        userId: request.user.id,
        email: request.user.email,
        name: request.user.name,
      });
      await provider.attachPaymentMethod(created.id, customer.id);
      customerId = customer.id;
    }
    return chargeMethod(provider, request, created, customerId);
  }
  if (method.type === 'saved') {
    if (!request.user) throw unauthorized('Please log in to pay with a saved card');
    const customer = await provider.findCustomerByUserId(request.user.id);
    const saved = customer
      ? await provider.getPaymentMethod(customer.id, method.paymentMethodId)
      : null;
    if (!customer || !saved) throw notFound('Payment method not found');
    return chargeMethod(provider, request, saved, customer.id);
  }
  const consent = await usableBnplConsent(db, method.consentId, request.email, request.buyer);
  const authorisation = await provider.authoriseBnpl({
    amount: request.amount,
    currency: request.currency,
    email: request.email,
    consentId: consent.id,
    idempotencyKey: `${request.idempotencyKey}:bnpl`,
  });
  if (authorisation.status !== 'authorised') {
    throw new AppError(
      402,
      'PAYMENT_FAILED',
      'Pay later was not approved for this order. Please pay by card.',
      {
        bnpl: 'Pay later was not approved for this order',
      },
    );
  }
  return {
    charge: null,
    paymentMethodId: null,
    label: PAY_LATER_LABEL,
    bnpl: true,
    bnplConsentId: consent.id,
    bnplAuthorisationId: authorisation.id,
  };
}

/** Turns raw card details into a provider token at once, so no card number waits in memory. */
export async function tokeniseForLater(
  provider: PaymentProvider,
  method: PaymentMethodChoice,
): Promise<PaymentMethodChoice> {
  return method.type === 'card'
    ? { type: 'token', method: await provider.createPaymentMethod(method.card) }
    : method;
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

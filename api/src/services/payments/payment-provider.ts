/**
 * Everything the shop asks of a payment provider. Callers depend on this interface only, so a
 * Stripe adapter can replace the built-in test provider without touching them.
 *
 * Call it outside database transactions: a real provider is a network call, and the test
 * provider writes through the shared database handle.
 */

export interface CardDetails {
  /** Digits only. Used once to tokenise; never stored. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface ProviderCustomer {
  id: string;
  email: string;
  userId: string | null;
}

export interface ProviderPaymentMethod {
  id: string;
  customerId: string | null;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
  createdAt: Date;
}

export type ChargeStatus = 'succeeded' | 'requires_action' | 'failed' | 'canceled';

export interface ProviderCharge {
  id: string;
  status: ChargeStatus;
  amount: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** Stripe-style decline code, e.g. card_declined. */
  failureCode: string | null;
  failureMessage: string | null;
  /** Present while status is requires_action: the shopper must confirm (3-D Secure in Stripe). */
  nextAction: { type: 'confirm'; message: string } | null;
  metadata: Record<string, string>;
  /** Cents refunded so far; never more than `amount`. */
  amountRefunded: number;
  createdAt: Date;
}

export interface ProviderRefund {
  id: string;
  chargeId: string;
  amount: number;
  currency: string;
  reason: string | null;
  createdAt: Date;
}

export interface RefundInput {
  chargeId: string;
  /** Cents; the whole unrefunded rest of the charge when left out. */
  amount?: number;
  reason?: string;
  /** The same key returns the first refund, so a retried or doubled refund moves money once. */
  idempotencyKey: string;
}

export interface CreateChargeInput {
  amount: number;
  currency: string;
  paymentMethodId: string;
  customerId?: string | null;
  description?: string;
  metadata?: Record<string, string>;
  /** The same key with the same request returns the first charge; with a different request it is refused. */
  idempotencyKey: string;
}

/** A charge on a card tokenised by the same call, for no customer (the card is not saved). */
export interface ChargeNewCardInput extends Omit<
  CreateChargeInput,
  'paymentMethodId' | 'customerId' | 'idempotencyKey'
> {
  card: CardDetails;
  /** The charge's idempotency key is this, a colon and the new card's id, as with createCharge. */
  idempotencyKeyPrefix: string;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

export interface CreateSubscriptionInput {
  customerId: string;
  priceId: string;
  paymentMethodId: string;
  quantity?: number;
  idempotencyKey: string;
}

export interface BnplAuthorisation {
  id: string;
  status: 'authorised' | 'declined' | 'captured' | 'canceled';
  amount: number;
  currency: string;
  email: string;
  consentId: string | null;
}

export interface AuthoriseBnplInput {
  amount: number;
  currency: string;
  email: string;
  consentId: string;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** Finds the customer for a user (by user id) or creates one. */
  ensureCustomer(input: {
    userId: string | null;
    email: string;
    name?: string | null;
  }): Promise<ProviderCustomer>;
  findCustomerByUserId(userId: string): Promise<ProviderCustomer | null>;

  /** Tokenises raw card details. Throws PaymentDeclinedError for a card that cannot be saved. */
  createPaymentMethod(card: CardDetails): Promise<ProviderPaymentMethod>;
  attachPaymentMethod(
    paymentMethodId: string,
    customerId: string,
    options?: { makeDefault?: boolean },
  ): Promise<ProviderPaymentMethod>;
  listPaymentMethods(customerId: string): Promise<ProviderPaymentMethod[]>;
  /** Null when the method does not exist or belongs to another customer. */
  getPaymentMethod(
    customerId: string,
    paymentMethodId: string,
  ): Promise<ProviderPaymentMethod | null>;
  setDefaultPaymentMethod(
    customerId: string,
    paymentMethodId: string,
  ): Promise<ProviderPaymentMethod>;
  detachPaymentMethod(customerId: string, paymentMethodId: string): Promise<void>;

  /** One-time charge. A decline is a charge with status 'failed', not an exception. */
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  /**
   * Optional: tokenises the card and charges it in one call (Stripe: a PaymentIntent confirmed
   * with payment_method_data). The same as createPaymentMethod then createCharge, in one round
   * trip; callers fall back to those two when a provider leaves it out.
   */
  chargeNewCard?(
    input: ChargeNewCardInput,
  ): Promise<{ method: ProviderPaymentMethod; charge: ProviderCharge }>;
  /** Completes a charge left in requires_action. */
  confirmCharge(chargeId: string): Promise<ProviderCharge>;
  getCharge(chargeId: string): Promise<ProviderCharge | null>;
  /** Gives money back on a succeeded charge. Throws RefundRefusedError past what is left to refund. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  listRefunds(chargeId: string): Promise<ProviderRefund[]>;

  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;

  authoriseBnpl(input: AuthoriseBnplInput): Promise<BnplAuthorisation>;
  /** Releases a pay-later authorisation that no order will capture. */
  cancelBnpl(authorisationId: string): Promise<BnplAuthorisation>;
}

/** A refund the charge cannot take: not succeeded, or more than is left of it. */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

/** A card the provider refuses outright (at tokenisation or attach time). */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly declineCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/** The same idempotency key was sent with a different request. */
export class IdempotencyConflictError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`Idempotency key ${idempotencyKey} was already used with a different request`);
    this.name = 'IdempotencyConflictError';
  }
}

export class PaymentObjectNotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = 'PaymentObjectNotFoundError';
  }
}

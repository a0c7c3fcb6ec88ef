/**
 * Everything the shop asks of a payment provider. Callers depend on this interface only; the
 * built-in test provider and the Stripe adapter implement it, chosen by configuration.
 *
 * Card details never pass through the shop: the provider's own browser element collects them and
 * hands the browser a token (Stripe: a ConfirmationToken or PaymentMethod id), which our API
 * passes on. A charge is a PaymentIntent, created first (its id recorded on our record) and then
 * confirmed, so whatever happens after the provider took the money, our record knows the intent.
 *
 * Call it outside database transactions: a real provider is a network call, and the test
 * provider writes through the shared database handle.
 */
import type { CardFutureUsage } from './card-future-usage';

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

/**
 * A PaymentIntent's state in our words: `requires_confirmation` (created, not confirmed yet),
 * `requires_action` (the shopper must finish 3-D Secure or a pay-later redirect in the browser),
 * `processing` (settles later, by webhook), `succeeded`, `failed` (declined; the intent may be
 * confirmed again with another card) and `canceled` (released).
 */
export type ChargeStatus =
  'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** What the browser needs to finish a `requires_action` intent with the provider's SDK. */
export interface ProviderNextAction {
  clientSecret: string;
  message: string;
}

/** The method an intent was paid with, as the shop may show and keep it (never the number). */
export interface PaymentMethodSummary {
  id: string;
  type: 'card' | 'bnpl';
  brand: CardBrand;
  last4: string | null;
}

export interface ProviderCharge {
  /** The PaymentIntent id. */
  id: string;
  status: ChargeStatus;
  amount: number;
  currency: string;
  customerId: string | null;
  paymentMethodId: string | null;
  /** Known once confirmed with a method. */
  method: PaymentMethodSummary | null;
  /** Stripe-style decline code, e.g. card_declined. */
  failureCode: string | null;
  failureMessage: string | null;
  /** Present while status is requires_action. */
  nextAction: ProviderNextAction | null;
  /** Our record's ids (orderId, upgradeId…), so a webhook or reconciliation finds the record. */
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
  /** Derived from our record (e.g. `refund:<orderId>:<n>`): a retry moves money once. */
  idempotencyKey: string;
}

/** Creates an intent for one of our records, not yet confirmed. */
export interface CreateChargeInput {
  amount: number;
  currency: string;
  /** Required to keep the card (`futureUsage`) or to pay with a saved one. */
  customerId?: string | null;
  description?: string;
  /** Must name our record (e.g. `orderId`): webhooks and reconciliation find it by this. */
  metadata: Record<string, string>;
  /** Derived from our record (e.g. `order:<id>:intent`): a retry returns the same intent. */
  idempotencyKey: string;
}

/** What confirms an intent: details from the provider's element, or a saved card. */
export type ChargeSource =
  | {
      type: 'token';
      token: string;
      /**
       * Keep a card on the intent's customer for later charges (Stripe's setup_future_usage, for
       * cards only), as the browser's element was created with it; null keeps nothing.
       */
      futureUsage: CardFutureUsage | null;
    }
  | {
      type: 'saved';
      paymentMethodId: string;
      /** The shopper is not at the keyboard (renewals): the bank may still refuse and ask for them. */
      offSession: boolean;
    };

export interface ConfirmChargeInput {
  source: ChargeSource;
  /** Where a redirect-based step (3-D Secure page, pay-later approval) brings the shopper back. */
  returnUrl: string;
  /** Derived from our record (e.g. `order:<id>:confirm:<attempt>`). */
  idempotencyKey: string;
}

export type SetupStatus = 'requires_action' | 'succeeded' | 'failed' | 'canceled';

/** Saving a card without paying (a SetupIntent). */
export interface ProviderSetup {
  id: string;
  status: SetupStatus;
  customerId: string;
  /** The saved card once succeeded. */
  paymentMethodId: string | null;
  nextAction: ProviderNextAction | null;
  failureCode: string | null;
  failureMessage: string | null;
}

export interface CreateSetupInput {
  customerId: string;
  token: string;
  returnUrl: string;
  idempotencyKey: string;
}

/** An invoice of the provider's billing (Stripe Billing), for one cycle of a subscription. */
export interface ProviderInvoice {
  id: string;
  /** The provider's subscription. */
  subscriptionId: string;
  /** Ours, as the provider's subscription metadata names it. */
  shopSubscriptionId: string | null;
  /** `start`: the invoice made when billing started (the checkout paid that period). */
  reason: 'start' | 'renewal' | 'other';
  amountPaid: number;
  amountDue: number;
  currency: string;
  /** The subscription line's price, quantity and the period it bills. */
  priceId: string | null;
  quantity: number;
  periodStart: Date;
  periodEnd: Date;
  /** The PaymentIntent that paid it, when the payload names one. */
  paymentIntentId: string | null;
  /** Tries so far, and the provider's next one (null: no more). */
  attemptCount: number;
  nextAttemptAt: Date | null;
}

/** The provider's subscription as an event reports it. */
export interface ProviderSubscriptionState {
  id: string;
  shopSubscriptionId: string | null;
  status: ProviderSubscription['status'];
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** Collection paused (invoices voided) until this time; null when it runs, or paused with no end. */
  collectionPausedUntil: Date | null;
  collectionPaused: boolean;
  canceledAt: Date | null;
}

/** A provider event, verified and reduced to what the shop acts on. */
export type ProviderEvent =
  | {
      id: string;
      type:
        | 'payment_intent.succeeded'
        | 'payment_intent.payment_failed'
        | 'payment_intent.canceled'
        | 'payment_intent.processing'
        | 'payment_intent.requires_action';
      charge: ProviderCharge;
    }
  | {
      id: string;
      /** The intent refunded, with `amountRefunded` as the provider now has it. */
      type: 'charge.refunded';
      charge: ProviderCharge;
    }
  | {
      id: string;
      type: 'charge.dispute.created';
      /** The disputed PaymentIntent. */
      chargeId: string;
      disputeId: string;
      amount: number;
      reason: string;
    }
  | { id: string; type: 'setup_intent.succeeded'; setup: ProviderSetup }
  | { id: string; type: 'invoice.paid' | 'invoice.payment_failed'; invoice: ProviderInvoice }
  | {
      id: string;
      type: 'customer.subscription.updated' | 'customer.subscription.deleted';
      subscription: ProviderSubscriptionState;
    }
  /** Any other type: recorded and acknowledged, nothing changes. */
  | { id: string; type: 'ignored'; providerType: string };

/** The browser's side of a provider: which element it loads. */
export type ProviderBrowserConfig =
  { provider: 'stripe'; publishableKey: string } | { provider: 'test'; elementUrl: string };

/** A catalogue price at the provider, found by our lookup key. */
export interface ProviderPrice {
  id: string;
  lookupKey: string;
  /** Null when the price has no fixed amount (tiered, or chosen by the customer): not sellable. */
  unitAmount: number | null;
  currency: string;
  type: 'one_time' | 'recurring';
  recurringInterval: 'day' | 'week' | 'month' | 'year' | null;
  /** Units of `recurringInterval` per period (3 months = quarterly); null for one-time prices. */
  recurringIntervalCount: number | null;
  /** From the price's metadata `unlimited_upgrade`. */
  isUnlimitedUpgrade: boolean;
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  status: 'active' | 'past_due' | 'paused' | 'canceled' | 'incomplete';
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

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  browserConfig(): ProviderBrowserConfig;

  /** Finds the customer for a user (by user id) or creates one. */
  ensureCustomer(input: {
    userId: string | null;
    email: string;
    name?: string | null;
  }): Promise<ProviderCustomer>;
  findCustomerByUserId(userId: string): Promise<ProviderCustomer | null>;

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

  /** Saves a card from the provider's element on a customer (a SetupIntent, confirmed at once). */
  createSetup(input: CreateSetupInput): Promise<ProviderSetup>;
  /** Null for an unknown id or another customer's. */
  getSetup(customerId: string, setupId: string): Promise<ProviderSetup | null>;

  /** Creates an unconfirmed intent (status `requires_confirmation`). */
  createCharge(input: CreateChargeInput): Promise<ProviderCharge>;
  /**
   * Confirms an intent with the shopper's method. A decline is status `failed` with a code, not
   * an exception; a bank that wants the shopper gives `requires_action` with `nextAction`.
   */
  confirmCharge(chargeId: string, input: ConfirmChargeInput): Promise<ProviderCharge>;
  /** The provider's own current state of the intent: every decision is made from it. */
  getCharge(chargeId: string): Promise<ProviderCharge | null>;
  /** Releases an intent no record will keep (succeeded ones are refunded instead). */
  cancelCharge(chargeId: string, idempotencyKey: string): Promise<ProviderCharge>;
  /** Gives money back on a succeeded charge. Throws RefundRefusedError past what is left to refund. */
  refund(input: RefundInput): Promise<ProviderRefund>;
  listRefunds(chargeId: string): Promise<ProviderRefund[]>;

  /** Catalogue prices by our lookup keys (unknown keys are left out). */
  listPrices(lookupKeys: readonly string[]): Promise<ProviderPrice[]>;

  createSubscription(input: CreateSubscriptionInput): Promise<ProviderSubscription>;
  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;

  /**
   * Verifies a webhook on its raw body and signature header before anything reads it; throws
   * WebhookSignatureError for a forged, unsigned, stale or altered event.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** A refund the charge cannot take: not succeeded, or more than is left of it. */
/** A signed event as the provider would post it to the shop's webhook. */
export interface SignedProviderEvent {
  rawBody: string;
  signatureHeader: string;
}

/**
 * A provider running in the shop's process (the payment sandbox) may hand its signed events to
 * the shop's webhook handler directly, a batch at a time; each answer is null when applied, or why
 * not (it is sent again later).
 */
export interface InProcessEventSource {
  setEventTarget(
    deliver: ((events: readonly SignedProviderEvent[]) => Promise<Array<string | null>>) | null,
  ): void;
}

export function deliversEventsInProcess<T extends PaymentProvider>(
  provider: T,
): provider is T & InProcessEventSource {
  return typeof (provider as Partial<InProcessEventSource>).setEventTarget === 'function';
}

export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

/** A card the provider refuses outright (when saved, or a token it does not know). */
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

/** The webhook's signature did not verify (forged, unsigned, stale, or the body was changed). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider could not be reached or failed, and whether it acted is unknown (a connection
 * error, a 5xx, a rate limit after retries). Callers keep the record pending: reconciliation
 * asks the provider later, with the same idempotency keys.
 */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

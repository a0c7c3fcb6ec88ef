// Who runs a subscription's cycle. With the built-in provider the shop's own renewal job charges
// each period, so there is nothing to tell anyone; with Stripe, Stripe Billing charges and its
// webhooks write our records, so every change the shop makes to its record is mirrored there.
import type { SubscriptionRecord } from '../../repositories/subscriptions-repository';

/** A change the shop made to its record, to be mirrored to the provider that bills the cycle. */
export type SubscriptionChange =
  | { type: 'cancel-at-period-end' }
  | { type: 'keep' }
  | { type: 'cancel-now' }
  | { type: 'pause'; until: Date }
  | { type: 'resume' }
  | { type: 'skip'; renewalAt: Date }
  | { type: 'unskip' }
  | { type: 'interval'; priceId: string; effectiveAt: Date }
  | { type: 'card'; paymentMethodId: string };

/** What the billing side needs of our record. */
export interface BilledSubscription {
  id: string;
  provider: 'test' | 'stripe';
  providerSubscriptionId: string | null;
  customerId: string;
  priceId: string;
  paymentMethodId: string | null;
  quantity: number;
  currentPeriodEnd: Date;
}

/** What the billing side needs of one of our records. */
export function toBilled(record: SubscriptionRecord): BilledSubscription {
  return {
    id: record.id,
    provider: record.provider,
    providerSubscriptionId: record.providerSubscriptionId,
    customerId: record.customerId,
    priceId: record.priceId,
    paymentMethodId: record.paymentMethodId,
    quantity: record.quantity,
    currentPeriodEnd: record.currentPeriodEnd,
  };
}

export interface SubscriptionBilling {
  /** Starts billing after the first, already paid period (idempotent per subscription). */
  start(subscription: BilledSubscription): Promise<void>;
  /**
   * Mirrors a committed change of our record, idempotent per change: `changeId` is the change's
   * `subscription_changes` row, and the provider's idempotency keys are derived from it.
   */
  mirror(
    subscription: BilledSubscription,
    change: SubscriptionChange,
    changeId: string | number,
  ): Promise<void>;
  /** The provider's payment (a PaymentIntent id) that paid one of its invoices, when any. */
  invoicePayment(invoiceId: string): Promise<string | null>;
}

/** The built-in provider's: the shop's renewal job reads our record, so nothing is mirrored. */
export const shopRunBilling: SubscriptionBilling = {
  start: async () => {},
  mirror: async () => {},
  // The shop's own renewals charge PaymentIntents directly: there are no provider invoices.
  invoicePayment: async () => null,
};
